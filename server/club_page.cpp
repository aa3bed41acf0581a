#include "server/club_page.hpp"

#include <nlohmann/json.hpp>

#include "server/hub.hpp"
#include "server/url_query.hpp"

namespace hexhall::server {

using json = nlohmann::json;

std::optional<HttpAnswer> club_endpoint(const Hub& hub, std::string_view target) {
    if (!target.starts_with("/clubs/")) return std::nullopt;
    const std::optional<std::string> name = url_decode(target.substr(7));
    const std::string key = account_name_key(name.value_or(""));  // found as a player's name is
    const std::optional<Club> club = key.empty() ? std::nullopt : hub.clubs().by_key(key);
    if (!club) return HttpAnswer{404, json{{"error", "no_club"}, {"message", "no club has this name"}}.dump()};
    json page = hub.club_json(*club, false);
    // Ladders list the club's members now (a member who left or was removed drops off, a deleted
    // account too); their ratings stay in the club's book.
    auto member_name = [&hub, &club](const std::string& id) {
        if (!club->members.count(id)) return std::string();
        const std::optional<Account> a = hub.accounts().by_id(id);
        return a && !a->deleted ? a->name : std::string();
    };
    page["ladders"] = hub.club_ladders().ladders(club->row.id, member_name);
    return HttpAnswer{200, page.dump(-1, ' ', false, json::error_handler_t::replace)};
}

}  // namespace hexhall::server
