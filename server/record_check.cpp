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

std::string seats_text(const std::vector<int>& seats) {
    std::string s;
    for (int w : seats) s += (s.empty() ? "" : ", ") + std::to_string(w);
    return s;
}

std::string describe(const core::Outcome& o) {
    return (o.winners.size() == 1 ? "winner seat " : "winners seats ") + seats_text(o.winners) + ", scores " +
           json(o.scores).dump();
}

// The record's result against the replay's outcome (nullopt: the game is not over). A record has
// {"winners":[…],"scores":[…]}; one made before shared wins were recorded has {"winner": seat or
// null}, the first winner only, and is checked as it was then.
std::optional<std::string> check_result(const json& result, const std::optional<core::Outcome>& outcome) {
    if (result.contains("winners")) {
        const json& w = result.at("winners");
        const json scores = result.value("scores", json());
        if (!w.is_array() || !scores.is_array()) return "\"result.winners\" and \"result.scores\" are not both arrays";
        if (!outcome) {
            if (!w.empty()) return "the record names winners but the replayed game is not over";
            return std::nullopt;
        }
        if (w != json(outcome->winners))
            return "the replay's winners are seats " + seats_text(outcome->winners) + ", the record says " + w.dump();
        if (scores != json(outcome->scores))
            return "the replay's scores are " + json(outcome->scores).dump() + ", the record says " + scores.dump();
        return std::nullopt;
    }
    const json winner = result.value("winner", json());  // the older form
    if (winner.is_null()) {
        if (outcome && !outcome->winners.empty())
            return "the replay ends the game (winner " + std::to_string(outcome->winners.front()) +
                   ") but the record names no winner";
        return std::nullopt;
    }
    if (!winner.is_number_integer()) return "\"result.winner\" is not an integer or null";
    if (!outcome) return "the record names a winner but the replayed game is not over";
    if (outcome->winners.empty() || winner.get<int>() != outcome->winners.front())
        return "the replay's winner is seat " +
               (outcome->winners.empty() ? std::string("none") : std::to_string(outcome->winners.front())) +
               ", the record says " + winner.dump();
    return std::nullopt;
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
    if (!result.is_object()) return fail(std::move(r), "\"result\" is not an object");
    if (auto e = check_result(result, outcome)) return fail(std::move(r), *e);
    r.checked.push_back(outcome ? "game over after the last action; " + describe(*outcome) + " as recorded"
                                : "no winner: the replay does not end the game either");
    r.ok = true;
    return r;
}

}  // namespace hexhall::server
