#include "server/room_options.hpp"

#include <algorithm>

namespace hexhall::server {

namespace {
bool has(const nlohmann::json& j, const char* key) { return j.contains(key) && !j[key].is_null(); }
}  // namespace

bool parse_room_options(const nlohmann::json& req, int seats, const std::vector<std::string>& bots, RoomOptions& o,
                        std::string& error) {
    auto bad = [&](std::string why) {
        error = std::move(why);
        return false;
    };
    if (has(req, "private")) {
        if (!req["private"].is_boolean()) return bad("\"private\" must be a boolean");
        o.is_private = req["private"].get<bool>();
    }
    if (has(req, "password")) {
        if (!req["password"].is_string()) return bad("\"password\" must be a string");
        std::string p = req["password"].get<std::string>();
        if (p.empty() || p.size() > kMaxPasswordBytes) return bad("\"password\" must have 1 to 64 bytes");
        o.password = std::move(p);
    }
    if (has(req, "spectators")) {
        if (!req["spectators"].is_boolean()) return bad("\"spectators\" must be a boolean");
        o.spectators = req["spectators"].get<bool>();
    }
    if (has(req, "botFill")) {
        if (!req["botFill"].is_string()) return bad("\"botFill\" must be a string or null");
        std::string b = req["botFill"].get<std::string>();
        if (std::find(bots.begin(), bots.end(), b) == bots.end()) {
            std::string names;  // "a", "b" or "c"
            for (size_t i = 0; i < bots.size(); ++i)
                names += (i == 0 ? "\"" : i + 1 == bots.size() ? " or \"" : ", \"") + bots[i] + "\"";
            return bad("\"botFill\" must be " + names);
        }
        o.bot_fill = std::move(b);
    }
    if (has(req, "grace")) {
        if (!req["grace"].is_number_integer()) return bad("\"grace\" must be an integer");
        const int64_t g = req["grace"].get<int64_t>();
        if (g < 0 || g > kMaxGraceSeconds) return bad("\"grace\" must be 0 to 3600 seconds");
        o.grace_s = static_cast<int>(g);
    }
    if (has(req, "externalBots")) {
        const auto& e = req["externalBots"];
        if (!e.is_array()) return bad("\"externalBots\" must be an array of seats");
        for (const auto& s : e) {
            if (!s.is_number_integer()) return bad("\"externalBots\" must be an array of seats");
            const int64_t v = s.get<int64_t>();
            if (v < 0 || v >= seats) return bad("\"externalBots\": no such seat");
            if (std::count(o.external_bots.begin(), o.external_bots.end(), v))
                return bad("\"externalBots\": a seat is listed twice");
            o.external_bots.push_back(static_cast<int>(v));
        }
    }
    if (has(req, "rated")) {
        if (!req["rated"].is_boolean()) return bad("\"rated\" must be a boolean");
        o.rated = req["rated"].get<bool>();
    }
    if (has(req, "club")) {  // a club's room is private (docs/decisions/028-clubs.md)
        if (!req["club"].is_string()) return bad("\"club\" must be a club's id");
        o.club = req["club"].get<std::string>();
        o.is_private = true;
    }
    o.fixed_seed = has(req, "seed");
    return true;
}

}  // namespace hexhall::server
