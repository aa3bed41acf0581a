#include "server/record_check.hpp"

#include "server/fairness.hpp"

namespace hexhall::server {

using json = nlohmann::json;

namespace {

bool lower_hex(const std::string& s, size_t n) {
    if (s.size() != n) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

bool decimal_u64(const std::string& s) {
    if (s.empty() || s.size() > 20 || (s.size() > 1 && s[0] == '0')) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return s.size() < 20 || s <= "18446744073709551615";
}

std::string str(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

RecordCheck fail(RecordCheck r, std::string why) {
    r.ok = false;
    r.error = std::move(why);
    return r;
}

}  // namespace

RecordCheck check_record(const json& rec, const core::GameRegistry& games) {
    RecordCheck r;
    if (!rec.is_object()) return fail(std::move(r), "the record is not a JSON object");
    const core::GameModule* module = games.find(str(rec, "game"));
    if (!module) return fail(std::move(r), "\"game\" is not one of " + games.names());

    // 1. The commitment binds the seed and the salt.
    const std::string seed = str(rec, "seed"), salt = str(rec, "salt"), commitment = str(rec, "commitment");
    if (!decimal_u64(seed)) return fail(std::move(r), "\"seed\" is not an unsigned 64-bit decimal string");
    if (!lower_hex(salt, 32)) return fail(std::move(r), "\"salt\" is not 32 lowercase hex digits");
    if (!lower_hex(commitment, 64)) return fail(std::move(r), "\"commitment\" is not 64 lowercase hex digits");
    const std::string expected = seed_commitment(seed, salt);
    if (expected != commitment)
        return fail(std::move(r), "commitment mismatch: SHA-256(\"hexhall-seed-v1:" + seed + ":" + salt + "\") is " +
                                      expected + ", the record says " + commitment);
    r.checked.push_back("commitment " + commitment + " = SHA-256(\"hexhall-seed-v1:" + seed + ":" + salt + "\")");

    // 2. The game set-up with the revealed seed.
    std::string err;
    const json options = rec.value("options", json::object());
    r.game = module->recreate(options.is_object() ? options : json::object(), str(rec, "setup"), std::stoull(seed), err);
    if (!r.game) return fail(std::move(r), "bad \"setup\": " + err);
    r.checked.push_back("set-up: " + module->name + " for " + std::to_string(r.game->seats()) +
                        " players, game created from seed " + seed);

    // 3. Every action is accepted, in order.
    auto actions = rec.find("actions");
    if (actions == rec.end() || !actions->is_array()) return fail(std::move(r), "\"actions\" is not an array");
    for (const json& a : *actions) {
        const std::string where = "action " + std::to_string(r.actions);
        if (!a.is_object() || !a.contains("seat") || !a.at("seat").is_number_integer())
            return fail(std::move(r), where + ": no integer \"seat\"");
        const int seat = a.at("seat").get<int>();
        std::string line;
        if (!module->record_line(a, seat, line, err)) return fail(std::move(r), where + ": " + err);
        if (!r.game->apply_record(line, err)) return fail(std::move(r), where + " rejected: " + err);
        ++r.actions;
    }
    r.checked.push_back("all " + std::to_string(r.actions) + " actions accepted by the game in order");

    // 4. The game ends the way the record says.
    const std::optional<core::Outcome> outcome = r.game->outcome();
    const json result = rec.value("result", json::object());
    const json winner = result.is_object() ? result.value("winner", json()) : json();
    if (winner.is_null()) {
        if (outcome && !outcome->winners.empty())
            return fail(std::move(r), "the replay ends the game (winner " + std::to_string(outcome->winners.front()) +
                                          ") but the record names no winner");
        r.checked.push_back("no winner: the replay does not end the game either");
    } else {
        if (!winner.is_number_integer()) return fail(std::move(r), "\"result.winner\" is not an integer or null");
        if (!outcome) return fail(std::move(r), "the record names a winner but the replayed game is not over");
        if (outcome->winners.empty() || winner.get<int>() != outcome->winners.front())
            return fail(std::move(r), "the replay's winner is seat " +
                                          (outcome->winners.empty() ? std::string("none")
                                                                    : std::to_string(outcome->winners.front())) +
                                          ", the record says " + winner.dump());
        r.checked.push_back("game over after the last action; winner seat " + winner.dump() + " as recorded");
    }
    r.ok = true;
    return r;
}

}  // namespace hexhall::server
