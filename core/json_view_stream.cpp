#include "core/json_view_stream.hpp"

#include <algorithm>
#include <utility>

#include "core/json_diff.hpp"

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

std::shared_ptr<const FixedMembers> make_fixed_members(json members) {
    if (!members.is_object() || members.empty()) return nullptr;
    auto f = std::make_shared<FixedMembers>();
    for (auto it = members.begin(); it != members.end(); ++it) f->texts.emplace_back(it.key(), canonical(it.value()));
    f->members = std::move(members);
    return f;
}

std::string canonical_with(const json& changing, const FixedMembers& fixed) {
    std::string out = "{";
    auto put = [&](const std::string& key, const std::string& value) {
        if (out.size() > 1) out.push_back(',');
        append_key(out, key);
        out.push_back(':');
        out.append(value);
    };
    auto it = changing.begin();  // an object's members come in key order (std::map)
    size_t f = 0;
    while (it != changing.end() || f < fixed.texts.size()) {
        if (f == fixed.texts.size() || (it != changing.end() && it.key() < fixed.texts[f].first)) {
            put(it.key(), canonical(it.value()));
            ++it;
        } else {
            put(fixed.texts[f].first, fixed.texts[f].second);
            ++f;
        }
    }
    out.push_back('}');
    return out;
}

JsonViewStream::JsonViewStream(std::string game, int seat, uint64_t version, std::shared_ptr<const FixedMembers> fixed)
    : game_(std::move(game)), fixed_(std::move(fixed)), seat_(seat), version_(version) {}

std::string JsonViewStream::digest_of(const json& view) const {
    return fixed_ ? sha256_hex(canonical_with(view, *fixed_)) : view_digest(view);
}

json JsonViewStream::snapshot(json view, std::optional<json> legal, std::optional<int64_t> reply_to) {
    view_ = std::make_shared<const json>(std::move(view));
    digest_ = digest_of(*view_);
    return snapshot_held(std::move(legal), reply_to);
}

json JsonViewStream::snapshot_held(std::optional<json> legal, std::optional<int64_t> reply_to) const {
    json view = *view_;
    if (fixed_)
        for (auto it = fixed_->members.begin(); it != fixed_->members.end(); ++it) view[it.key()] = it.value();
    return snapshot_message(game_, version_, std::move(view), std::move(legal), digest_, reply_to);
}

void JsonViewStream::rebase(json view, uint64_t version) {
    view_ = std::make_shared<const json>(std::move(view));
    digest_ = digest_of(*view_);
    version_ = version;
}

JsonViewStream::Step JsonViewStream::step(const JsonViewStream& from, json view) {
    Step s;
    s.ops = json_diff(*from.view_, view).dump(-1, ' ', false, json::error_handler_t::replace);
    s.view = std::make_shared<const json>(std::move(view));
    s.digest = from.digest_of(*s.view);
    return s;
}

std::string JsonViewStream::patch_text(const Step& step, std::string_view events, const std::string* legal,
                                       const std::string* clock) {
    view_ = step.view;
    digest_ = step.digest;
    const uint64_t from = version_++;
    return patch_message_text(game_, from, version_, step.ops, events, legal, digest_, clock);
}

void JsonViewStream::rebase(const JsonViewStream& other) {
    view_ = other.view_;
    fixed_ = other.fixed_;
    digest_ = other.digest_;
    version_ = other.version_;
}

void JsonViewStream::forget() {
    view_ = std::make_shared<const json>();
    digest_.clear();
}

}  // namespace hexhall::core
