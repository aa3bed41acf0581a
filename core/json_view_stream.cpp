#include "core/json_view_stream.hpp"

#include <algorithm>
#include <utility>

namespace hexhall::core {

namespace {

// `key` as a JSON string, as dump() writes it (view members need no escaping, but may).
void append_key(std::string& out, const std::string& key) {
    if (std::any_of(key.begin(), key.end(), [](char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; }))
        out.append(json(key).dump());
    else
        out.append("\"").append(key).append("\"");
}

}  // namespace

MemberTexts member_texts(const json& object) {
    MemberTexts out;
    for (auto it = object.begin(); it != object.end(); ++it) out.emplace_back(it.key(), canonical(it.value()));
    return out;
}

std::string canonical_of_parts(std::initializer_list<const MemberTexts*> parts) {
    std::vector<std::pair<const MemberTexts*, size_t>> at;  // each part and its next member
    size_t bytes = 2;
    for (const MemberTexts* p : parts)
        if (p) {
            at.emplace_back(p, 0);
            for (const auto& [key, value] : *p) bytes += key.size() + value.size() + 4;
        }
    std::string out;
    out.reserve(bytes);
    out.push_back('{');
    for (;;) {  // the parts' members merged in key order
        std::pair<const MemberTexts*, size_t>* next = nullptr;
        for (auto& a : at)
            if (a.second < a.first->size() && (!next || (*a.first)[a.second].first < (*next->first)[next->second].first)) next = &a;
        if (!next) break;
        const auto& [key, value] = (*next->first)[next->second++];
        if (out.size() > 1) out.push_back(',');
        append_key(out, key);
        out.push_back(':');
        out.append(value);
    }
    out.push_back('}');
    return out;
}

std::shared_ptr<const FixedMembers> make_fixed_members(json members) {
    if (!members.is_object() || members.empty()) return nullptr;
    auto f = std::make_shared<FixedMembers>();
    f->texts = member_texts(members);
    f->members = std::move(members);
    return f;
}

std::string canonical_with(const json& changing, const FixedMembers& fixed) {
    const MemberTexts own = member_texts(changing);
    return canonical_of_parts({&own, &fixed.texts});
}

std::shared_ptr<const CommonMembers> make_common_members(const CommonMembers* previous, json members) {
    auto c = std::make_shared<CommonMembers>();
    c->texts = member_texts(members);
    if (previous) c->ops = json_diff_members(previous->members, members);
    c->members = std::move(members);
    return c;
}

JsonViewStream::JsonViewStream(std::string game, int seat, uint64_t version, std::shared_ptr<const FixedMembers> fixed)
    : game_(std::move(game)), fixed_(std::move(fixed)), seat_(seat), version_(version) {}

std::string JsonViewStream::digest_of(const json& view, const CommonMembers* common) const {
    if (!fixed_ && !common) return view_digest(view);
    const MemberTexts own = member_texts(view);
    return sha256_hex(canonical_of_parts({&own, common ? &common->texts : nullptr, fixed_ ? &fixed_->texts : nullptr}));
}

json JsonViewStream::snapshot(json view, std::optional<json> legal, std::optional<int64_t> reply_to,
                              std::shared_ptr<const CommonMembers> common) {
    rebase(std::move(view), version_, std::move(common));
    return snapshot_held(std::move(legal), reply_to);
}

json JsonViewStream::snapshot_held(std::optional<json> legal, std::optional<int64_t> reply_to) const {
    json view = *view_;
    for (const json* part : {common_ ? &common_->members : nullptr, fixed_ ? &fixed_->members : nullptr})
        if (part)
            for (auto it = part->begin(); it != part->end(); ++it) view[it.key()] = it.value();
    return snapshot_message(game_, version_, std::move(view), std::move(legal), digest_, reply_to);
}

void JsonViewStream::rebase(json view, uint64_t version, std::shared_ptr<const CommonMembers> common) {
    view_ = std::make_shared<const json>(std::move(view));
    common_ = std::move(common);
    digest_ = digest_of(*view_, common_.get());
    version_ = version;
}

JsonViewStream::Step JsonViewStream::step(const JsonViewStream& from, json view, std::shared_ptr<const CommonMembers> common) {
    Step s;
    s.ops = common ? merged_ops_text(common->ops, json_diff_members(*from.view_, view))
                   : json_diff(*from.view_, view).dump(-1, ' ', false, json::error_handler_t::replace);
    s.view = std::make_shared<const json>(std::move(view));
    s.digest = from.digest_of(*s.view, common.get());
    s.common = std::move(common);
    return s;
}

std::string JsonViewStream::patch_text(const Step& step, std::string_view events, const std::string* legal,
                                       const std::string* clock) {
    view_ = step.view;
    common_ = step.common;
    digest_ = step.digest;
    const uint64_t from = version_++;
    return patch_message_text(game_, from, version_, step.ops, events, legal, digest_, clock);
}

void JsonViewStream::rebase(const JsonViewStream& other) {
    view_ = other.view_;
    fixed_ = other.fixed_;
    common_ = other.common_;
    digest_ = other.digest_;
    version_ = other.version_;
}

void JsonViewStream::forget() {
    view_ = std::make_shared<const json>();
    common_.reset();
    digest_.clear();
}

}  // namespace hexhall::core
