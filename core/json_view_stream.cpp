#include "core/json_view_stream.hpp"

#include <utility>

namespace hexhall::core {

JsonViewStream::JsonViewStream(std::string game, int seat, uint64_t version)
    : game_(std::move(game)), seat_(seat), version_(version) {}

json JsonViewStream::snapshot(json view, std::optional<json> legal, std::optional<int64_t> reply_to) {
    view_ = std::move(view);
    digest_ = view_digest(view_);
    return snapshot_message(game_, version_, view_, std::move(legal), digest_, reply_to);
}

json JsonViewStream::patch(json view, json events, std::optional<json> legal) {
    json ops = json::diff(view_, view);
    view_ = std::move(view);
    digest_ = view_digest(view_);
    const uint64_t from = version_++;
    return patch_message(game_, from, version_, std::move(ops), std::move(events), std::move(legal), digest_);
}

void JsonViewStream::rebase(json view, uint64_t version) {
    view_ = std::move(view);
    digest_ = view_digest(view_);
    version_ = version;
}

}  // namespace hexhall::core
