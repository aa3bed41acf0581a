#include "tournament/model_json.hpp"

#include <charconv>
#include <initializer_list>
#include <stdexcept>

namespace hexhall::tournament {

using json = nlohmann::json;

namespace {

std::string seed_text(uint64_t s) { return std::to_string(s); }

json settings_json(const Settings& s) {
    return {{"rounds", s.rounds},
            {"tableSize", s.table_size},
            {"clockPreset", s.clock_preset},
            {"pairing", to_string(s.pairing)},
            {"swissFromRound", s.swiss_from_round},
            {"keepTeamsApart", s.keep_teams_apart},
            {"noShow", to_string(s.no_show)},
            {"noShowAfterS", s.no_show_after_s}};
}

// ---- reading -------------------------------------------------------------------------------

struct Bad : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void fail(const std::string& path, const std::string& why) { throw Bad(path + ": " + why); }

const json& object(const json& j, const std::string& path, std::initializer_list<const char*> keys) {
    if (!j.is_object()) fail(path, "must be an object");
    for (const auto& [key, value] : j.items()) {
        bool known = false;
        for (const char* k : keys) known = known || key == k;
        if (!known) fail(path, "unknown key \"" + key + "\"");
    }
    return j;
}

const json* member(const json& j, const char* key, bool required, const std::string& path) {
    auto it = j.find(key);
    if (it == j.end()) {
        if (required) fail(path, std::string("\"") + key + "\" is required");
        return nullptr;
    }
    return &*it;
}

void read(const json& j, const char* key, std::string& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        if (!v->is_string()) fail(path + "." + key, "must be a string");
        out = v->get<std::string>();
    }
}

void read(const json& j, const char* key, int& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        if (!v->is_number_integer()) fail(path + "." + key, "must be an integer");
        const int64_t x = v->get<int64_t>();
        if (x < -1'000'000'000 || x > 1'000'000'000) fail(path + "." + key, "out of range");
        out = static_cast<int>(x);
    }
}

void read(const json& j, const char* key, int64_t& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        if (!v->is_number_integer()) fail(path + "." + key, "must be an integer");
        out = v->get<int64_t>();
    }
}

void read(const json& j, const char* key, bool& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        if (!v->is_boolean()) fail(path + "." + key, "must be true or false");
        out = v->get<bool>();
    }
}

void read_seed(const json& j, const char* key, uint64_t& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        const std::string p = path + "." + key;
        if (!v->is_string()) fail(p, "must be a decimal string");
        const std::string s = v->get<std::string>();
        uint64_t x = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size()) fail(p, "must be a decimal string");
        out = x;
    }
}

void read(const json& j, const char* key, std::vector<std::string>& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        if (!v->is_array()) fail(path + "." + key, "must be an array of strings");
        for (const json& s : *v) {
            if (!s.is_string()) fail(path + "." + key, "must be an array of strings");
            out.push_back(s.get<std::string>());
        }
    }
}

void read(const json& j, const char* key, std::vector<int>& out, const std::string& path, bool required = false) {
    if (const json* v = member(j, key, required, path)) {
        if (!v->is_array()) fail(path + "." + key, "must be an array of integers");
        for (const json& s : *v) {
            if (!s.is_number_integer() || s.get<int64_t>() < -1'000'000 || s.get<int64_t>() > 1'000'000)
                fail(path + "." + key, "must be an array of integers");
            out.push_back(static_cast<int>(s.get<int64_t>()));
        }
    }
}

template <typename E>
void read_enum(const json& j, const char* key, E& out, const std::string& path, std::initializer_list<E> values) {
    std::string s;
    read(j, key, s, path);
    if (!j.contains(key)) return;
    for (E v : values)
        if (s == to_string(v)) {
            out = v;
            return;
        }
    fail(path + "." + key, "unknown value \"" + s + "\"");
}

