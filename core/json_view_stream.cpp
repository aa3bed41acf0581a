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

json JsonViewStream::patch(json view, json events, std::optional<json> legal) {
    Step s = step(*this, std::move(view));
    view_ = std::move(s.view);
    digest_ = std::move(s.digest);
    const uint64_t from = version_++;
    return patch_message(game_, from, version_, std::move(s.ops), std::move(events), std::move(legal), digest_);
}

void JsonViewStream::rebase(json view, uint64_t version) {
    view_ = std::make_shared<const json>(std::move(view));
    digest_ = view_digest(*view_);
    version_ = version;
}

JsonViewStream::Step JsonViewStream::step(const JsonViewStream& from, json view) {
    Step s;
    s.ops = json_diff(*from.view_, view);
    s.view = std::make_shared<const json>(std::move(view));
    s.digest = view_digest(*s.view);
    return s;
}

json JsonViewStream::patch(const Step& step, json events, std::optional<json> legal) {
    view_ = step.view;
    digest_ = step.digest;
    const uint64_t from = version_++;
    return patch_message(game_, from, version_, step.ops, std::move(events), std::move(legal), digest_);
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
