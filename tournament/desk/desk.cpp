// The desk's state, storage, timer and rooms (desk.hpp). Operations: desk_ops.cpp; HTTP: desk_http.cpp.
#include "tournament/desk/desk.hpp"

#include <chrono>
#include <cstdio>
#include <random>
#include <set>
#include <string_view>

#include <spdlog/spdlog.h>

#include "core/game_module.hpp"
#include "server/hub.hpp"
#include "server/records.hpp"
#include "server/room_directory.hpp"
#include "server/session.hpp"
#include "server/store.hpp"
#include "tournament/model_json.hpp"
#include "tournament/results.hpp"
#include "tournament/seating.hpp"

namespace hexhall::tournament {

using json = nlohmann::json;

namespace {

constexpr const char* kDocumentKind = "tournament";

// A tournament is stored as rows (docs/decisions/013-tournament-limits.md, "Stored as rows"): each
// element of these containers of its document is a part of its own ("<path>#<index or key>"), the
// rest is the part "head", so a registration writes one entrant's row and the head, not every
// entrant again.
struct Split {
    const char* path;
    bool array;
};
constexpr Split kSplits[] = {{"/tournament/entrants", true}, {"/tournament/rounds", true},
                             {"/tournament/results", true},  {"/tournament/refereeLog", true},
                             {"/access/entrants", false},    {"/run", false}};
constexpr const char* kHead = "head";

std::string dump_part(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::map<std::string, std::string> split_document(json doc) {
    std::map<std::string, std::string> out;
    for (const Split& sp : kSplits) {
        const json::json_pointer at(sp.path);
        if (!doc.contains(at)) continue;
        json& c = doc[at];
        if (sp.array && c.is_array()) {
            for (size_t i = 0; i < c.size(); ++i) {
                char index[24];
                std::snprintf(index, sizeof index, "%06zu", i);
                out[std::string(sp.path) + "#" + index] = dump_part(c[i]);
            }
            c = json::array();
        } else if (!sp.array && c.is_object()) {
            for (auto& [k, v] : c.items()) out[std::string(sp.path) + "#" + k] = dump_part(v);
            c = json::object();
        }
    }
    out[kHead] = dump_part(doc);
    return out;
}

// The document again from its parts; nullopt with `error` when they do not make one.
std::optional<std::string> join_document(const std::vector<std::pair<std::string, std::string>>& parts, std::string& error) {
    json doc;
    std::map<std::string, std::map<size_t, json>> arrays;
    try {
        for (const auto& [name, body] : parts)
            if (name == kHead) doc = json::parse(body);
        if (!doc.is_object()) return error = "no head part", std::nullopt;
        for (const auto& [name, body] : parts) {
            if (name == kHead) continue;
            const size_t hash = name.find('#');
            const std::string path = name.substr(0, hash == std::string::npos ? 0 : hash);
            const Split* sp = nullptr;
            for (const Split& s : kSplits)
                if (path == s.path) sp = &s;
            if (!sp) return error = "unknown part " + name, std::nullopt;
            const std::string key = name.substr(hash + 1);
            if (sp->array) arrays[path][std::stoul(key)] = json::parse(body);
            else doc[json::json_pointer(path)][key] = json::parse(body);
        }
        for (auto& [path, elements] : arrays) {
            json& c = doc[json::json_pointer(path)];
            c = json::array();
            for (auto& [i, v] : elements) c.push_back(std::move(v));
        }
    } catch (const std::exception& ex) {
        return error = std::string("bad parts: ") + ex.what(), std::nullopt;
    }
    return dump_part(doc);
}

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

json string_map(const std::map<std::string, std::string>& m) {
    json j = json::object();
    for (auto& [k, v] : m) j[k] = v;
    return j;
}

bool read_string_map(const json& j, std::map<std::string, std::string>& out) {
    if (!j.is_object()) return false;
    for (auto& [k, v] : j.items()) {
        if (!v.is_string()) return false;
        out[k] = v.get<std::string>();
    }
    return true;
}

}  // namespace

Desk::Desk(server::Hub& hub, server::Store* store, DeskOptions options)
    : hub_(hub), store_(store), options_(std::move(options)), directory_(store ? store->directory() : nullptr) {
    register_per_address_.configure(options_.register_rate_per_address, options_.register_burst_per_address);
    register_per_tournament_.configure(options_.register_rate_per_tournament, options_.register_burst_per_tournament);
    hub_.set_room_over_listener([this](const std::string& owner, const std::string& room, const core::Outcome& o) {
        on_room_over(owner, room, o);
    });
    hub_.set_seat_accounts([this](const std::string& room, const std::string& owner) { return seat_accounts(room, owner); });
}

Desk::~Desk() { stop(); }

// ------------------------------------------------------------------ storage

json Desk::document(const Entry& e) const {
    json run = json::object();
    for (auto& [n, rr] : e.run) {
        json tables = json::object();
        for (auto& [tn, tr] : rr.tables)
            tables[std::to_string(tn)] = {{"room", tr.room}, {"invite", tr.invite}, {"absent", tr.absent},
                                          {"error", tr.error}, {"openedMs", tr.opened_ms}};
        run[std::to_string(n)] = {{"startAtMs", rr.start_at_ms},
                                  {"startedMs", rr.started_ms},
                                  {"checkedIn", rr.checked_in},
                                  {"tables", std::move(tables)}};
    }
    return {{"tournament", to_json(e.t, JsonView::Stored)},
            {"access",
             {{"organiser", e.access.organiser_hash},
              {"invite", e.access.invite},
              {"entrants", string_map(e.access.entrant_hashes)},
              {"referees", string_map(e.access.referee_hashes)},
              {"bots", string_map(e.access.bots)},
              {"accounts", string_map(e.access.accounts)}}},
            {"run", std::move(run)},
            {"rev", e.rev}};
}

bool Desk::read_document(const std::string& body, Entry& out, std::string& error) const {
    const json j = json::parse(body, nullptr, false);
    if (!j.is_object() || !j.contains("tournament") || !j.contains("access") || !j.contains("run")) {
        error = "not a tournament document";
        return false;
    }
    std::optional<Tournament> t = tournament_from_json(j["tournament"], error);
    if (!t) return false;
    out.t = std::move(*t);
    try {
        const json& a = j.at("access");
        out.access.organiser_hash = a.at("organiser").get<std::string>();
        out.access.invite = a.at("invite").get<std::string>();
        if (!read_string_map(a.at("entrants"), out.access.entrant_hashes) ||
            !read_string_map(a.at("referees"), out.access.referee_hashes) ||
            !read_string_map(a.at("bots"), out.access.bots) ||
            (a.contains("accounts") && !read_string_map(a.at("accounts"), out.access.accounts))) {  // older: none
            error = "bad access";
            return false;
        }
        for (auto& [n, r] : j.at("run").items()) {
            RoundRun rr;
            rr.start_at_ms = r.at("startAtMs").get<int64_t>();
            rr.started_ms = r.at("startedMs").get<int64_t>();
            for (auto& id : r.at("checkedIn")) rr.checked_in.insert(id.get<std::string>());
            for (auto& [tn, tj] : r.at("tables").items()) {
                TableRun tr;
                tr.room = tj.at("room").get<std::string>();
                tr.invite = tj.at("invite").get<std::string>();
                tr.absent = tj.at("absent").get<std::vector<std::string>>();
                tr.error = tj.at("error").get<std::string>();
                tr.opened_ms = tj.value("openedMs", int64_t{0});  // older documents: none (see restore)
                rr.tables[std::stoi(tn)] = std::move(tr);
            }
            out.run[std::stoi(n)] = std::move(rr);
        }
        out.rev = j.value("rev", int64_t{0});
    } catch (const std::exception& ex) {
        error = std::string("bad run state: ") + ex.what();
        return false;
    }
    return true;
}

void Desk::save(Entry& e) {
    ++e.rev;
    if (!store_) return;
    // Queued under the lock (the writes of one tournament stay in order); the wait is Durable's.
    // Only the parts that changed since the last write (all of them the first time, which also
    // moves a document stored whole by an older server to rows).
    std::map<std::string, std::string> parts = split_document(document(e));
    std::vector<server::DocumentPart> changed;
    uint64_t bytes = 0;
    for (auto it = e.stored_parts.begin(); it != e.stored_parts.end();) {
        if (parts.count(it->first)) {
            ++it;
            continue;
        }
        changed.push_back({it->first, std::nullopt});
        it = e.stored_parts.erase(it);
    }
    for (auto& [name, body] : parts) {
        std::string& was = e.stored_parts[name];
        if (was == body && !body.empty()) continue;
        was = body;
        bytes += body.size();
        changed.push_back({name, std::move(body)});
    }
    stored_bytes_.fetch_add(bytes, std::memory_order_relaxed);
    if (!changed.empty()) store_->put_document_parts(kDocumentKind, e.t.id, std::move(changed), now_ms());
}

void Desk::save(Entry& e, Durable& durable) {
    save(e);
    durable.wanted = true;
}

Desk::Durable::~Durable() {
    if (wanted && store) store->flush();  // the answer goes out once the change is committed
}

void Desk::restore() {
    if (!store_) return;
    // Several nodes: the worker adopts the tournaments nobody runs (cluster_step), this node's own
    // of an earlier process among them; here only those stored before there were owners (a single
    // node's, now run by several) become this node's.
    std::lock_guard lock(mu_);
    // Tournaments stored as rows, then those an older server stored whole (moved to rows at their
    // next change).
    struct Loaded {
        std::string id, body;
        std::map<std::string, std::string> parts;
    };
    std::vector<Loaded> loaded;
    std::set<std::string> as_rows;
    for (const server::StoredDocumentParts& d : store_->load_document_parts(kDocumentKind)) {
        std::string error;
        as_rows.insert(d.id);
        std::optional<std::string> body = join_document(d.parts, error);
        if (!body) {
            spdlog::error("tournament {}: cannot be restored ({}); set aside", d.id, error);
            continue;
        }
        loaded.push_back({d.id, std::move(*body), std::map<std::string, std::string>(d.parts.begin(), d.parts.end())});
    }
    for (server::StoredDocument& d : store_->load_documents(kDocumentKind))
        if (!as_rows.count(d.id)) loaded.push_back({d.id, std::move(d.body), {}});
    for (Loaded& d : loaded) {
        Entry e;
        std::string error;
        if (!read_document(d.body, e, error)) {
            spdlog::error("tournament {}: cannot be restored ({}); set aside", d.id, error);
            continue;
        }
        if (directory_ && (directory_->locate_key(kOwnerPrefix + d.id).kind != server::RoomLocation::Kind::None ||
                           !directory_->claim_key(kOwnerPrefix + d.id)))
            continue;
        e.stored_parts = std::move(d.parts);
        index_rooms(entries_[e.t.id] = std::move(e));
    }
    if (!entries_.empty()) spdlog::info("restored {} tournaments from the store", entries_.size());
}

void Desk::index_rooms(Entry& e) {
    for (auto& [n, rr] : e.run)
        for (auto& [tn, tr] : rr.tables) {
            if (!tr.room.empty()) rooms_[tr.room] = {e.t.id, {n, tn}};
            if (!tr.room.empty() && tr.opened_ms == 0) tr.opened_ms = now_ms();  // the grace starts again
        }
}

Desk::Entry* Desk::find(const std::string& id, bool reading) {
    if (auto it = entries_.find(id); it != entries_.end()) return &it->second;
    if (!reading) return nullptr;
    auto it = mirrors_.find(id);
    return it == mirrors_.end() ? nullptr : &it->second;
}

std::string Desk::new_tournament_id() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    for (;;) {
        std::string id = "t";
        for (uint32_t w = rd(), i = 0; i < 8; ++i, w >>= 4) id += kHex[w & 0xF];
        if (!entries_.count(id)) return id;
    }
}

// ------------------------------------------------------------------ the timer

void Desk::start() {
    {
        std::lock_guard lock(mu_);
        for (auto& [id, e] : entries_) reconcile(e);
    }
    std::lock_guard lock(timer_mu_);
    if (timer_.joinable()) return;
    stopping_ = false;
    timer_ = std::thread([this] {
        // The desk's worker: results reported by rooms (as they come), the timers (every 200 ms).
        using Steady = std::chrono::steady_clock;
        Steady::time_point next_tick = Steady::now(), next_cluster = Steady::now();
        std::unique_lock l(timer_mu_);
        while (!stopping_) {
            timer_cv_.wait_until(l, next_tick, [this] { return stopping_ || !reports_.empty(); });
            if (stopping_) break;
            std::deque<Report> batch;
            batch.swap(reports_);
            l.unlock();
            for (const Report& r : batch) process(r);
            if (directory_ && Steady::now() >= next_cluster) {
                cluster_step();
                next_cluster = Steady::now() + std::chrono::seconds(1);
            }
            if (Steady::now() >= next_tick) {
                tick(now_ms());
                next_tick = Steady::now() + std::chrono::milliseconds(200);
            }
            l.lock();
        }
    });
}

void Desk::stop() {
    {
        std::lock_guard lock(timer_mu_);
        stopping_ = true;
    }
    timer_cv_.notify_all();
    if (timer_.joinable()) timer_.join();
    std::deque<Report> rest;  // results that came in last: recorded now (a restart would reconcile them too)
    {
        std::lock_guard lock(timer_mu_);
        rest.swap(reports_);
    }
    for (const Report& r : rest) process(r);
}

void Desk::tick(int64_t now) {
    std::lock_guard lock(mu_);
    for (auto& [id, e] : entries_) tick_entry(e, now);
}

void Desk::tick_entry(Entry& e, int64_t now) {
    bool changed = false;
    for (Round& round : e.t.rounds) {
        RoundRun& rr = e.run[round.number];
        if (round.status == RoundStatus::Seated && rr.start_at_ms > 0 && now >= rr.start_at_ms) {
            if (!tournament::start_round(e.t, round.number)) {
                rr.started_ms = now;
                changed = true;
                spdlog::info("tournament {}: round {} started at its set time", e.t.id, round.number);
            }
        }
        if (round.status != RoundStatus::Started || rr.started_ms == 0) continue;
        const int64_t deadline =
            rr.started_ms + static_cast<int64_t>(e.t.settings.no_show_after_s * 1000.0 * options_.clock_scale);
        const bool late = now >= deadline;
        for (const Table& table : round.tables) {
            TableRun& tr = rr.tables[table.number];
            if (!tr.room.empty()) continue;
            bool all_here = true;
            for (const std::string& id : table.seats)
                all_here = all_here && (rr.checked_in.count(id) || e.access.bots.count(id));
            if (all_here || late) {
                open_table(e, round, table, rr, now);
                changed = true;
            }
        }
        // A table starts by itself once every present entrant sits (absent seats are bots or left
        // out). After the no-show deadline, a room still waiting for a present entrant starts with a
        // bot in the empty seat until they come, but never before its start grace: a table that
        // opened at the deadline (someone absent) gives the present entrants time to sit, whatever
        // the clock (issue 26: under untimed and casual the bots once played every seat at once).
        const int64_t grace = static_cast<int64_t>(options_.start_grace_s * 1000.0 * options_.clock_scale);
        if (late)
            for (auto& [tn, tr] : rr.tables)
                if (!tr.forced && !tr.room.empty() && tr.room != "-" && now >= tr.opened_ms + grace) {
                    tr.forced = true;
                    hub_.force_start(tr.room, options_.takeover_bot, {});
                }
    }
    if (changed) save(e);
}

// ------------------------------------------------------------------ rooms

json Desk::room_options(const Entry& e, const Round& round, const Table& table, int players) const {
    const Tournament& t = e.t;
    json o = {{"game", t.game}, {"players", players}, {"seed", table.game_seed}, {"private", true}};
    // The game's own members (its module's tournament ruleset: e.g. one board for the whole round, HK-3.1)
    if (const core::GameModule* m = core::game_registry().find(t.game))
        for (const core::TournamentRuleset& r : m->tournament)
            if (r.ruleset == t.ruleset && r.table_options) o.update(r.table_options(round.board_seed, t.settings.clock_preset));
    return o;
}

void Desk::open_table(Entry& e, const Round& round, const Table& table, RoundRun& rr, int64_t now) {
    TableRun& tr = rr.tables[table.number];
    tr.absent.clear();
    for (const std::string& id : table.seats)
        if (!rr.checked_in.count(id) && !e.access.bots.count(id)) tr.absent.push_back(id);
    if (tr.absent.size() == table.seats.size()) {  // nobody came: no game, every entrant forfeits
        tr.room = "-";
        record(e, round.number, table.number, core::Outcome{});
        return;
    }
    const std::vector<std::string> seats = game_seats(e.t, table, tr.absent);
    server::Hub::ManagedRoomRequest req;
    req.options = room_options(e, round, table, static_cast<int>(seats.size()));
    req.owner = kOwnerPrefix + e.t.id;
    if (auto a = organiser_addresses_.find(e.t.id); a != organiser_addresses_.end()) req.organiser_address = a->second;
    for (size_t i = 0; i < seats.size(); ++i) {
        const int seat = static_cast<int>(i);
        const std::string& id = seats[i];
        if (id.empty()) {  // an absent entrant's seat under "botScoresNothing"
            const std::string& absent_id = table.seats[i];
            if (const Entrant* en = find_entrant(e.t, absent_id)) req.seat_names[seat] = en->name + " (absent)";
            req.seat_bots[seat] = options_.takeover_bot;
        } else if (auto b = e.access.bots.find(id); b != e.access.bots.end()) {
            if (const Entrant* en = find_entrant(e.t, id)) req.seat_names[seat] = en->name;
            req.seat_bots[seat] = b->second;
        } else {
            if (const Entrant* en = find_entrant(e.t, id)) req.seat_names[seat] = en->name;
            req.seat_token_hashes[seat] = e.access.entrant_hashes[id];
        }
    }
    std::string error;
    const auto room = hub_.create_managed_room(req, error);
    if (!room) {  // tried again at the next tick (e.g. once the organiser's room quota has room)
        const std::string why = "the table's room could not be created: " + error;
        if (why != tr.error)
            spdlog::warn("tournament {}: round {} table {}: {}", e.t.id, round.number, table.number, why);
        tr.error = why;
        return;
    }
    tr.room = room->room;
    tr.invite = room->invite;
    tr.error.clear();
    tr.opened_ms = now;
    rooms_[tr.room] = {e.t.id, {round.number, table.number}};
    spdlog::info("tournament {}: round {} table {} plays in room {} ({} absent)", e.t.id, round.number, table.number,
                 tr.room, tr.absent.size());
}

// On the fair pool, once a table's game ended (Hub::record_game): the entrants' linked accounts by
// the seat each played (the table's seats as the room has them: game_seats, absent left out).
// Wherever the table ended: a tournament this node does not run (several nodes: it ended on another
// node than the tournament's, or before this node adopted it) is read from the store, as its owner
// last wrote it. The game reaches the profiles once: only the node where it ended records it.
std::map<int, std::string> Desk::seat_accounts(const std::string& room, const std::string& owner) {
    if (!owner.starts_with(kOwnerPrefix)) return {};
    const std::string id = owner.substr(std::string_view(kOwnerPrefix).size());
    {
        std::lock_guard lock(mu_);
        if (auto where = rooms_.find(room); where != rooms_.end())
            if (const Entry* e = find(where->second.first)) return linked_seats(*e, where->second.second.first, where->second.second.second);
        if (entries_.count(id) || !store_) return {};  // run here, and not one of its tables
    }
    std::string error;
    const std::optional<Entry> e = load_entry(id, error);
    if (!e) {
        spdlog::warn("tournament {}: the accounts of room {} cannot be read ({})", id, room, error);
        return {};
    }
    for (const auto& [rn, rr] : e->run)
        for (const auto& [tn, tr] : rr.tables)
            if (tr.room == room) return linked_seats(*e, rn, tn);
    return {};
}

std::map<int, std::string> Desk::linked_seats(const Entry& e, int round, int table_number) {
    std::map<int, std::string> out;
    if (e.access.accounts.empty()) return out;
    const auto rr = e.run.find(round);
    if (rr == e.run.end()) return out;
    const auto tr = rr->second.tables.find(table_number);
    if (tr == rr->second.tables.end()) return out;
    for (const Round& r : e.t.rounds) {
        if (r.number != round) continue;
        for (const Table& table : r.tables) {
            if (table.number != table_number) continue;
            const std::vector<std::string> seats = game_seats(e.t, table, tr->second.absent);
            for (size_t i = 0; i < seats.size(); ++i)
                if (auto a = e.access.accounts.find(seats[i]); !seats[i].empty() && a != e.access.accounts.end())
                    out[static_cast<int>(i)] = a->second;
        }
    }
    return out;
}

std::optional<server::Account> Desk::account_of_session(const std::string& session) const {
    if (session.empty()) return std::nullopt;
    return hub_.accounts().by_session(server::token_hash(session));
}

// On the room's strand (an I/O thread): only enqueues, never waits for the desk (issue 26: a table
// that ended once waited 7.8 s here while another tournament was seated).
void Desk::on_room_over(const std::string& owner, const std::string& room, const core::Outcome& outcome) {
    if (!owner.starts_with(kOwnerPrefix)) return;
    {
        std::lock_guard lock(timer_mu_);
        reports_.push_back({room, outcome});
    }
    timer_cv_.notify_all();
}

void Desk::process(const Report& report) {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(report.room);
    if (it == rooms_.end()) return;
    Entry* e = find(it->second.first);
    if (!e) return;
    if (record(*e, it->second.second.first, it->second.second.second, report.outcome)) save(*e);
}

bool Desk::record(Entry& e, int round, int table, const core::Outcome& outcome) {
    for (const TableResult& r : e.t.results)
        if (r.round == round && r.table == table) return false;  // already recorded
    TableRun& tr = e.run[round].tables[table];
    TableResult r;
    r.round = round;
    r.table = table;
    r.absent = tr.absent;
    r.winners = outcome.winners;
    r.scores = outcome.scores;
    if (auto err = record_result(e.t, r)) {
        tr.error = "the result could not be recorded: " + *err;
        spdlog::error("tournament {}: round {} table {}: {}", e.t.id, round, table, tr.error);
        return true;  // the error is news
    }
    spdlog::info("tournament {}: round {} table {} finished", e.t.id, round, table);
    const Round* rd = find_round(e.t, round);
    if (rd && rd->status == RoundStatus::Started && !finish_round(e.t, round))
        spdlog::info("tournament {}: round {} finished", e.t.id, round);
    return true;
}

void Desk::reconcile(Entry& e) {
    if (!store_) return;
    bool changed = false;
    for (Round& round : e.t.rounds) {
        if (round.status != RoundStatus::Started) continue;
        for (auto& [tn, tr] : e.run[round.number].tables) {
            if (tr.room.empty() || tr.room == "-") continue;
            // Still running: a referee's pause holds, the room keeps it (Room::restore_started).
            if (hub_.room_summary(tr.room)) continue;
            const std::optional<server::StoredRoom> stored = store_->load_room(tr.room);
            if (!stored || stored->room.state != "finished") continue;
            const server::ReplayedGame g = server::replay_stored(*stored);
            if (g.game && g.complete && g.game->over())
                if (const auto o = g.game->outcome()) changed = record(e, round.number, tn, *o) || changed;
        }
    }
    if (changed) save(e);
}

// ------------------------------------------------------------------ several nodes

std::optional<Desk::Entry> Desk::load_entry(const std::string& id, std::string& error) {
    std::optional<server::StoredDocumentParts> d = store_->load_document_parts_of(kDocumentKind, id);
    if (!d) {
        error = "not stored";
        return std::nullopt;
    }
    std::optional<std::string> body = join_document(d->parts, error);
    if (!body) return std::nullopt;
    Entry e;
    if (!read_document(*body, e, error)) return std::nullopt;
    e.stored_parts = std::map<std::string, std::string>(d->parts.begin(), d->parts.end());
    return e;
}

bool Desk::adopt(const std::string& id) {
    std::lock_guard one(adopt_mu_);
    {
        std::lock_guard lock(mu_);
        if (entries_.count(id)) return true;
    }
    const std::optional<int64_t> epoch = directory_->claim_key(kOwnerPrefix + id);
    if (!epoch) return false;
    // Read after the claim: the last owner's writes are all in (later ones are fenced).
    std::string error;
    std::optional<Entry> e = load_entry(id, error);
    if (!e) {
        spdlog::error("tournament {}: cannot be taken over ({}); left aside", id, error);
        return false;
    }
    std::lock_guard lock(mu_);
    mirrors_.erase(id);
    Entry& in = entries_[id] = std::move(*e);
    index_rooms(in);
    spdlog::info("tournament {}: run by node {} now (owner epoch {})", id, directory_->node_id(), *epoch);
    return true;
}

void Desk::cluster_step() {
    const size_t prefix = std::string_view(kOwnerPrefix).size();
    try {
        // Lost: another node took a tournament over (this node was cut off or frozen): dropped here,
        // its writes are refused by the fence anyway. Only those run here before the question.
        std::set<std::string> before, held;
        {
            std::lock_guard lock(mu_);
            for (auto& [id, e] : entries_) before.insert(id);
        }
        for (const std::string& key : directory_->held_keys(kOwnerPrefix)) held.insert(key.substr(prefix));
        {
            std::lock_guard lock(mu_);
            for (const std::string& id : before) {
                if (held.count(id) || !entries_.count(id)) continue;
                spdlog::warn("tournament {}: another node runs it now; dropped here", id);
                entries_.erase(id);
                for (auto r = rooms_.begin(); r != rooms_.end();) r = r->second.first == id ? rooms_.erase(r) : std::next(r);
            }
        }
        // Orphans: their node died, was stopped, or is this node before a restart.
        for (const std::string& key : directory_->orphan_keys(kOwnerPrefix, 16)) adopt(key.substr(prefix));
        std::lock_guard lock(mu_);
        for (auto& [id, e] : entries_) poll_tables(e);
    } catch (const std::exception& ex) {
        static std::atomic<int64_t> last{0};
        if (const int64_t t = now_ms(); t - last.load() > 10'000) {
            last = t;
            spdlog::warn("tournaments: the store cannot be asked about their owners ({})", ex.what());
        }
    }
}

void Desk::poll_tables(Entry& e) {
    // The tables of its started rounds without a result that are not running here; their states
    // come from the store in one query for the whole tournament (not one per table per second).
    struct Open {
        int round, table;
        std::string room;
    };
    std::vector<Open> open;
    for (Round& round : e.t.rounds) {
        if (round.status != RoundStatus::Started) continue;
        for (auto& [tn, tr] : e.run[round.number].tables) {
            if (tr.room.empty() || tr.room == "-") continue;
            // Running here: the room reports its end. Over here, or not here: its stored end counts
            // (it may have ended on another node, or before this node ran the tournament).
            const std::optional<json> here = hub_.room_summary(tr.room);
            if (here && !here->value("over", false)) continue;
            bool recorded = false;
            for (const TableResult& r : e.t.results) recorded = recorded || (r.round == round.number && r.table == tn);
            if (!recorded) open.push_back({round.number, tn, tr.room});
        }
    }
    if (open.empty()) return;
    std::vector<std::string> rooms;
    for (const Open& o : open) rooms.push_back(o.room);
    const std::map<std::string, std::string> states = store_->room_states(rooms);
    bool changed = false;
    for (const Open& o : open) {
        const auto state = states.find(o.room);
        if (state == states.end() || state->second != "finished") continue;  // still running (anywhere)
        const std::optional<server::StoredRoom> stored = store_->load_room(o.room);
        if (!stored || stored->room.state != "finished") continue;
        const server::ReplayedGame g = server::replay_stored(*stored);
        if (g.game && g.complete && g.game->over())
            if (const auto out = g.game->outcome()) changed = record(e, o.round, o.table, *out) || changed;
    }
    if (changed) save(e);
}

}  // namespace hexhall::tournament
