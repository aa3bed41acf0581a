// The desk's HTTP API (docs/tournaments.md, "HTTP API"): JSON in and out, the caller's token as
// "Authorization: Bearer <token>". Errors: {"error": code, "message": why, "rule"?}.
#include <charconv>
#include <optional>
#include <string_view>
#include <vector>

#include "server/room_directory.hpp"
#include "tournament/desk/desk.hpp"

namespace hexhall::tournament {

using json = nlohmann::json;

namespace {

std::vector<std::string> split_path(std::string_view path) {
    std::vector<std::string> parts;
    size_t i = 0;
    while (i < path.size()) {
        while (i < path.size() && path[i] == '/') ++i;
        const size_t j = path.find('/', i);
        if (i < path.size()) parts.emplace_back(path.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
        if (j == std::string_view::npos) break;
        i = j;
    }
    return parts;
}

bool query_has(std::string_view query, std::string_view pair) {
    size_t i = 0;
    while (i <= query.size()) {
        const size_t j = query.find('&', i);
        if (query.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i) == pair) return true;
        if (j == std::string_view::npos) break;
        i = j + 1;
    }
    return false;
}

std::string bearer(const std::string& authorization) {
    constexpr std::string_view kPrefix = "Bearer ";
    return authorization.starts_with(kPrefix) ? authorization.substr(kPrefix.size()) : std::string();
}

server::HttpAnswer answer(const DeskReply& r) {
    server::HttpAnswer a{r.status, r.body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json", {}};
    if (r.retry_after_s > 0) a.headers.emplace_back("Retry-After", std::to_string(r.retry_after_s));
    return a;
}

server::HttpAnswer error(int status, const std::string& code, const std::string& message) {
    return answer({status, {{"error", code}, {"message", message}}});
}

std::optional<int> number(const std::string& s) {
    int n = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || end != s.data() + s.size() || n < 1 || n > 1000) return std::nullopt;
    return n;
}

// The HTTP base of a node's public WebSocket URL (ws://host:port/ws -> http://host:port).
std::string http_base(const std::string& ws_url) {
    std::string u = ws_url;
    if (u.starts_with("wss://")) u = "https://" + u.substr(6);
    else if (u.starts_with("ws://")) u = "http://" + u.substr(5);
    const size_t scheme = u.find("://");
    const size_t path = u.find('/', scheme == std::string::npos ? 0 : scheme + 3);
    return path == std::string::npos ? u : u.substr(0, path);
}

}  // namespace

std::optional<server::HttpAnswer> Desk::route(const server::HttpRequest& req, const std::string& id, bool get) {
    {
        std::lock_guard lock(mu_);
        if (entries_.count(id)) return std::nullopt;
    }
    try {
        server::RoomLocation where = directory_->locate_key(kOwnerPrefix + id);
        if (where.kind == server::RoomLocation::Kind::None) return std::nullopt;  // no such tournament
        if (where.kind == server::RoomLocation::Kind::Free) {  // nobody runs it (its node died): this one does
            if (adopt(id)) return std::nullopt;
            where = directory_->locate_key(kOwnerPrefix + id);  // another node was faster
        }
        if (where.kind != server::RoomLocation::Kind::Elsewhere)
            return error(503, "store_unavailable", "the tournament cannot be reached now; try again");
        if (get) {  // read from the store: what its owner committed last
            std::string why;
            std::optional<Entry> e = load_entry(id, why);
            if (!e) return std::nullopt;
            std::lock_guard lock(mu_);
            if (!entries_.count(id)) mirrors_[id] = std::move(*e);
            return std::nullopt;
        }
        // A change: made by the node that runs it (307 keeps the method and the body). A browser's
        // page (it sends Origin) gets 409 with the same body instead: its fetch would follow a 307 by
        // itself and drop the Authorization header on the way to another origin, and cannot read the
        // redirect it was told not to follow; it re-sends the change to `url` with its headers.
        const std::string location = http_base(where.url) + req.path + (req.query.empty() ? "" : "?" + req.query);
        const int status = req.origin.empty() ? 307 : 409;
        server::HttpAnswer a = answer({status, {{"error", "moved"}, {"message", "another node runs this tournament"}, {"url", location}}});
        if (status == 307) a.headers.emplace_back("Location", location);
        return a;
    } catch (const std::exception&) {
        return error(503, "store_unavailable", "the tournament cannot be reached now; try again");
    }
}

server::HttpAnswer Desk::http(const server::HttpRequest& req) {
    const std::vector<std::string> p = split_path(req.path);  // p[0] == "tournaments"
    const std::string token = bearer(req.authorization);
    const std::string& m = req.method;
    json body = json::object();
    if (m == "POST" || m == "PATCH") {
        if (!req.body.empty()) {
            body = json::parse(req.body, nullptr, false);
            if (body.is_discarded() || !body.is_object()) return error(400, "bad_request", "the body must be a JSON object");
        }
    } else if (m != "GET" && m != "HEAD") {
        return error(405, "method_not_allowed", "use GET, POST or PATCH");
    }
    const bool get = m == "GET" || m == "HEAD";
    const bool post = m == "POST";
    if (p.size() == 1) {
        if (post) {
            DeskReply r = create(body);
            if (r.status == 201) {  // the organiser's address, for the room quotas of its tables
                std::lock_guard lock(mu_);
                organiser_addresses_[r.body.value("id", "")] = req.address;
            }
            return answer(r);
        }
        return error(405, "method_not_allowed", "POST /tournaments creates a tournament");
    }
    const std::string& id = p[1];
    if (id.size() > 32) return error(404, "no_tournament", "no such tournament");
    if (directory_)  // several nodes: one runs it (docs/decisions/030-tournaments-on-several-nodes.md)
        if (std::optional<server::HttpAnswer> elsewhere = route(req, id, get)) return std::move(*elsewhere);
    if (p.size() == 2 && get) return answer(view(id, token));
    const std::string what = p.size() > 2 ? p[2] : "";
    if (p.size() == 3) {
        if (what == "entrants" && post) return answer(add_entrant(id, token, body, req.address));
        if (what == "groups" && post) return answer(add_group(id, token, body));
        if (what == "referees" && post) return answer(add_referee(id, token, body));
        if (what == "close" && post) return answer(close(id, token));
        if (what == "rounds" && post) return answer(seat_round(id, token));
        if (what == "checkin" && post) return answer(check_in(id, token, body));
        if (what == "me" && get) return answer(me(id, token));
        if (what == "referee" && post) return answer(referee(id, token, body));
        if ((what == "standings" || what == "standings.csv") && get) {
            const bool csv = what == "standings.csv" || query_has(req.query, "format=csv");
            const bool teams = query_has(req.query, "teams=1");
            std::string text;
            DeskReply r = standings(id, csv, teams, text);
            if (r.status != 200 || !csv) return answer(r);
            return {200, std::move(text), "text/csv; charset=utf-8",
                    {{"Content-Disposition", std::string("attachment; filename=\"") + (teams ? "teams" : "standings") + "-" + id + ".csv\""}}};
        }
    }
    if (p.size() == 4 && what == "entrants" && m == "PATCH") return answer(change_entrant(id, token, p[3], body));
    if (p.size() == 5 && what == "entrants" && p[4] == "substitute" && post) return answer(substitute(id, token, p[3], body));
    if (p.size() == 5 && what == "rounds" && post) {
        const std::optional<int> r = number(p[3]);
        if (!r) return error(404, "not_found", "no such round");
        if (p[4] == "swap") return answer(swap(id, token, *r, body));
        if (p[4] == "start") return answer(start_round(id, token, *r, body));
    }
    return error(404, "not_found", "no such tournament endpoint (docs/tournaments.md)");
}

}  // namespace hexhall::tournament