template <typename F>
void read_array(const json& j, const char* key, const std::string& path, F each) {
    if (const json* v = member(j, key, false, path)) {
        if (!v->is_array()) fail(path + "." + key, "must be an array");
        for (size_t i = 0; i < v->size(); ++i) each((*v)[i], path + "." + key + "[" + std::to_string(i) + "]");
    }
}

Tournament read_tournament(const json& root) {
    const std::string path = "tournament";
    const json& j = object(root, path,
                           {"id", "name", "organiser", "game", "ruleset", "settings", "divisions", "teams", "entrants",
                            "groups", "registrationOpen", "secretSeed", "rounds", "results", "refereeLog"});
    Tournament t;
    read(j, "id", t.id, path);
    read(j, "name", t.name, path, true);
    read(j, "organiser", t.organiser, path, true);
    read(j, "game", t.game, path, true);
    read(j, "ruleset", t.ruleset, path, true);
    if (const json* s = member(j, "settings", false, path)) {
        const std::string p = path + ".settings";
        object(*s, p, {"rounds", "tableSize", "clockPreset", "pairing", "swissFromRound", "keepTeamsApart", "noShow", "noShowAfterS"});
        read(*s, "rounds", t.settings.rounds, p);
        read(*s, "tableSize", t.settings.table_size, p);
        read(*s, "clockPreset", t.settings.clock_preset, p);
        read_enum(*s, "pairing", t.settings.pairing, p, {Pairing::Spread, Pairing::Swiss});
        read(*s, "swissFromRound", t.settings.swiss_from_round, p);
        read(*s, "keepTeamsApart", t.settings.keep_teams_apart, p);
        read_enum(*s, "noShow", t.settings.no_show, p, {NoShowPolicy::BotScoresNothing, NoShowPolicy::PlayWithThree});
        read(*s, "noShowAfterS", t.settings.no_show_after_s, p);
    }
    read(j, "divisions", t.divisions, path);
    read_array(j, "teams", path, [&](const json& x, const std::string& p) {
        object(x, p, {"name", "division"});
        TeamDef d;
        read(x, "name", d.name, p, true);
        read(x, "division", d.division, p);
        t.teams.push_back(std::move(d));
    });
    read_array(j, "entrants", path, [&](const json& x, const std::string& p) {
        object(x, p, {"id", "name", "team", "division", "status", "substituteFor", "joinedRound"});
        Entrant e;
        read(x, "id", e.id, p, true);
        read(x, "name", e.name, p, true);
        read(x, "team", e.team, p);
        read(x, "division", e.division, p);
        read_enum(x, "status", e.status, p,
                  {EntrantStatus::Registered, EntrantStatus::Withdrawn, EntrantStatus::Substituted});
        read(x, "substituteFor", e.substitute_for, p);
        read(x, "joinedRound", e.joined_round, p);
        t.entrants.push_back(std::move(e));
    });
    read_array(j, "groups", path, [&](const json& x, const std::string& p) {
        object(x, p, {"name", "members"});
        Group g;
        read(x, "name", g.name, p, true);
        read(x, "members", g.members, p, true);
        t.groups.push_back(std::move(g));
    });
    read(j, "registrationOpen", t.registration_open, path);
    read_seed(j, "secretSeed", t.secret_seed, path, true);
    read_array(j, "rounds", path, [&](const json& x, const std::string& p) {
        object(x, p, {"number", "status", "boardSeed", "tables"});
        Round r;
        read(x, "number", r.number, p, true);
        read_enum(x, "status", r.status, p, {RoundStatus::Seated, RoundStatus::Started, RoundStatus::Finished});
        read_seed(x, "boardSeed", r.board_seed, p, true);
        read_array(x, "tables", p, [&](const json& y, const std::string& q) {
            object(y, q, {"number", "seats", "gameSeed"});
            Table table;
            read(y, "number", table.number, q, true);
            read(y, "seats", table.seats, q, true);
            read_seed(y, "gameSeed", table.game_seed, q, true);
            r.tables.push_back(std::move(table));
        });
        t.rounds.push_back(std::move(r));
    });
    read_array(j, "results", path, [&](const json& x, const std::string& p) {
        object(x, p, {"round", "table", "absent", "winners", "scores"});
        TableResult r;
        read(x, "round", r.round, p, true);
        read(x, "table", r.table, p, true);
        read(x, "absent", r.absent, p);
        read(x, "winners", r.winners, p, true);
        read(x, "scores", r.scores, p, true);
        t.results.push_back(std::move(r));
    });
    read_array(j, "refereeLog", path, [&](const json& x, const std::string& p) {
        object(x, p, {"referee", "atMs", "round", "table", "kind", "entrant", "rule", "note"});
        RefereeAction a;
        read(x, "referee", a.referee, p, true);
        read(x, "atMs", a.at_ms, p, true);
        read(x, "round", a.round, p, true);
        read(x, "table", a.table, p, true);
        read_enum(x, "kind", a.kind, p,
                  {RefereeActionKind::Warning, RefereeActionKind::Correction, RefereeActionKind::Pause,
                   RefereeActionKind::Resume, RefereeActionKind::Ruling});
        if (!x.contains("kind")) fail(p, "\"kind\" is required");
        read(x, "entrant", a.entrant, p);
        read(x, "rule", a.rule, p);
        read(x, "note", a.note, p);
        t.referee_log.push_back(std::move(a));
    });
    return t;
}

}  // namespace

