// The desk's operations (desk.hpp): each checks the caller's role, changes the tournament through
// the pure library (which validates and changes nothing on refusal), stores the change, answers.
#include <future>
#include <chrono>
#include <random>

#include <spdlog/spdlog.h>

#include "core/game_module.hpp"
#include "server/hub.hpp"
#include "server/room_directory.hpp"
#include "server/session.hpp"
#include "tournament/desk/desk.hpp"
#include "tournament/model_json.hpp"
#include "tournament/referee.hpp"
#include "tournament/registration.hpp"
#include "tournament/results.hpp"
#include "tournament/seating.hpp"
#include "tournament/standings.hpp"

namespace hexhall::tournament {

using json = nlohmann::json;

namespace {

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

DeskReply fail(int status, const std::string& code, const std::string& message) {
    return {status, {{"error", code}, {"message", message}}};
}
DeskReply no_tournament() { return fail(404, "no_tournament", "no such tournament"); }
DeskReply forbidden(const char* who) { return fail(403, "forbidden", std::string("only ") + who + " may do this"); }
DeskReply refused(const std::string& why) {
    // The pure library's reasons name the rule where there is one ("HK-10.6: …").
    json body = {{"error", "refused"}, {"message", why}};
    if (why.size() > 3 && why.starts_with("HK-")) body["rule"] = why.substr(0, why.find_first_of(": "));
    return {409, std::move(body)};
}

// Keys a request body may hold: anything else is refused, naming the key.
std::optional<std::string> only_keys(const json& body, std::initializer_list<const char*> keys) {
    if (!body.is_object()) return std::string("the body must be a JSON object");
    for (auto& [k, v] : body.items()) {
        bool known = false;
        for (const char* key : keys) known = known || k == key;
        if (!known) return "unknown key \"" + k + "\"";
    }
    return std::nullopt;
}

std::string text(const json& body, const char* key) {
    auto it = body.find(key);
    return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
}

json entrant_json(const Entrant& e, const Access& a) {
    json j = {{"id", e.id}, {"name", e.name}, {"team", e.team}, {"division", e.division}, {"status", to_string(e.status)}};
    if (auto b = a.bots.find(e.id); b != a.bots.end()) j["bot"] = b->second;
    return j;
}

// The entrant cap (DeskOptions::max_entrants): every entrant counts, withdrawn and substituted too
// (they stay in the standings).
std::optional<DeskReply> check_capacity(const Tournament& t, int max_entrants) {
    if (static_cast<int>(t.entrants.size()) < max_entrants) return std::nullopt;
    return fail(409, "tournament_full",
                "this tournament has " + std::to_string(t.entrants.size()) + " entrants, the most this server allows (" +
                    std::to_string(max_entrants) + ", hexhall-server --tournament-max-entrants)");
}

DeskReply rate_limited(const std::string& message, int retry_after_s) {
    DeskReply r = fail(429, "rate_limited", message);
    r.retry_after_s = retry_after_s;
    return r;
}

json fraction(const Fraction& f) { return {{"num", f.num}, {"den", f.den}}; }

}  // namespace

Desk::Caller Desk::caller(const Entry& e, const std::string& token) const {
    if (token.empty() || !server::valid_token(token)) return {};
    const std::string h = server::token_hash(token);
    if (h == e.access.organiser_hash) return {Role::Organiser, "organiser"};
    for (auto& [name, hash] : e.access.referee_hashes)
        if (hash == h) return {Role::Referee, name};
    for (auto& [id, hash] : e.access.entrant_hashes)
        if (hash == h) return {Role::Entrant, id};
    return {};
}

json Desk::public_view(const Entry& e) const {
    json j = to_json(e.t, JsonView::Public);
    json run = json::array();
    std::map<std::pair<int, int>, const TableResult*> results;  // by (round, table): linear, not tables × results
    for (const TableResult& res : e.t.results) results[{res.round, res.table}] = &res;
    for (const Round& r : e.t.rounds) {
        auto it = e.run.find(r.number);
        json tables = json::array();
        for (const Table& table : r.tables) {
            json tj = {{"table", table.number}, {"room", nullptr}, {"absent", json::array()}, {"result", nullptr}};
            if (it != e.run.end())
                if (auto t = it->second.tables.find(table.number); t != it->second.tables.end()) {
                    if (!t->second.room.empty() && t->second.room != "-") tj["room"] = t->second.room;
                    tj["absent"] = t->second.absent;
                    if (!t->second.error.empty()) tj["error"] = t->second.error;
                    if (auto s = hub_.room_summary(t->second.room)) {
                        tj["started"] = (*s)["started"];
                        tj["over"] = (*s)["over"];
                        tj["clockPaused"] = s->value("clockPaused", false);  // by a referee
                    }
                }
            if (auto res = results.find({r.number, table.number}); res != results.end())
                tj["result"] = {{"winners", res->second->winners}, {"scores", res->second->scores}};
            tables.push_back(std::move(tj));
        }
        json rj = {{"round", r.number}, {"status", to_string(r.status)}, {"tables", std::move(tables)}};
        if (it != e.run.end()) {
            rj["startAtMs"] = it->second.start_at_ms;
            rj["startedMs"] = it->second.started_ms;
            rj["checkedIn"] = it->second.checked_in;
            if (it->second.started_ms > 0)
                rj["noShowAtMs"] = it->second.started_ms + static_cast<int64_t>(e.t.settings.no_show_after_s * 1000.0 * options_.clock_scale);
        }
        run.push_back(std::move(rj));
    }
    json bots = json::object();
    for (auto& [id, bot] : e.access.bots) bots[id] = bot;
    json referees = json::array();
    for (auto& [name, hash] : e.access.referee_hashes) referees.push_back(name);
    json dq = json::array();
    for (const Disqualification& d : disqualifications(e.t))
        dq.push_back({{"entrant", d.entrant}, {"round", d.round}, {"table", d.table}, {"referee", d.referee}, {"atMs", d.at_ms}});
    return {{"tournament", std::move(j)}, {"run", std::move(run)}, {"houseBots", std::move(bots)},
            {"referees", std::move(referees)}, {"disqualified", std::move(dq)}, {"rev", e.rev}};
}

DeskReply Desk::create(const json& body) {
    if (auto bad = only_keys(body, {"name", "organiser", "game", "ruleset", "settings", "divisions", "teams"}))
        return fail(400, "bad_request", *bad);
    json stored = body;
    stored["organiser"] = body.contains("organiser") ? body["organiser"] : json("organiser");
    if (!stored.contains("game")) stored["game"] = default_tournament_game();
    if (!stored.contains("ruleset")) {  // the game's first tournament ruleset ("base" for a game without any)
        const std::string first = stored["game"].is_string() ? default_tournament_ruleset(stored["game"].get<std::string>()) : "";
        stored["ruleset"] = first.empty() ? "base" : first;
    }
    std::random_device rd;
    const uint64_t seed = (uint64_t{rd()} << 32) ^ rd();
    stored["secretSeed"] = std::to_string(seed);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    stored["id"] = new_tournament_id();
    // Several nodes: this node runs it (its owner row, epoch 1); another holding the id: none made.
    if (directory_ && !directory_->claim_key(kOwnerPrefix + stored["id"].get<std::string>()))
        return fail(503, "store_unavailable", "the tournament could not be registered in the store; try again");
    std::string error;
    std::optional<Tournament> t = tournament_from_json(stored, error);
    if (!t) return fail(400, "bad_request", error);
    Entry e;
    e.t = std::move(*t);
    const std::string organiser_token = server::new_session_token();
    e.access.organiser_hash = server::token_hash(organiser_token);
    e.access.invite = server::new_invite_code();
    const std::string id = e.t.id;
    Entry& stored_entry = entries_[id] = std::move(e);
    save(stored_entry, durable);
    spdlog::info("tournament {} created: {} ({}/{})", id, stored_entry.t.name, stored_entry.t.game, stored_entry.t.ruleset);
    return {201, {{"id", id}, {"organiserToken", organiser_token}, {"invite", stored_entry.access.invite},
                  {"view", public_view(stored_entry)}}};
}

DeskReply Desk::view(const std::string& id, const std::string& token) {
    std::lock_guard lock(mu_);
    Entry* e = find(id, true);
    if (!e) return no_tournament();
    json v = public_view(*e);
    const Caller c = caller(*e, token);
    v["you"] = {{"role", c.role == Role::Organiser ? "organiser" : c.role == Role::Referee ? "referee"
                                                   : c.role == Role::Entrant                  ? "entrant"
                                                                                              : "public"},
                {"name", c.name}};
    if (c.role == Role::Organiser || c.role == Role::Referee) {  // watch links for every table
        json invites = json::object();
        for (auto& [n, rr] : e->run)
            for (auto& [tn, tr] : rr.tables)
                if (!tr.invite.empty()) invites[std::to_string(n) + "." + std::to_string(tn)] = tr.invite;
        v["invites"] = std::move(invites);
    }
    if (c.role == Role::Organiser) v["registrationInvite"] = e->access.invite;
    return {200, std::move(v)};
}

DeskReply Desk::add_entrant(const std::string& id, const std::string& token, const json& body,
                            const std::string& address) {
    if (auto bad = only_keys(body, {"name", "team", "division", "invite", "bot", "session"})) return fail(400, "bad_request", *bad);
    const std::optional<server::Account> account = account_of_session(text(body, "session"));  // none: not logged in
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    const Caller c = caller(*e, token);
    const bool by_invite = !text(body, "invite").empty() && text(body, "invite") == e->access.invite;
    if (c.role != Role::Organiser && !by_invite) return forbidden("the organiser or someone with the invite link");
    const std::string bot = text(body, "bot");
    if (!bot.empty() && c.role != Role::Organiser) return forbidden("the organiser (house bots)");
    if (!bot.empty()) {  // one of the tournament's game's built-in bots (its module lists them)
        const core::GameModule* game = core::game_registry().find(e->t.game);
        if (!game || !game->has_bot(bot)) {
            std::string names;
            for (const std::string& b : game ? game->bots : std::vector<std::string>{}) names += (names.empty() ? "" : ", ") + b;
            return fail(400, "bad_request", "bot must be one of the game's built-in bots: " + names);
        }
    }
    if (auto full = check_capacity(e->t, options_.max_entrants)) return *full;
    if (c.role != Role::Organiser) {  // self-registration: per tournament, then per address
        const auto now = server::HttpRateLimit::Clock::now();
        if (!register_per_tournament_.allow(id, now))
            return rate_limited("registration to this tournament is busy: try again in a few seconds", 5);
        if (!register_per_address_.allow(address, now))
            return rate_limited("too many registrations from your address: try again in a few seconds", 5);
    }
    Entrant en;
    en.id = "e" + std::to_string(e->t.entrants.size() + 1);
    en.name = text(body, "name");
    en.team = text(body, "team");
    en.division = text(body, "division");
    if (auto err = tournament::add_entrant(e->t, en)) return refused(*err);
    json out = {{"entrant", entrant_json(en, e->access)}};
    if (bot.empty()) {
        const std::string t = server::new_session_token();
        e->access.entrant_hashes[en.id] = server::token_hash(t);
        out["token"] = t;
        out["account"] = nullptr;
        if (account) {  // the entrant's games go to the account's profile
            e->access.accounts[en.id] = account->id;
            out["account"] = {{"id", account->id}, {"name", account->name}};
        }
    } else {
        e->access.bots[en.id] = bot;
        out["entrant"]["bot"] = bot;
    }
    save(*e, durable);
    return {201, std::move(out)};
}

DeskReply Desk::change_entrant(const std::string& id, const std::string& token, const std::string& entrant,
                               const json& body) {
    if (auto bad = only_keys(body, {"name", "withdraw"})) return fail(400, "bad_request", *bad);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
    Tournament copy = e->t;
    if (body.contains("name"))
        if (auto err = rename_entrant(copy, entrant, text(body, "name"))) return refused(*err);
    if (body.value("withdraw", false))
        if (auto err = withdraw_entrant(copy, entrant)) return refused(*err);
    e->t = std::move(copy);
    save(*e, durable);
    const Entrant* en = find_entrant(e->t, entrant);
    return {200, {{"entrant", entrant_json(*en, e->access)}}};
}

DeskReply Desk::substitute(const std::string& id, const std::string& token, const std::string& entrant, const json& body) {
    if (auto bad = only_keys(body, {"name"})) return fail(400, "bad_request", *bad);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
    if (auto full = check_capacity(e->t, options_.max_entrants)) return *full;
    Entrant sub;
    sub.id = "e" + std::to_string(e->t.entrants.size() + 1);
    sub.name = text(body, "name");
    if (auto err = substitute_entrant(e->t, entrant, sub)) return refused(*err);
    const std::string t = server::new_session_token();
    e->access.entrant_hashes[sub.id] = server::token_hash(t);
    save(*e, durable);
    return {201, {{"entrant", entrant_json(*find_entrant(e->t, sub.id), e->access)}, {"token", t}}};
}

DeskReply Desk::add_group(const std::string& id, const std::string& token, const json& body) {
    if (auto bad = only_keys(body, {"name", "members"})) return fail(400, "bad_request", *bad);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
    Group g;
    g.name = text(body, "name");
    if (!body.contains("members") || !body["members"].is_array()) return fail(400, "bad_request", "members: an array of entrant ids");
    for (auto& m : body["members"]) {
        if (!m.is_string()) return fail(400, "bad_request", "members: an array of entrant ids");
        g.members.push_back(m.get<std::string>());
    }
    Tournament copy = e->t;
    copy.groups.push_back(g);
    if (auto err = validate(copy)) return refused(*err);
    e->t = std::move(copy);
    save(*e, durable);
    return {201, {{"group", {{"name", g.name}, {"members", g.members}}}}};
}

DeskReply Desk::add_referee(const std::string& id, const std::string& token, const json& body) {
    if (auto bad = only_keys(body, {"name"})) return fail(400, "bad_request", *bad);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
    const std::string name = text(body, "name");
    if (name.empty() || name.size() > 64) return fail(400, "bad_request", "name: 1-64 bytes");
    if (e->access.referee_hashes.count(name) || name == "organiser") return refused("a referee named '" + name + "' exists");
    const std::string t = server::new_session_token();
    e->access.referee_hashes[name] = server::token_hash(t);
    save(*e, durable);
    return {201, {{"referee", name}, {"token", t}}};
}

DeskReply Desk::close(const std::string& id, const std::string& token) {
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
    close_registration(e->t);
    save(*e, durable);
    return {200, public_view(*e)};
}

DeskReply Desk::seat_round(const std::string& id, const std::string& token) {
    // The seating search runs on a copy, without the desk's lock (issue 26: seating a large round
    // held every other tournament, and the tables reporting to the desk, for as long as it took).
    Tournament copy;
    int64_t rev = 0;
    {
        std::lock_guard lock(mu_);
        Entry* e = find(id);
        if (!e) return no_tournament();
        if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
        if (e->seating) return fail(409, "busy", "a round of this tournament is being seated: ask again when it is done");
        e->seating = true;
        copy = e->t;
        rev = e->rev;
    }
    std::optional<std::string> err;
    try {
        err = seat_next_round(copy);
    } catch (const std::exception& ex) {
        err = std::string("seating failed: ") + ex.what();
    }
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    e->seating = false;
    if (err) return refused(*err);
    if (e->rev != rev)
        return fail(409, "changed", "the tournament changed while its round was being seated: ask again");
    e->t = std::move(copy);
    (void)e->run[static_cast<int>(e->t.rounds.size())];
    save(*e, durable);
    return {201, public_view(*e)};
}

DeskReply Desk::swap(const std::string& id, const std::string& token, int round, const json& body) {
    if (auto bad = only_keys(body, {"a", "b"})) return fail(400, "bad_request", *bad);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
    if (auto err = swap_seats(e->t, round, text(body, "a"), text(body, "b"))) return refused(*err);
    save(*e, durable);
    return {200, public_view(*e)};
}

DeskReply Desk::start_round(const std::string& id, const std::string& token, int round, const json& body) {
    if (auto bad = only_keys(body, {"at"})) return fail(400, "bad_request", *bad);
    {
        Durable durable(store_);
        std::lock_guard lock(mu_);
        Entry* e = find(id);
        if (!e) return no_tournament();
        if (caller(*e, token).role != Role::Organiser) return forbidden("the organiser");
        const Round* r = find_round(e->t, round);
        if (!r) return refused("round " + std::to_string(round) + " does not exist");
        if (r->status != RoundStatus::Seated) return refused("round " + std::to_string(round) + " has started already");
        const int64_t now = now_ms();
        const int64_t at = body.contains("at") && body["at"].is_number_integer() ? body["at"].get<int64_t>() : 0;
        RoundRun& rr = e->run[round];
        if (at > now) {
            rr.start_at_ms = at;  // the timer starts it
        } else {
            if (auto err = tournament::start_round(e->t, round)) return refused(*err);
            rr.started_ms = now;
            tick_entry(*e, now);
        }
        save(*e, durable);
    }
    return view(id, token);
}

DeskReply Desk::check_in(const std::string& id, const std::string& token, const json& body) {
    if (!body.is_object()) return fail(400, "bad_request", "the body must be a JSON object");
    if (auto bad = only_keys(body, {"session"})) return fail(400, "bad_request", *bad);
    const std::optional<server::Account> account = account_of_session(text(body, "session"));  // none: not logged in
    {
        Durable durable(store_);
        std::lock_guard lock(mu_);
        Entry* e = find(id);
        if (!e) return no_tournament();
        const Caller c = caller(*e, token);
        if (c.role != Role::Entrant) return forbidden("an entrant (with their own link)");
        if (e->t.rounds.empty() || e->t.rounds.back().status == RoundStatus::Finished)
            return refused("no round is seated: check in once your table is shown");
        const Round& r = e->t.rounds.back();
        bool seated = false;
        for (const Table& table : r.tables)
            for (const std::string& s : table.seats) seated = seated || s == c.name;
        if (!seated) return refused("you have no seat in round " + std::to_string(r.number));
        bool linked = false;  // checking in while logged in links (or moves) the entrant's account
        if (account) {
            std::string& was = e->access.accounts[c.name];
            linked = was != account->id;
            was = account->id;
        }
        if (e->run[r.number].checked_in.insert(c.name).second) {
            tick_entry(*e, now_ms());
            save(*e, durable);
        } else if (linked) {
            save(*e, durable);
        }
    }
    return me(id, token);
}

DeskReply Desk::me(const std::string& id, const std::string& token) {
    std::unique_lock lock(mu_);
    Entry* e = find(id, true);
    if (!e) return no_tournament();
    const Caller c = caller(*e, token);
    if (c.role != Role::Entrant) return forbidden("an entrant (with their own link)");
    const Entrant* en = find_entrant(e->t, c.name);
    const auto linked = e->access.accounts.find(c.name);
    const std::string account = linked == e->access.accounts.end() ? "" : linked->second;
    json out = {{"entrant", entrant_json(*en, e->access)}, {"account", nullptr},
                {"disqualified", is_disqualified(e->t, c.name)},
                {"rounds", json::array()}, {"rev", e->rev}};
    for (const Round& r : e->t.rounds)
        for (const Table& table : r.tables)
            for (size_t i = 0; i < table.seats.size(); ++i) {
                if (table.seats[i] != c.name) continue;
                const RoundRun& rr = e->run[r.number];
                json rj = {{"round", r.number}, {"status", to_string(r.status)}, {"table", table.number},
                           {"seat", seat_label(static_cast<int>(i))}, {"checkedIn", rr.checked_in.count(c.name) > 0},
                           {"room", nullptr}, {"invite", nullptr}, {"gameSeat", nullptr}, {"opponents", json::array()}};
                for (const std::string& o : table.seats)
                    if (o != c.name)
                        if (const Entrant* oe = find_entrant(e->t, o)) rj["opponents"].push_back(oe->name);
                // When the round starts (if the organiser set a time) and until when to check in: after
                // the no-show time an entrant who has not checked in is absent (settings.noShowAfterS).
                if (rr.start_at_ms > 0) rj["startAtMs"] = rr.start_at_ms;
                if (rr.started_ms > 0)
                    rj["checkInByMs"] = rr.started_ms + static_cast<int64_t>(e->t.settings.no_show_after_s * 1000.0 * options_.clock_scale);
                if (auto t = rr.tables.find(table.number); t != rr.tables.end() && !t->second.invite.empty()) {
                    rj["room"] = t->second.room;
                    rj["invite"] = t->second.invite;
                    const auto seats = game_seats(e->t, table, t->second.absent);
                    for (size_t s = 0; s < seats.size(); ++s)
                        if (seats[s] == c.name) rj["gameSeat"] = s;
                }
                for (const TableResult& res : e->t.results)
                    if (res.round == r.number && res.table == table.number)
                        rj["result"] = {{"winners", res.winners}, {"scores", res.scores}};
                out["rounds"].push_back(std::move(rj));
            }
    lock.unlock();  // the account's name may need the store
    if (!account.empty())
        if (const std::optional<server::Account> a = hub_.accounts().by_id(account))
            out["account"] = {{"id", a->id}, {"name", a->name}};
    return {200, std::move(out)};
}

DeskReply Desk::referee(const std::string& id, const std::string& token, const json& body) {
    if (auto bad = only_keys(body, {"round", "table", "kind", "entrant", "rule", "note"}))
        return fail(400, "bad_request", *bad);
    RefereeAction a;
    std::string room;                    // the table's open room, if any
    server::Room::RefereeRequest table;  // what the room is asked to do
    {
        std::lock_guard lock(mu_);
        Entry* e = find(id);
        if (!e) return no_tournament();
        const Caller c = caller(*e, token);
        if (c.role != Role::Referee && c.role != Role::Organiser) return forbidden("a referee or the organiser");
        a.referee = c.name;
        a.at_ms = std::max(now_ms(), e->t.referee_log.empty() ? 0 : e->t.referee_log.back().at_ms);
        a.round = body.value("round", 0);
        a.table = body.value("table", 0);
        const std::string kind = text(body, "kind");
        if (kind == "warning") a.kind = RefereeActionKind::Warning;
        else if (kind == "correction") a.kind = RefereeActionKind::Correction;
        else if (kind == "pause") a.kind = RefereeActionKind::Pause;
        else if (kind == "resume") a.kind = RefereeActionKind::Resume;
        else if (kind == "ruling") a.kind = RefereeActionKind::Ruling;
        else return fail(400, "bad_request", "kind: warning, correction, pause, resume or ruling");
        a.entrant = text(body, "entrant");
        a.rule = text(body, "rule");
        a.note = text(body, "note");
        if (a.note.size() > 2000) return fail(400, "bad_request", "note: at most 2000 bytes");
        Tournament trial = e->t;  // checked first: nothing reaches the table that the log refuses
        if (auto err = record_referee_action(trial, a)) return refused(*err);
        const Round* rd = find_round(e->t, a.round);
        const Table* tb = nullptr;
        if (rd)
            for (const Table& t : rd->tables)
                if (t.number == a.table) tb = &t;
        const TableRun* tr = nullptr;
        if (auto r = e->run.find(a.round); r != e->run.end())
            if (auto t = r->second.tables.find(a.table); t != r->second.tables.end()) tr = &t->second;
        if (tb && tr && !tr->room.empty() && tr->room != "-") {
            room = tr->room;
            table.kind = kind;
            table.by = a.referee;
            table.rule = a.rule;
            table.note = a.note;
            const std::vector<std::string> seats = game_seats(e->t, *tb, tr->absent);
            for (size_t s = 0; s < seats.size(); ++s)
                if (!a.entrant.empty() && seats[s] == a.entrant) table.seat = static_cast<int>(s);
        }
    }
    // The table first (without the desk's lock: the room may finish its game and report to the desk).
    std::string at_table = room.empty() ? "no game runs at this table" : "";
    if (!room.empty()) {
        auto answer = std::make_shared<std::promise<std::string>>();
        std::future<std::string> f = answer->get_future();
        auto ask = [&] { return hub_.referee(room, table, [answer](const std::string& err) { answer->set_value(err); }); };
        // The table may run on another node (the tournament and it were adopted by different
        // nodes): it is brought here first (docs/decisions/030, "A table on another node").
        bool asked = ask();
        server::Hub::Fetched fetched = server::Hub::Fetched::Gone;
        if (!asked && (fetched = hub_.fetch_room(room)) == server::Hub::Fetched::Here) asked = ask();
        if (!asked)
            at_table = fetched == server::Hub::Fetched::Moving ? "the table is moving to this node, try again"
                                                               : "no game runs at this table";
        else if (f.wait_for(std::chrono::seconds(10)) != std::future_status::ready)
            at_table = "the table did not answer";
        else
            at_table = f.get();
    }
    if ((a.kind == RefereeActionKind::Pause || a.kind == RefereeActionKind::Resume) && !at_table.empty())
        return fail(409, "refused", at_table);
    Durable durable(store_);
    std::lock_guard lock(mu_);
    Entry* e = find(id);
    if (!e) return no_tournament();
    if (auto err = record_referee_action(e->t, a)) return refused(*err);
    save(*e, durable);
    const RefereeAction& done = e->t.referee_log.back();
    json out = {{"recorded", {{"referee", done.referee}, {"atMs", done.at_ms}, {"round", done.round}, {"table", done.table},
                              {"kind", to_string(done.kind)}, {"entrant", done.entrant}, {"rule", done.rule}, {"note", done.note}}},
                {"atTable", at_table.empty() ? json("applied") : json(at_table)}};
    if (!done.entrant.empty()) {
        out["warnings"] = warnings_at(e->t, done.round, done.table, done.entrant);
        out["disqualified"] = is_disqualified(e->t, done.entrant);
    }
    return {201, std::move(out)};
}

DeskReply Desk::standings(const std::string& id, bool csv, bool teams, std::string& csv_out) {
    Tournament t;  // computed on a copy, without the desk's lock
    int64_t rev = 0;
    {
        std::lock_guard lock(mu_);
        Entry* e = find(id, true);
        if (!e) return no_tournament();
        t = e->t;
        rev = e->rev;
    }
    const TournamentStandings s = compute_standings(t);
    if (csv) {
        csv_out = teams ? team_standings_csv(s) : standings_csv(s);
        return {200, nullptr};
    }
    json ind = json::array();
    for (const EntrantStanding& x : s.individual)
        ind.push_back({{"rank", x.rank ? json(x.rank) : json(nullptr)}, {"entrant", x.entrant}, {"name", x.name},
                       {"team", x.team}, {"division", x.division}, {"games", x.games}, {"forfeits", x.forfeits},
                       {"matchPoints", x.match_points}, {"gamePoints", x.game_points}, {"pop", fraction(x.pop)},
                       {"popValue", x.pop.den ? static_cast<double>(x.pop.num) / static_cast<double>(x.pop.den) : 0.0},
                       {"status", x.status}});
    json tm = json::array();
    for (const auto& x : s.teams)
        tm.push_back({{"rank", x.rank}, {"name", x.name}, {"division", x.division}, {"memberRanks", x.member_ranks},
                      {"average", fraction(x.average)},
                      {"averageValue", x.average.den ? static_cast<double>(x.average.num) / static_cast<double>(x.average.den) : 0.0}});
    int finished = 0;
    for (const Round& r : t.rounds) finished += r.status == RoundStatus::Finished;
    return {200, {{"tournament", t.id}, {"name", t.name}, {"roundsFinished", finished}, {"rounds", t.settings.rounds},
                  {"final", finished == t.settings.rounds}, {"individual", std::move(ind)}, {"teams", std::move(tm)},
                  {"rev", rev}}};
}

}  // namespace hexhall::tournament
