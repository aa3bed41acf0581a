#include "core/json_view_stream.hpp"

#include <utility>

#include "core/json_diff.hpp"

namespace hexhall::core {

JsonViewStream::JsonViewStream(std::string game, int seat, uint64_t version)
    : game_(std::move(game)), seat_(seat), version_(version) {}

json JsonViewStream::snapshot(json view, std::optional<json> legal, std::optional<int64_t> reply_to) {
    view_ = std::make_shared<const json>(std::move(view));
    digest_ = view_digest(*view_);
    return snapshot_held(std::move(legal), reply_to);
}

json JsonViewStream::snapshot_held(std::optional<json> legal, std::optional<int64_t> reply_to) const {
    return snapshot_message(game_, version_, *view_, std::move(legal), digest_, reply_to);
}

void JsonViewStream::rebase(json view, uint64_t version) {
    view_ = std::make_shared<const json>(std::move(view));
    digest_ = view_digest(*view_);
    version_ = version;
}

JsonViewStream::Step JsonViewStream::step(const JsonViewStream& from, json view) {
    Step s;
    s.ops = json_diff(*from.view_, view).dump(-1, ' ', false, json::error_handler_t::replace);
    s.view = std::make_shared<const json>(std::move(view));
    s.digest = view_digest(*s.view);
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
    digest_ = other.digest_;
    version_ = other.version_;
}

void JsonViewStream::forget() {
    view_ = std::make_shared<const json>();
    digest_.clear();
}

}  // namespace hexhall::core
