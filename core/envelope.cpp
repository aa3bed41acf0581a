#include "core/envelope.hpp"

#include <algorithm>
#include <vector>

#include <openssl/sha.h>

namespace hexhall::core {

std::string canonical(const json& j) { return j.dump(); }

std::string sha256_hex(std::string_view bytes) {
    unsigned char md[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), md);
    static const char* hex = "0123456789abcdef";
    std::string out(2 * SHA256_DIGEST_LENGTH, '0');
    for (int i = 0; i < SHA256_DIGEST_LENGTH; ++i) {
        out[2 * i] = hex[md[i] >> 4];
        out[2 * i + 1] = hex[md[i] & 15];
    }
    return out;
}

namespace {
json envelope(const char* type) {
    json m = json::object();
    m["type"] = type;
    m["v"] = kProtocolVersion;
    return m;
}
}  // namespace

json snapshot_message(std::string_view game, uint64_t version, json view, std::optional<json> legal,
                      const std::string& digest, std::optional<int64_t> reply_to) {
    json m = envelope("snapshot");
    if (reply_to) m["id"] = *reply_to;
    m["game"] = game;
    m["version"] = version;
    json payload = json::object();
    payload["view"] = std::move(view);
    if (legal) payload["legal"] = std::move(*legal);
    m[std::string(game)] = std::move(payload);
    m["digest"] = digest;
    return m;
}

json patch_message(std::string_view game, uint64_t from, uint64_t to, json ops, json events,
                   std::optional<json> legal, const std::string& digest) {
    json payload = json::object();
    payload["events"] = std::move(events);
    if (legal) payload["legal"] = std::move(*legal);
    json m = json::object();
    m[std::string(game)] = std::move(payload);
    m["digest"] = digest;
    m["from"] = from;
    m["game"] = game;
    m["ops"] = std::move(ops);
    m["to"] = to;
    m["type"] = "patch";
    m["v"] = kProtocolVersion;
    return m;
}

std::string patch_message_text(std::string_view game, uint64_t from, uint64_t to, std::string_view ops,
                               std::string_view events, const std::string* legal, std::string_view digest,
                               const std::string* clock) {
    std::string payload = "{\"events\":";
    payload.append(events);
    if (legal) payload.append(",\"legal\":").append(*legal);
    payload.push_back('}');
    const std::string game_text = json(std::string(game)).dump(-1, ' ', false, json::error_handler_t::replace);
    const std::string digest_text = "\"" + std::string(digest) + "\"";
    const std::string from_text = std::to_string(from), to_text = std::to_string(to),
                      v_text = std::to_string(kProtocolVersion);
    struct Member {
        std::string_view key, value;
    };
    std::vector<Member> members{{game, payload},         {"digest", digest_text}, {"from", from_text},
                                {"game", game_text},     {"ops", ops},            {"to", to_text},
                                {"type", "\"patch\""}, {"v", v_text}};
    if (clock) members.push_back({"clock", *clock});
    std::sort(members.begin(), members.end(), [](const Member& a, const Member& b) { return a.key < b.key; });
    std::string out;
    out.reserve(payload.size() + ops.size() + 160);
    out.push_back('{');
    for (const Member& m : members) {
        if (out.size() > 1) out.push_back(',');
        out.append(m.key == game ? game_text : "\"" + std::string(m.key) + "\"").append(":").append(m.value);
    }
    out.push_back('}');
    return out;
}

json ack_message(int64_t id, uint64_t version) {
    json m = envelope("ack");
    m["id"] = id;
    m["version"] = version;
    return m;
}

json error_message(const ProtocolError& e) {
    json m = envelope("error");
    m["id"] = e.id ? json(*e.id) : json(nullptr);
    m["code"] = e.code;
    if (!e.rule.empty()) m["rule"] = e.rule;
    m["message"] = e.message;
    return m;
}

json resync_message(int64_t id) {
    json m = envelope("resync");
    m["id"] = id;
    return m;
}

