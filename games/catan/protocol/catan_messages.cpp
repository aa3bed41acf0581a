#include "games/catan/protocol/catan_messages.hpp"

namespace hexhall::protocol {

json snapshot_message(uint64_t version, json view, std::optional<json> legal, const std::string& digest,
                      std::optional<int64_t> reply_to) {
    return core::snapshot_message(kGame, version, std::move(view), std::move(legal), digest, reply_to);
}

json patch_message(uint64_t from, uint64_t to, json ops, json events, std::optional<json> legal,
                   const std::string& digest) {
    // Members inserted directly in key order (hinted at the end, no lookups); the object is the
    // same std::map as core::patch_message builds with operator[].
    json payload = json::object();
    auto& po = payload.get_ref<json::object_t&>();
    po.emplace_hint(po.end(), "events", std::move(events));
    if (legal) po.emplace_hint(po.end(), "legal", std::move(*legal));
    json m = json::object();
    auto& o = m.get_ref<json::object_t&>();
    o.emplace_hint(o.end(), kGame, std::move(payload));
    o.emplace_hint(o.end(), "digest", digest);
    o.emplace_hint(o.end(), "from", from);
    o.emplace_hint(o.end(), "game", kGame);
    o.emplace_hint(o.end(), "ops", std::move(ops));
    o.emplace_hint(o.end(), "to", to);
    o.emplace_hint(o.end(), "type", "patch");
    o.emplace_hint(o.end(), "v", kProtocolVersion);
    return m;
}

ProtocolError illegal_action(const catan::Result& r, std::optional<int64_t> id) {
    const std::string code = r.code && *r.code ? r.code : "illegal_action";
    return ProtocolError{code, r.message ? r.message : "", r.rule ? r.rule : "", id};
}

json action_message(int64_t id, const catan::Action& a) { return core::action_message(kGame, id, intent_json(a)); }

Decoded decode_client_message(const core::GameMessage& gm, int seat) noexcept {
    try {
        Decoded d;
        ClientMessage m;
        m.id = gm.id;
        if (gm.kind == core::GameMessage::Kind::Resync) {
            m.kind = ClientKind::Resync;
            d.message = m;
            return d;
        }
        IntentError err;
        std::optional<catan::Action> a = intent_from_json(gm.payload, seat < 0 ? 0 : seat, err);
        if (!a) {
            d.error = ProtocolError{err.code, err.message, "", gm.id};
            return d;
        }
        m.kind = ClientKind::Action;
        m.action = *a;
        d.message = m;
        return d;
    } catch (...) {
        try {
            Decoded d;
            d.error = ProtocolError{"bad_json", "message could not be decoded", "", gm.id};
            return d;
        } catch (...) {
            return Decoded{};
        }
    }
}

Decoded decode_client_message(std::string_view text, int seat) noexcept {
    core::DecodedGameMessage g = core::decode_game_message(text, kGame);
    if (!g.ok()) {
        Decoded d;
        d.error = std::move(g.error);
        return d;
    }
    return decode_client_message(*g.message, seat);
}

}  // namespace hexhall::protocol
