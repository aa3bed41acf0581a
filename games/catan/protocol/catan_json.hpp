// Catan payloads as JSON: views, intents (actions), events, legal actions.
// Ids are those of games/catan/docs/board.md; resources are objects {"lumber":1,...}. No floats anywhere.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/view.hpp"

namespace hexhall::protocol {

using json = nlohmann::json;

// Resource object. Views list all five names (`all` = true); actions and events only non-zero ones.
json resources_json(const catan::ResourceCounts& c, bool all = false);
const char* resource_key(catan::Resource r);

// The whole view of one seat (or the spectator) as one JSON object.
json view_json(const catan::SeatView& v);

// View sections: the view object is the union of these top-level keys, in sorted (canonical) order.
// Used by ViewStream to rebuild and diff only what changed.
enum class ViewSection : int {
    Active, Bank, Board, Cities, DeckSize, DevPlayed, Dice, LargestArmy, LongestRoad, Offer, Options, Phase,
    Players, RoadBuildingLeft, Roads, Robber, Rolled, Seat, Settlements, SetupStep, Turn, Winner,
};
inline constexpr int kViewSections = static_cast<int>(ViewSection::Winner) + 1;
const char* section_key(ViewSection s);
json section_json(ViewSection s, const catan::SeatView& v);
bool section_equal(ViewSection s, const catan::SeatView& a, const catan::SeatView& b);
json player_json(const catan::PlayerView& p, int index);

// An action as an intent (no seat: the server knows who sent it). Referee actions are not intents.
json intent_json(const catan::Action& a);
// Decoding an intent: the error code, field and message on failure.
struct IntentError {
    std::string code;
    std::string message;
};
// Parses an intent for `seat`; returns the action, or fills `err`. Never throws. Members the schema
// does not name for the type are refused (unknown_field). Answers and confirmations (acceptOffer,
// rejectOffer, counterOffer, confirmTrade) need "offer", the id of the offer answered, unless
// `offer_required` is false (reading records stored before answers named their offer: 0 then).
std::optional<catan::Action> intent_from_json(const json& j, int seat, IntentError& err, bool offer_required = true);

// An event as JSON (the caller checks visibility).
json event_json(const catan::Event& e);
// The events of `events` visible to `seat` (catan::kSpectator for spectators).
json events_json(const catan::EventList& events, int seat, size_t first = 0);

// Legal actions of a seat: {"actions":[intents], "discard":n, "offerTrade":b, "counterOffer":b,
// "bankTradeBundles":b, "bankRate":{...}}.
json legal_json(const catan::LegalActions& la);

}  // namespace hexhall::protocol
