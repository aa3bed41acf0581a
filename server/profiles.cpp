#include "server/profiles.hpp"

#include <nlohmann/json.hpp>

#include "server/hub.hpp"
#include "server/unix_time.hpp"
#include "server/url_query.hpp"

namespace hexhall::server {

using json = nlohmann::json;

namespace {

HttpAnswer error(int status, const std::string& code, const std::string& message) {
    return {status, json{{"error", code}, {"message", message}}.dump()};
}

}  // namespace

std::optional<HttpAnswer> player_endpoint(const Hub& hub, std::string_view target, std::string_view query) {
    auto name_of = [&hub](const std::string& id) {
        const std::optional<Account> a = hub.accounts().by_id(id);
        return a ? a->name : std::string("?");
    };
    if (target.starts_with("/players/")) {
        const std::optional<std::string> name = url_decode(target.substr(9));
        const std::string key = account_name_key(name.value_or(""));
        const std::optional<Account> account = key.empty() ? std::nullopt : hub.accounts().by_key(key);
        if (!account) return error(404, "no_player", "no player has this name");
        json page = hub.ratings().profile(account->id, account->name, name_of);
        page["since"] = account->created_ms;
        return HttpAnswer{200, page.dump(-1, ' ', false, json::error_handler_t::replace)};
    }
    if (target != "/leaderboard") return std::nullopt;
    const std::optional<std::string> game = url_decode(param(query, "game").value_or(""));
    if (!game || game->empty()) return error(400, "bad_request", "name a game: /leaderboard?game=<game>");
    const std::optional<std::string> ruleset = url_decode(param(query, "ruleset").value_or("standard"));
    const std::optional<std::string> season = url_decode(param(query, "season").value_or(""));
    if (!ruleset || !season) return error(400, "bad_request", "a malformed %-escape");
    auto listed_name = [&hub](const std::string& id) {  // deleted accounts leave the leaderboards
        const std::optional<Account> a = hub.accounts().by_id(id);
        return a && !a->deleted ? a->name : std::string();
    };
    const json board = hub.ratings().leaderboard(*game, *ruleset, *season, unix_ms_now(), listed_name);
    return HttpAnswer{200, board.dump(-1, ' ', false, json::error_handler_t::replace)};
}

}  // namespace hexhall::server