json to_json(const Tournament& t, JsonView view) {
    const bool secrets = view == JsonView::Stored;
    json j = {{"id", t.id},
              {"name", t.name},
              {"organiser", t.organiser},
              {"game", t.game},
              {"ruleset", t.ruleset},
              {"settings", settings_json(t.settings)},
              {"divisions", t.divisions},
              {"registrationOpen", t.registration_open}};
    j["teams"] = json::array();
    for (const TeamDef& d : t.teams) j["teams"].push_back({{"name", d.name}, {"division", d.division}});
    j["entrants"] = json::array();
    for (const Entrant& e : t.entrants)
        j["entrants"].push_back({{"id", e.id},
                                 {"name", e.name},
                                 {"team", e.team},
                                 {"division", e.division},
                                 {"status", to_string(e.status)},
                                 {"substituteFor", e.substitute_for},
                                 {"joinedRound", e.joined_round}});
    j["groups"] = json::array();
    for (const Group& g : t.groups) j["groups"].push_back({{"name", g.name}, {"members", g.members}});
    if (secrets) j["secretSeed"] = seed_text(t.secret_seed);
    j["rounds"] = json::array();
    for (const Round& r : t.rounds) {
        json tables = json::array();
        for (const Table& table : r.tables) {
            json x = {{"number", table.number}, {"seats", table.seats}};
            if (secrets) x["gameSeed"] = seed_text(table.game_seed);
            tables.push_back(std::move(x));
        }
        j["rounds"].push_back({{"number", r.number},
                               {"status", to_string(r.status)},
                               {"boardSeed", seed_text(r.board_seed)},
                               {"tables", std::move(tables)}});
    }
    j["results"] = json::array();
    for (const TableResult& r : t.results)
        j["results"].push_back({{"round", r.round},
                                {"table", r.table},
                                {"absent", r.absent},
                                {"winners", r.winners},
                                {"scores", r.scores}});
    j["refereeLog"] = json::array();
    for (const RefereeAction& a : t.referee_log)
        j["refereeLog"].push_back({{"referee", a.referee},
                                   {"atMs", a.at_ms},
                                   {"round", a.round},
                                   {"table", a.table},
                                   {"kind", to_string(a.kind)},
                                   {"entrant", a.entrant},
                                   {"rule", a.rule},
                                   {"note", a.note}});
    return j;
}

std::optional<Tournament> tournament_from_json(const json& j, std::string& error) {
    try {
        Tournament t = read_tournament(j);
        if (auto err = validate(t)) {
            error = *err;
            return std::nullopt;
        }
        return t;
    } catch (const Bad& e) {
        error = e.what();
        return std::nullopt;
    }
}

}  // namespace hexhall::tournament
