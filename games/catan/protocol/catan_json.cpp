#include "games/catan/protocol/catan_json.hpp"

#include <cstring>

namespace hexhall::protocol {
using namespace hexhall::catan;

namespace {

const char* const kResourceKeys[kResourceTypes] = {"lumber", "wool", "grain", "brick", "ore"};
const char* const kDevKeys[kDevCardTypes] = {"knight", "roadBuilding", "yearOfPlenty", "monopoly", "victoryPoint"};

const char* map_name(MapKind m) {
    static const char* n[] = {"starter", "random", "explicit"};
    return n[static_cast<int>(m)];
}
const char* placement_name(NumberPlacement p) { return p == NumberPlacement::Spiral ? "spiral" : "random"; }
const char* mode_name(TradeBuildMode m) { return m == TradeBuildMode::Classic ? "classic" : "combined"; }
const char* ruleset_name(Ruleset r) { return r == Ruleset::Base ? "base" : "hk2024"; }
const char* response_name(OfferResponse r) {
    static const char* n[] = {"none", "accepted", "rejected", "countered"};
    return n[static_cast<int>(r)];
}

json seats_of_mask(unsigned mask) {
    json a = json::array();
    for (int i = 0; i < kMaxPlayers; ++i)
        if (mask & (1u << i)) a.push_back(i);
    return a;
}

json dev_json(const std::array<uint8_t, kDevCardTypes>& d) {
    json o = json::object();
    for (int i = 0; i < kDevCardTypes; ++i) o[kDevKeys[i]] = d[i];
    return o;
}

json placed_json(const std::array<int8_t, kIntersections>& owner, const std::array<bool, kIntersections>& city,
                 bool want_city) {
    json o = json::object();
    for (int i = 0; i < kIntersections; ++i)
        if (owner[i] >= 0 && city[i] == want_city) o[std::to_string(i)] = owner[i];
    return o;
}

bool same_buildings(const SeatView& a, const SeatView& b) {
    return a.building_owner == b.building_owner && a.building_is_city == b.building_is_city;
}

}  // namespace

const char* resource_key(Resource r) { return kResourceKeys[idx(r)]; }

json resources_json(const ResourceCounts& c, bool all) {
    json o = json::object();
    for (int i = 0; i < kResourceTypes; ++i)
        if (all || c[i]) o[kResourceKeys[i]] = c[i];
    return o;
}

const char* section_key(ViewSection s) {
    static const char* n[] = {"active", "bank", "board", "cities", "deckSize", "devPlayed", "dice", "largestArmy",
                              "longestRoad", "offer", "options", "phase", "players", "roadBuildingLeft", "roads",
                              "robber", "rolled", "seat", "settlements", "setupStep", "turn", "winner"};
    return n[static_cast<int>(s)];
}

json player_json(const PlayerView& p, int index) {
    json o = json::object();
    o["seat"] = index;
    o["resourceCount"] = p.resource_count;
    o["devCardCount"] = p.dev_card_count;
    o["knightsPlayed"] = p.knights_played;
    o["roadLength"] = p.road_length;
    o["publicVp"] = p.public_vp;
    o["roadsLeft"] = p.roads_left;
    o["settlementsLeft"] = p.settlements_left;
    o["citiesLeft"] = p.cities_left;
    o["discardOwed"] = p.discard_owed;
    o["warnings"] = p.warnings;
    o["disqualified"] = p.disqualified;
    json h = json::array();
    for (int t = 0; t < 6; ++t)
        if (p.harbors & (1u << t)) h.push_back(harbor_name(static_cast<HarborType>(t)));
    o["harbors"] = std::move(h);
    if (p.known) {
        o["hand"] = resources_json(p.hand, true);
        o["devCards"] = dev_json(p.dev_cards);
        o["devBoughtThisTurn"] = dev_json(p.dev_bought_now);
        o["totalVp"] = p.total_vp;
    }
    return o;
}

json section_json(ViewSection s, const SeatView& v) {
    switch (s) {
        case ViewSection::Active: return v.active;
        case ViewSection::Bank: return resources_json(v.bank, true);
        case ViewSection::Board: {
            json t = json::array(), n = json::array(), h = json::array();
            for (int i = 0; i < kHexes; ++i) {
                t.push_back(terrain_name(v.board.terrain[i]));
                n.push_back(v.board.number[i]);
            }
            for (int i = 0; i < kHarbors; ++i) h.push_back(harbor_name(v.board.harbor[i]));
            return json{{"terrain", std::move(t)}, {"numbers", std::move(n)}, {"harbors", std::move(h)}};
        }
        case ViewSection::Cities: return placed_json(v.building_owner, v.building_is_city, true);
        case ViewSection::DeckSize: return v.deck_size;
        case ViewSection::DevPlayed: return v.dev_played;
        case ViewSection::Dice: return json::array({v.dice[0], v.dice[1]});
        case ViewSection::LargestArmy: return v.largest_army_holder;
        case ViewSection::LongestRoad: return v.longest_road_holder;
        case ViewSection::Offer: {
            if (!v.offer.open) return nullptr;
            const TradeOffer& o = v.offer;
            json resp = json::array(), counters = json::array();
            for (int i = 0; i < v.players; ++i) {
                resp.push_back(response_name(o.response[i]));
                if (o.response[i] == OfferResponse::Countered)
                    counters.push_back(json{{"give", resources_json(o.counter_give[i])},
                                            {"get", resources_json(o.counter_get[i])}});
                else
                    counters.push_back(nullptr);
            }
            return json{{"id", o.id},
                        {"from", v.active},
                        {"give", resources_json(o.give)},
                        {"get", resources_json(o.get)},
                        {"to", seats_of_mask(o.targets)},
                        {"responses", std::move(resp)},
                        {"counters", std::move(counters)}};
        }
        case ViewSection::Options: {
            const ResolvedOptions& o = v.options;
            return json{{"players", o.players},           {"map", map_name(o.map)},
                        {"numberPlacement", placement_name(o.number_placement)},
                        {"mode", mode_name(o.mode)},      {"ruleset", ruleset_name(o.ruleset)},
                        {"victoryPoints", o.victory_points}, {"startingSeat", o.starting_seat}};
        }
        case ViewSection::Phase: return phase_name(v.phase);
        case ViewSection::Players: {
            json a = json::array();
            for (int i = 0; i < v.players; ++i) a.push_back(player_json(v.player[i], i));
            return a;
        }
        case ViewSection::RoadBuildingLeft: return v.road_building_left;
        case ViewSection::Roads: {
            json o = json::object();
            for (int e = 0; e < kEdges; ++e)
                if (v.road_owner[e] >= 0) o[std::to_string(e)] = v.road_owner[e];
            return o;
        }
        case ViewSection::Robber: return v.robber;
        case ViewSection::Rolled: return v.rolled;
        case ViewSection::Seat: return v.seat;
        case ViewSection::Settlements: return placed_json(v.building_owner, v.building_is_city, false);
        case ViewSection::SetupStep: return v.setup_step;
        case ViewSection::Turn: return v.turn;
        case ViewSection::Winner: return v.winner;
    }
    return nullptr;
}

bool section_equal(ViewSection s, const SeatView& a, const SeatView& b) {
    switch (s) {
        case ViewSection::Active: return a.active == b.active;
        case ViewSection::Bank: return a.bank == b.bank;
        case ViewSection::Board: return a.board == b.board;
        case ViewSection::Cities: return same_buildings(a, b);
        case ViewSection::DeckSize: return a.deck_size == b.deck_size;
        case ViewSection::DevPlayed: return a.dev_played == b.dev_played;
        case ViewSection::Dice: return a.dice[0] == b.dice[0] && a.dice[1] == b.dice[1];
        case ViewSection::LargestArmy: return a.largest_army_holder == b.largest_army_holder;
        case ViewSection::LongestRoad: return a.longest_road_holder == b.longest_road_holder;
        case ViewSection::Offer: return a.offer == b.offer && a.active == b.active && a.players == b.players;
        case ViewSection::Options: return a.options == b.options;
        case ViewSection::Phase: return a.phase == b.phase;
        case ViewSection::Players: return a.players == b.players && a.player == b.player;
        case ViewSection::RoadBuildingLeft: return a.road_building_left == b.road_building_left;
        case ViewSection::Roads: return a.road_owner == b.road_owner;
        case ViewSection::Robber: return a.robber == b.robber;
        case ViewSection::Rolled: return a.rolled == b.rolled;
        case ViewSection::Seat: return a.seat == b.seat;
        case ViewSection::Settlements: return same_buildings(a, b);
        case ViewSection::SetupStep: return a.setup_step == b.setup_step;
        case ViewSection::Turn: return a.turn == b.turn;
        case ViewSection::Winner: return a.winner == b.winner;
    }
    return false;
}

json view_json(const SeatView& v) {
    json o = json::object();
    for (int i = 0; i < kViewSections; ++i)
        o[section_key(static_cast<ViewSection>(i))] = section_json(static_cast<ViewSection>(i), v);
    return o;
}

// ---------------------------------------------------------------- intents

json intent_json(const Action& a) {
    json o = json::object();
    o["type"] = action_name(a.type);
    switch (a.type) {
        case ActionType::PlaceSetupSettlement:
        case ActionType::BuildSettlement:
        case ActionType::BuildCity: o["intersection"] = a.location; break;
        case ActionType::PlaceSetupRoad:
        case ActionType::BuildRoad: o["edge"] = a.location; break;
        case ActionType::Discard: o["cards"] = resources_json(a.give); break;
        case ActionType::MoveRobber:
            o["hex"] = a.location;
            if (a.target >= 0) o["victim"] = a.target;
            break;
        case ActionType::BankTrade:
            o["give"] = resources_json(a.give);
            o["get"] = resources_json(a.get);
            break;
        case ActionType::CounterOffer:
            if (a.offer) o["offer"] = a.offer;  // 0: an action stored before answers named their offer
            o["give"] = resources_json(a.give);
            o["get"] = resources_json(a.get);
            break;
        case ActionType::OfferTrade:
            o["give"] = resources_json(a.give);
            o["get"] = resources_json(a.get);
            o["to"] = seats_of_mask(a.targets);
            break;
        case ActionType::AcceptOffer:
        case ActionType::RejectOffer:
            if (a.offer) o["offer"] = a.offer;
            break;
        case ActionType::ConfirmTrade:
            if (a.offer) o["offer"] = a.offer;
            o["with"] = a.target;
            break;
        case ActionType::PlayYearOfPlenty: o["cards"] = resources_json(a.get); break;
        case ActionType::PlayMonopoly: o["resource"] = resource_key(a.resource); break;
        case ActionType::Timeout:
        case ActionType::Warn: o["seat"] = a.seat; break;
        default: break;
    }
    return o;
}

namespace {

struct Reader {
    const json& j;
    IntentError& err;

