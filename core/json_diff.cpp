#include "core/json_diff.hpp"

#include <string>
#include <vector>

namespace hexhall::core {

namespace {

using json = nlohmann::json;

// Where a value is: its parent's place and its key or index. Written out as a JSON Pointer only
// when an operation names it (most values visited are unchanged).
struct Place {
    const Place* parent = nullptr;
    const std::string* key = nullptr;  // a member's name; nullptr: an array's element
    size_t index = 0;
};

// RFC 6901: "~" is written "~0" and "/" "~1" in a member's name.
void append_place(std::string& out, const Place* p) {
    if (!p || !p->parent) return;  // the root: ""
    append_place(out, p->parent);
    out += '/';
    if (!p->key) {
        out += std::to_string(p->index);
        return;
    }
    for (char c : *p->key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
}

std::string pointer(const Place& p, std::string_view suffix = {}) {
    std::string out;
    append_place(out, &p);
    out += suffix;
    return out;
}

// Appends to `ops` the operations that turn `a` (at `at`) into `b`, in json::diff's order: an
// array's common elements, then removals from the last index down, then additions at "/-"; an
// object's members in key order (changed or removed), then the added members.
void diff_into(const json& a, const json& b, const Place& at, json& ops) {
    if (a.type() == b.type() && a.is_array()) {
        const size_t common = std::min(a.size(), b.size());
        for (size_t i = 0; i < common; ++i) diff_into(a[i], b[i], Place{&at, nullptr, i}, ops);
        for (size_t i = a.size(); i > common; --i)
            ops.push_back({{"op", "remove"}, {"path", pointer(Place{&at, nullptr, i - 1})}});
        for (size_t i = common; i < b.size(); ++i) ops.push_back({{"op", "add"}, {"path", pointer(at, "/-")}, {"value", b[i]}});
        return;
    }
    if (a.type() == b.type() && a.is_object()) {
        const json::object_t& x = a.get_ref<const json::object_t&>();
        const json::object_t& y = b.get_ref<const json::object_t&>();
        std::vector<const json::object_t::value_type*> added;
        auto iy = y.begin();
        for (const auto& member : x) {  // both in key order: one merge pass
            for (; iy != y.end() && iy->first < member.first; ++iy) added.push_back(&*iy);
            const Place here{&at, &member.first, 0};
            if (iy != y.end() && iy->first == member.first) {
                diff_into(member.second, iy->second, here, ops);
                ++iy;
            } else {
                ops.push_back({{"op", "remove"}, {"path", pointer(here)}});
            }
        }
        for (; iy != y.end(); ++iy) added.push_back(&*iy);
        for (const auto* member : added)
            ops.push_back({{"op", "add"}, {"path", pointer(Place{&at, &member->first, 0})}, {"value", member->second}});
        return;
    }
    // Anything else (scalars; different types): json::diff's equality, which also holds across
    // number types (1 == 1u == 1.0), decides.
    if (!(a == b)) ops.push_back({{"op", "replace"}, {"path", pointer(at)}, {"value", b}});
}

}  // namespace

json json_diff(const json& from, const json& to) {
    json ops = json::array();
    diff_into(from, to, Place{}, ops);
    return ops;
}

std::vector<MemberOps> json_diff_members(const json& from, const json& to) {
    std::vector<MemberOps> out;
    auto group = [&](const std::string& key, bool added, json ops) {
        if (ops.empty()) return;
        std::string text = ops.dump(-1, ' ', false, json::error_handler_t::replace);
        out.push_back({key, added, text.substr(1, text.size() - 2)});
    };
    const Place root{};
    for (auto it = from.begin(); it != from.end(); ++it) {  // as diff_into's object case, a group per member
        const Place here{&root, &it.key(), 0};
        json ops = json::array();
        if (auto jt = to.find(it.key()); jt != to.end()) diff_into(it.value(), *jt, here, ops);
        else ops.push_back({{"op", "remove"}, {"path", pointer(here)}});
        group(it.key(), false, std::move(ops));
    }
    for (auto it = to.begin(); it != to.end(); ++it)
        if (!from.contains(it.key()))
            group(it.key(), true, json::array({{{"op", "add"}, {"path", pointer(Place{&root, &it.key(), 0})}, {"value", it.value()}}}));
    return out;
}

std::string merged_ops_text(const std::vector<MemberOps>& a, const std::vector<MemberOps>& b) {
    std::string out = "[";
    auto put = [&](const MemberOps& g) {
        if (out.size() > 1) out.push_back(',');
        out.append(g.ops);
    };
    size_t i = 0, j = 0;
    for (bool added : {false, true})  // the changed and removed members in key order, then the new ones
        while ((i < a.size() && a[i].added == added) || (j < b.size() && b[j].added == added)) {
            const bool take_a = i < a.size() && a[i].added == added && (j == b.size() || b[j].added != added || a[i].key < b[j].key);
            put(take_a ? a[i++] : b[j++]);
        }
    out.push_back(']');
    return out;
}

}  // namespace hexhall::core