json action_message(std::string_view game, int64_t id, json payload) {
    json m = envelope("action");
    m["id"] = id;
    m["game"] = game;
    m[std::string(game)] = std::move(payload);
    return m;
}

int json_depth(std::string_view text, int limit) {
    int depth = 0, max_depth = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '[' || c == '{') {
            if (++depth > max_depth) {
                max_depth = depth;
                if (max_depth > limit) return max_depth;
            }
        } else if (c == ']' || c == '}') {
            if (depth > 0) --depth;
        }
    }
    return max_depth;
}

namespace {

DecodedGameMessage failure(const char* code, std::string message, std::optional<int64_t> id = std::nullopt) {
    DecodedGameMessage d;
    d.error.code = code;
    d.error.message = std::move(message);
    d.error.id = id;
    return d;
}

DecodedGameMessage decode(const json& j, std::string_view game) {
    if (!j.is_object()) return failure("bad_type", "a message is a JSON object");

    // The id first, so that every later error can echo it.
    std::optional<int64_t> id;
    auto it = j.find("id");
    if (it == j.end()) return failure("missing_field", "missing field \"id\"");
    if (!it->is_number_integer()) return failure("bad_type", "\"id\" must be an integer");
    if (it->is_number_unsigned() ? it->get<uint64_t>() > static_cast<uint64_t>(kMaxRequestId)
                                 : (it->get<int64_t>() < 0 || it->get<int64_t>() > kMaxRequestId))
        return failure("out_of_range", "\"id\" must be between 0 and 2147483647");
    id = it->get<int64_t>();

    it = j.find("type");
    if (it == j.end()) return failure("missing_field", "missing field \"type\"", id);
    if (!it->is_string()) return failure("bad_type", "\"type\" must be a string", id);
    const std::string& type = it->get_ref<const std::string&>();

    it = j.find("v");
    if (it == j.end()) return failure("missing_field", "missing field \"v\"", id);
    if (!it->is_number_integer()) return failure("bad_type", "\"v\" must be an integer", id);
    if (!(it->is_number_unsigned() ? it->get<uint64_t>() == kProtocolVersion : it->get<int64_t>() == kProtocolVersion))
        return failure("bad_version", "unsupported protocol version (this server speaks v 1)", id);

    DecodedGameMessage d;
    GameMessage m;
    m.id = *id;
    if (type == "resync") {
        m.kind = GameMessage::Kind::Resync;
        d.message = std::move(m);
        return d;
    }
    if (type != "action") return failure("unknown_type", "unknown message type", id);
    it = j.find("game");
    if (it == j.end()) return failure("missing_field", "missing field \"game\"", id);
    if (!it->is_string()) return failure("bad_type", "\"game\" must be a string", id);
    const std::string name(game);
    if (it->get_ref<const std::string&>() != name)
        return failure("unknown_game", "this server plays \"" + name + "\"", id);
    it = j.find(name);
    if (it == j.end()) return failure("missing_field", "missing field \"" + name + "\"", id);
    m.kind = GameMessage::Kind::Action;
    m.payload = *it;
    d.message = std::move(m);
    return d;
}

DecodedGameMessage guarded(auto&& f) noexcept {
    try {
        return f();
    } catch (...) {
        try {
            return failure("bad_json", "message could not be decoded");
        } catch (...) {
            return DecodedGameMessage{};  // out of memory: an empty error
        }
    }
}

}  // namespace

DecodedGameMessage decode_game_message(const json& message, std::string_view game) noexcept {
    return guarded([&] { return decode(message, game); });
}

DecodedGameMessage decode_game_message(std::string_view text, std::string_view game) noexcept {
    return guarded([&] {
        if (text.size() > kMaxMessageBytes) return failure("too_large", "message longer than 65536 bytes");
        if (json_depth(text, kMaxDepth) > kMaxDepth) return failure("too_deep", "nesting deeper than 16");
        json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
        if (j.is_discarded()) return failure("bad_json", "not valid JSON");
        return decode(j, game);
    });
}

}  // namespace hexhall::core