    bool fail(const char* code, std::string msg) {
        err.code = code;
        err.message = std::move(msg);
        return false;
    }
    // An integer field in [lo, hi].
    bool integer(const char* key, int lo, int hi, int& out, bool optional = false) {
        auto it = j.find(key);
        if (it == j.end() || (optional && it->is_null())) {
            if (optional) return true;
            return fail("missing_field", std::string("missing field \"") + key + "\"");
        }
        return integer_value(*it, key, lo, hi, out);
    }
    bool integer_value(const json& v, const char* key, int lo, int hi, int& out) {
        if (!v.is_number_integer()) return fail("bad_type", std::string("\"") + key + "\" must be an integer");
        if (v.is_number_unsigned()) {
            const uint64_t u = v.get<uint64_t>();
            if (u > static_cast<uint64_t>(hi)) return fail("out_of_range", std::string("\"") + key + "\" out of range");
            out = static_cast<int>(u);
        } else {
            const int64_t s = v.get<int64_t>();
            if (s < lo || s > hi) return fail("out_of_range", std::string("\"") + key + "\" out of range");
            out = static_cast<int>(s);
        }
        if (out < lo) return fail("out_of_range", std::string("\"") + key + "\" out of range");
        return true;
    }
    bool resources(const char* key, ResourceCounts& out) {
        auto it = j.find(key);
        if (it == j.end()) return fail("missing_field", std::string("missing field \"") + key + "\"");
        if (!it->is_object()) return fail("bad_type", std::string("\"") + key + "\" must be a resource object");
        out = {};
        for (auto r = it->begin(); r != it->end(); ++r) {
            int k = -1;
            for (int i = 0; i < kResourceTypes; ++i)
                if (r.key() == kResourceKeys[i]) k = i;
            if (k < 0) return fail("bad_value", std::string("\"") + key + "\" has an unknown resource name");
            int n = 0;
            if (!integer_value(r.value(), key, 0, kCardsPerResource, n)) return false;
            out[k] = static_cast<uint8_t>(n);
        }
        return true;
    }
    bool resource(const char* key, Resource& out) {
        auto it = j.find(key);
        if (it == j.end()) return fail("missing_field", std::string("missing field \"") + key + "\"");
        if (!it->is_string()) return fail("bad_type", std::string("\"") + key + "\" must be a resource name");
        const std::string& s = it->get_ref<const std::string&>();
        for (int i = 0; i < kResourceTypes; ++i)
            if (s == kResourceKeys[i]) {
                out = static_cast<Resource>(i);
                return true;
            }
        return fail("bad_value", std::string("\"") + key + "\" is not a resource name");
    }
    bool seats(const char* key, uint8_t& mask) {
        auto it = j.find(key);
        if (it == j.end()) return fail("missing_field", std::string("missing field \"") + key + "\"");
        if (!it->is_array()) return fail("bad_type", std::string("\"") + key + "\" must be an array of seats");
        if (it->empty() || it->size() > static_cast<size_t>(kMaxPlayers))
            return fail("out_of_range", std::string("\"") + key + "\" must list 1 to 4 seats");
        mask = 0;
        for (const json& s : *it) {
            int seat = 0;
            if (!integer_value(s, key, 0, kMaxPlayers - 1, seat)) return false;
            mask = static_cast<uint8_t>(mask | (1u << seat));
        }
        return true;
    }
};

// Answers and confirmations name the offer they answer (CAT-9.8): "offer" = its id.
bool answers_offer(ActionType t) {
    return t == ActionType::AcceptOffer || t == ActionType::RejectOffer || t == ActionType::CounterOffer ||
           t == ActionType::ConfirmTrade;
}

// The members an intent of type `t` may have (the schema's properties for it).
bool intent_member(ActionType t, const std::string& key) {
    if (key == "type") return true;
    if (key == "offer") return answers_offer(t);
    switch (t) {
        case ActionType::PlaceSetupSettlement:
        case ActionType::BuildSettlement:
        case ActionType::BuildCity: return key == "intersection";
        case ActionType::PlaceSetupRoad:
        case ActionType::BuildRoad: return key == "edge";
        case ActionType::Discard:
        case ActionType::PlayYearOfPlenty: return key == "cards";
        case ActionType::MoveRobber: return key == "hex" || key == "victim";
        case ActionType::BankTrade:
        case ActionType::CounterOffer: return key == "give" || key == "get";
        case ActionType::OfferTrade: return key == "give" || key == "get" || key == "to";
        case ActionType::ConfirmTrade: return key == "with";
        case ActionType::PlayMonopoly: return key == "resource";
        default: return false;
    }
}

}  // namespace

std::optional<Action> intent_from_json(const json& j, int seat, IntentError& err, bool offer_required) {
    if (!j.is_object()) {
        err = {"bad_type", "the intent must be an object"};
        return std::nullopt;
    }
    auto t = j.find("type");
    if (t == j.end()) {
        err = {"missing_field", "missing field \"type\" in the intent"};
        return std::nullopt;
    }
    if (!t->is_string()) {
        err = {"bad_type", "the intent \"type\" must be a string"};
        return std::nullopt;
    }
    const std::string& name = t->get_ref<const std::string&>();
    int type = -1;
    for (int i = 0; i < kActionTypes; ++i)
        if (!is_referee_action(static_cast<ActionType>(i)) && name == action_name(static_cast<ActionType>(i))) type = i;
    if (type < 0) {
        err = {"unknown_type", "unknown intent type"};
        return std::nullopt;
    }
    Action a;
    a.type = static_cast<ActionType>(type);
    a.seat = static_cast<uint8_t>(seat);
    // Only the members the schema names for this type (additionalProperties: false).
    for (auto it = j.begin(); it != j.end(); ++it)
        if (!intent_member(a.type, it.key())) {
            err = {"unknown_field", "\"" + it.key() + "\" is not a member of a " + name + " intent"};
            return std::nullopt;
        }
    Reader r{j, err};
    int n = 0;
    bool ok = true;
    if (answers_offer(a.type) && (offer_required || j.contains("offer"))) {
        ok = r.integer("offer", 1, 65535, n);
        a.offer = static_cast<uint16_t>(n);
    }
    switch (a.type) {
        case ActionType::PlaceSetupSettlement:
        case ActionType::BuildSettlement:
        case ActionType::BuildCity:
            ok = r.integer("intersection", 0, kIntersections - 1, n);
            a.location = static_cast<uint8_t>(n);
            break;
        case ActionType::PlaceSetupRoad:
        case ActionType::BuildRoad:
            ok = r.integer("edge", 0, kEdges - 1, n);
            a.location = static_cast<uint8_t>(n);
            break;
        case ActionType::Discard: ok = r.resources("cards", a.give); break;
        case ActionType::MoveRobber: {
            ok = r.integer("hex", 0, kHexes - 1, n);
            a.location = static_cast<uint8_t>(n);
            int victim = -1;
            ok = ok && r.integer("victim", 0, kMaxPlayers - 1, victim, true);
            a.target = static_cast<int8_t>(victim);
            break;
        }
        case ActionType::BankTrade:
        case ActionType::CounterOffer: ok = ok && r.resources("give", a.give) && r.resources("get", a.get); break;
        case ActionType::OfferTrade:
            ok = r.resources("give", a.give) && r.resources("get", a.get) && r.seats("to", a.targets);
            break;
        case ActionType::ConfirmTrade:
            ok = ok && r.integer("with", 0, kMaxPlayers - 1, n);
            a.target = static_cast<int8_t>(n);
            break;
        case ActionType::PlayYearOfPlenty: ok = r.resources("cards", a.get); break;
        case ActionType::PlayMonopoly: ok = r.resource("resource", a.resource); break;
        default: break;
    }
    if (!ok) return std::nullopt;
    return a;
}

// ---------------------------------------------------------------- events

namespace {
const char* event_name(EventType t) {
    static const char* n[] = {"startingRoll", "startingPlayer", "placementBegan", "settlementPlaced", "roadPlaced",
                              "cityBuilt", "startingResources", "diceRolled", "produced", "productionBlocked",
                              "discardRequired", "discarded", "robberMoved", "stole", "bankTraded", "tradeOffered",
                              "tradeAccepted", "tradeRejected", "tradeCountered", "tradeWithdrawn", "tradeExecuted",
                              "devCardBought", "devCardPlayed", "monopolyTook", "yearOfPlentyTook", "longestRoad",
                              "largestArmy", "turnEnded", "turnStarted", "timedOut", "warned", "disqualified",
                              "gameOver"};
    return n[static_cast<int>(t)];
}
}  // namespace

json event_json(const Event& e) {
    json o = json::object();
    o["type"] = event_name(e.type);
    if (e.type != EventType::PlacementBegan && e.type != EventType::ProductionBlocked) o["seat"] = e.seat;
    switch (e.type) {
        case EventType::StartingRoll:
        case EventType::DiceRolled: o["dice"] = json::array({e.dice[0], e.dice[1]}); break;
        case EventType::SettlementPlaced:
        case EventType::CityBuilt: o["intersection"] = e.location; break;
        case EventType::RoadPlaced: o["edge"] = e.location; break;
        case EventType::RobberMoved: o["hex"] = e.location; break;
        case EventType::StartingResources:
        case EventType::Produced:
        case EventType::Discarded:
        case EventType::YearOfPlentyTook: o["cards"] = resources_json(e.cards); break;
        case EventType::ProductionBlocked: o["resource"] = resource_key(e.resource); break;
        case EventType::DiscardRequired: o["count"] = e.value; break;
        case EventType::Stole:
            o["victim"] = e.other;
            o["count"] = e.value;
            if (e.has_resource) o["resource"] = resource_key(e.resource);
            break;
        case EventType::BankTraded:
        case EventType::TradeCountered:
            o["give"] = resources_json(e.cards);
            o["get"] = resources_json(e.cards2);
            break;
        case EventType::TradeOffered:
            o["give"] = resources_json(e.cards);
            o["get"] = resources_json(e.cards2);
            o["to"] = seats_of_mask(e.value);
            break;
        case EventType::TradeExecuted:
            o["partner"] = e.other;
            o["give"] = resources_json(e.cards);
            o["get"] = resources_json(e.cards2);
            break;
        case EventType::DevCardBought:
        case EventType::DevCardPlayed:
            if (e.has_card) o["card"] = kDevKeys[static_cast<int>(e.card)];
            break;
        case EventType::MonopolyTook:
            o["victim"] = e.other;
            o["resource"] = resource_key(e.resource);
            o["count"] = e.value;
            break;
        case EventType::LongestRoad: o["length"] = e.value; break;
        case EventType::LargestArmy: o["knights"] = e.value; break;
        case EventType::TurnStarted: o["turn"] = e.value; break;
        case EventType::Warned: o["warnings"] = e.value; break;
        default: break;
    }
    return o;
}

json events_json(const EventList& events, int seat, size_t first) {
    json a = json::array();
    for (size_t i = first; i < events.size(); ++i)
        if (visible_to(events[i], seat)) a.push_back(event_json(events[i]));
    return a;
}

json legal_json(const LegalActions& la) {
    json acts = json::array();
    for (const Action& a : la) acts.push_back(intent_json(a));
    json rate = json::object();
    for (int i = 0; i < kResourceTypes; ++i) rate[kResourceKeys[i]] = la.bank_rate[i];
    return json{{"actions", std::move(acts)},         {"discard", la.discard},
                {"offerTrade", la.offer_trade},       {"counterOffer", la.counter_offer},
                {"bankTradeBundles", la.bank_trade_bundles}, {"bankRate", std::move(rate)}};
}

}  // namespace hexhall::protocol
