#include "server/record_check.hpp"

#include "engine/engine.hpp"
#include "engine/record.hpp"
#include "protocol/catan_json.hpp"
#include "server/fairness.hpp"

namespace hexhall::server {

namespace cat = hexhall::catan;
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

RecordCheck check_record(const json& rec) {
    RecordCheck r;
    if (!rec.is_object()) return fail(std::move(r), "the record is not a JSON object");
    if (str(rec, "game") != "catan") return fail(std::move(r), "\"game\" is not \"catan\"");

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

    // 2. The game set-up (engine options) with the revealed seed.
    cat::GameRecord g;
    std::string err;
    if (!cat::from_text(str(rec, "setup") + "\nseed " + seed + "\n", g, &err))
        return fail(std::move(r), "bad \"setup\": " + err);
    if (!cat::new_game(g.options, g.seed, r.final_state, nullptr, nullptr))
        return fail(std::move(r), "the engine refuses the set-up");
    r.checked.push_back("set-up: " + std::to_string(g.options.players) + " players, " +
                        std::to_string(g.options.victory_points) + " VP, game created from seed " + seed);

    // 3. Every action is accepted, in order.
    auto actions = rec.find("actions");
    if (actions == rec.end() || !actions->is_array()) return fail(std::move(r), "\"actions\" is not an array");
    for (const json& a : *actions) {
        const std::string where = "action " + std::to_string(r.actions);
        if (!a.is_object() || !a.contains("seat") || !a.at("seat").is_number_integer())
            return fail(std::move(r), where + ": no integer \"seat\"");
        const int seat = a.at("seat").get<int>();
        cat::Action action;
        if (a.contains("catan")) {
            protocol::IntentError ie;
            auto decoded = protocol::intent_from_json(a.at("catan"), seat, ie, /*offer_required=*/false);
            if (!decoded) return fail(std::move(r), where + ": bad intent (" + ie.code + ": " + ie.message + ")");
            action = *decoded;
        } else if (a.contains("referee") && a.at("referee").is_string()) {
            if (!cat::action_from_text(a.at("referee").get<std::string>(), action, &err))
                return fail(std::move(r), where + ": bad referee action (" + err + ")");
            if (!cat::is_referee_action(action.type) || action.seat != seat)
                return fail(std::move(r), where + ": \"referee\" is not a referee action of that seat");
        } else {
            return fail(std::move(r), where + ": neither \"catan\" nor \"referee\"");
        }
        const cat::Result res = cat::apply(r.final_state, action);
        if (!res)
            return fail(std::move(r), where + " (" + cat::action_to_text(action) + ") rejected: " + res.rule + " " +
                                          res.message);
        ++r.actions;
    }
    r.checked.push_back("all " + std::to_string(r.actions) + " actions accepted by the engine in order");

    // 4. The game ends the way the record says.
    const bool over = r.final_state.phase == cat::Phase::GameOver;
    const json result = rec.value("result", json::object());
    const json winner = result.is_object() ? result.value("winner", json()) : json();
    if (winner.is_null()) {
        if (over) return fail(std::move(r), "the replay ends the game (winner " + std::to_string(r.final_state.winner) +
                                                ") but the record names no winner");
        r.checked.push_back("no winner: the replay does not end the game either");
    } else {
        if (!winner.is_number_integer()) return fail(std::move(r), "\"result.winner\" is not an integer or null");
        if (!over) return fail(std::move(r), "the record names a winner but the replayed game is not over");
        if (winner.get<int>() != r.final_state.winner)
            return fail(std::move(r), "the replay's winner is seat " + std::to_string(r.final_state.winner) +
                                          ", the record says " + winner.dump());
        r.checked.push_back("game over after the last action; winner seat " + winner.dump() + " as recorded");
    }
    r.ok = true;
    return r;
}

}  // namespace hexhall::server
