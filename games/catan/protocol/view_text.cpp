#include "games/catan/protocol/view_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <string_view>

namespace hexhall::protocol {
using namespace hexhall::catan;

namespace {

// ------------------------------------------------------------------ scalars

void put_int(std::string& o, int v) {
    char b[12];
    const auto r = std::to_chars(b, b + sizeof b, v);
    o.append(b, r.ptr);
}
void put_bool(std::string& o, bool v) { o.append(v ? "true" : "false"); }
// Every name the view writes is a plain ASCII identifier: nothing to escape.
void put_name(std::string& o, const char* s) {
    o.push_back('"');
    o.append(s);
    o.push_back('"');
}
void put_key(std::string& o, std::string_view k) {
    o.push_back('"');
    o.append(k);
    o.append("\":");
}

// ------------------------------------------------------------------ key orders
// JSON objects dump (and diff) their members in sorted key order (std::map<std::string, ...>).

template <int N, class Name>
std::array<int, N> sorted_by_name(Name name) {
    std::array<int, N> order{};
    for (int i = 0; i < N; ++i) order[static_cast<size_t>(i)] = i;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return std::strcmp(name(a), name(b)) < 0; });
    return order;
}

struct Names {
    // Resources: brick, grain, lumber, ore, wool. Development cards: knight, monopoly, roadBuilding, ...
    std::array<int, kResourceTypes> resource = sorted_by_name<kResourceTypes>(
        [](int i) { return resource_key(static_cast<Resource>(i)); });
    std::array<int, kDevCardTypes> dev = sorted_by_name<kDevCardTypes>(
        [](int i) { return dev_card_name(static_cast<DevCard>(i)); });
    // Ids as object keys sort as text ("0", "1", "10", "11", ..., "2", ...).
    std::array<std::array<char, 4>, kEdges> id_text{};
    std::array<int, kIntersections> intersection{};
    std::array<int, kEdges> edge{};
    Names() {
        for (int i = 0; i < kEdges; ++i) std::to_chars(id_text[size_t(i)].data(), id_text[size_t(i)].data() + 3, i);
        auto id = [this](int i) { return id_text[size_t(i)].data(); };
        intersection = sorted_by_name<kIntersections>(id);
        edge = sorted_by_name<kEdges>(id);
    }
    const char* id(int i) const { return id_text[size_t(i)].data(); }
};
const Names& names() {
    static const Names n;
    return n;
}

// ------------------------------------------------------------------ ops
// One op as json's dump writes it: members in key order "op", "path", "value".

void op_begin(std::string& o, const char* op, std::string_view path, std::string_view key) {
    if (!o.empty()) o.push_back(',');
    o.append("{\"op\":\"");
    o.append(op);
    o.append("\",\"path\":\"");
    o.append(path);
    o.push_back('/');
    o.append(key);
    o.push_back('"');
}
void op_value(std::string& o) { o.append(",\"value\":"); }
void op_end(std::string& o) { o.push_back('}'); }

void replace_int(std::string& o, std::string_view path, std::string_view key, int v) {
    op_begin(o, "replace", path, key);
    op_value(o);
    put_int(o, v);
    op_end(o);
}
void replace_bool(std::string& o, std::string_view path, std::string_view key, bool v) {
    op_begin(o, "replace", path, key);
    op_value(o);
    put_bool(o, v);
    op_end(o);
}

// The fallback for changes of structure (rare): json::diff of the two JSON values.
void json_ops(std::string& o, const json& a, const json& b, const std::string& path) {
    for (const json& op : json::diff(a, b, path)) {
        if (!o.empty()) o.push_back(',');
        o.append(op.dump());
    }
}

// ------------------------------------------------------------------ resources, dev cards

// Card counts by name, all names listed (as views list resources and development cards).
const char* resource_name(int r) { return resource_key(static_cast<Resource>(r)); }
const char* dev_name(int k) { return dev_card_name(static_cast<DevCard>(k)); }

template <size_t N>
void put_counts(std::string& o, const std::array<int, N>& order, const char* (*name)(int),
                const std::array<uint8_t, N>& c) {
    o.push_back('{');
    bool first = true;
    for (int k : order) {
        if (!first) o.push_back(',');
        first = false;
        put_key(o, name(k));
        put_int(o, c[size_t(k)]);
    }
    o.push_back('}');
}
template <size_t N>
void counts_ops(std::string& o, std::string_view path, const std::array<int, N>& order, const char* (*name)(int),
                const std::array<uint8_t, N>& a, const std::array<uint8_t, N>& b) {
    for (int k : order)
        if (a[size_t(k)] != b[size_t(k)]) replace_int(o, path, name(k), b[size_t(k)]);
}

void put_resources(std::string& o, const ResourceCounts& c) { put_counts(o, names().resource, resource_name, c); }
void resources_ops(std::string& o, std::string_view path, const ResourceCounts& a, const ResourceCounts& b) {
    counts_ops(o, path, names().resource, resource_name, a, b);
}
using DevCounts = std::array<uint8_t, kDevCardTypes>;
void put_dev(std::string& o, const DevCounts& d) { put_counts(o, names().dev, dev_name, d); }
void dev_ops(std::string& o, std::string_view path, const DevCounts& a, const DevCounts& b) {
    counts_ops(o, path, names().dev, dev_name, a, b);
}

// ------------------------------------------------------------------ pieces on the board
// {"<id>": owner, ...}: settlements and cities by intersection, roads by edge, ids in key order.

template <size_t N, class Has>
void put_placed(std::string& o, const std::array<int, N>& order, const std::array<int8_t, N>& owner, Has has) {
    o.push_back('{');
    bool first = true;
    for (int i : order) {
        if (!has(i)) continue;
        if (!first) o.push_back(',');
        first = false;
        put_key(o, names().id(i));
        put_int(o, owner[size_t(i)]);
    }
    o.push_back('}');
}

// json::diff of two such objects: the members of a in key order (replace or remove), then the members
// only in b, in key order (add).
template <size_t N, class HasA, class HasB>
void placed_ops(std::string& o, std::string_view path, const std::array<int, N>& order,
                const std::array<int8_t, N>& a, HasA has_a, const std::array<int8_t, N>& b, HasB has_b) {
    for (int i : order) {
        if (!has_a(i)) continue;
        if (!has_b(i)) {
            op_begin(o, "remove", path, names().id(i));
            op_end(o);
        } else if (a[size_t(i)] != b[size_t(i)]) {
            replace_int(o, path, names().id(i), b[size_t(i)]);
        }
    }
    for (int i : order) {
        if (has_a(i) || !has_b(i)) continue;
        op_begin(o, "add", path, names().id(i));
        op_value(o);
        put_int(o, b[size_t(i)]);
        op_end(o);
    }
}

auto building(const SeatView& v, bool city) {
    return [&v, city](int i) { return v.building_owner[size_t(i)] >= 0 && v.building_is_city[size_t(i)] == city; };
}
auto road(const SeatView& v) {
    return [&v](int e) { return v.road_owner[size_t(e)] >= 0; };
}

// ------------------------------------------------------------------ players
// player_json's members, in key order. Those marked `known` exist only in a known player's object.

enum class Field : uint8_t {
    CitiesLeft, DevBoughtThisTurn, DevCardCount, DevCards, DiscardOwed, Disqualified, Hand, Harbors,
    KnightsPlayed, PublicVp, ResourceCount, RoadLength, RoadsLeft, Seat, SettlementsLeft, TotalVp, Warnings,
};
struct FieldInfo {
    Field field;
    const char* key;
    bool known;
};
constexpr FieldInfo kPlayerFields[] = {
    {Field::CitiesLeft, "citiesLeft", false},           {Field::DevBoughtThisTurn, "devBoughtThisTurn", true},
    {Field::DevCardCount, "devCardCount", false},       {Field::DevCards, "devCards", true},
    {Field::DiscardOwed, "discardOwed", false},         {Field::Disqualified, "disqualified", false},
    {Field::Hand, "hand", true},                        {Field::Harbors, "harbors", false},
    {Field::KnightsPlayed, "knightsPlayed", false},     {Field::PublicVp, "publicVp", false},
    {Field::ResourceCount, "resourceCount", false},     {Field::RoadLength, "roadLength", false},
    {Field::RoadsLeft, "roadsLeft", false},             {Field::Seat, "seat", false},
    {Field::SettlementsLeft, "settlementsLeft", false}, {Field::TotalVp, "totalVp", true},
    {Field::Warnings, "warnings", false},
};

// The integer fields' values (the seat is the player's index).
int int_field(Field f, const PlayerView& p, int index) {
    switch (f) {
        case Field::CitiesLeft: return p.cities_left;
        case Field::DevCardCount: return p.dev_card_count;
        case Field::DiscardOwed: return p.discard_owed;
        case Field::KnightsPlayed: return p.knights_played;
        case Field::PublicVp: return p.public_vp;
        case Field::ResourceCount: return p.resource_count;
        case Field::RoadLength: return p.road_length;
        case Field::RoadsLeft: return p.roads_left;
        case Field::Seat: return index;
        case Field::SettlementsLeft: return p.settlements_left;
        case Field::TotalVp: return p.total_vp;
        case Field::Warnings: return p.warnings;
        default: return 0;
    }
}

void put_harbors(std::string& o, uint8_t mask) {
    o.push_back('[');
    bool first = true;
    for (int t = 0; t < 6; ++t) {
        if (!(mask & (1u << t))) continue;
        if (!first) o.push_back(',');
        first = false;
        put_name(o, harbor_name(static_cast<HarborType>(t)));
    }
    o.push_back(']');
}

// ------------------------------------------------------------------ other sections

// Sections of one scalar value; false for the others.
bool put_scalar(std::string& o, ViewSection s, const SeatView& v) {
    switch (s) {
        case ViewSection::Active: put_int(o, v.active); return true;
        case ViewSection::DeckSize: put_int(o, v.deck_size); return true;
        case ViewSection::DevPlayed: put_bool(o, v.dev_played); return true;
        case ViewSection::LargestArmy: put_int(o, v.largest_army_holder); return true;
        case ViewSection::LongestRoad: put_int(o, v.longest_road_holder); return true;
        case ViewSection::Phase: put_name(o, phase_name(v.phase)); return true;
        case ViewSection::RoadBuildingLeft: put_int(o, v.road_building_left); return true;
        case ViewSection::Robber: put_int(o, v.robber); return true;
        case ViewSection::Rolled: put_bool(o, v.rolled); return true;
        case ViewSection::Seat: put_int(o, v.seat); return true;
        case ViewSection::SetupStep: put_int(o, v.setup_step); return true;
        case ViewSection::Turn: put_int(o, v.turn); return true;
        case ViewSection::Winner: put_int(o, v.winner); return true;
        default: return false;
    }
}

}  // namespace

void append_player_text(std::string& o, const PlayerView& p, int index) {
    o.push_back('{');
    bool first = true;
    for (const FieldInfo& f : kPlayerFields) {
        if (f.known && !p.known) continue;
        if (!first) o.push_back(',');
        first = false;
        put_key(o, f.key);
        switch (f.field) {
            case Field::DevBoughtThisTurn: put_dev(o, p.dev_bought_now); break;
            case Field::DevCards: put_dev(o, p.dev_cards); break;
            case Field::Disqualified: put_bool(o, p.disqualified); break;
            case Field::Hand: put_resources(o, p.hand); break;
            case Field::Harbors: put_harbors(o, p.harbors); break;
            default: put_int(o, int_field(f.field, p, index)); break;
        }
    }
    o.push_back('}');
}

void append_player_ops(std::string& o, const PlayerView& a, const PlayerView& b, int index) {
    char path[16] = "/players/";
    const auto end = std::to_chars(path + 9, path + sizeof path, index).ptr;
    const std::string_view p(path, static_cast<size_t>(end - path));
    if (a.known != b.known || a.harbors != b.harbors) {
        // Members appear or an array changes length (a player's hand shown at the end, a new harbor).
        json_ops(o, player_json(a, index), player_json(b, index), std::string(p));
        return;
    }
    // The same members: each one that changed, in key order (sub-objects member by member).
    char sub[48];
    for (const FieldInfo& f : kPlayerFields) {
        if (f.known && !a.known) continue;
        switch (f.field) {
            case Field::DevBoughtThisTurn:
            case Field::DevCards:
            case Field::Hand: {
                // "/players/<index>/<key>"
                const size_t k = std::strlen(f.key);
                std::memcpy(sub, p.data(), p.size());
                sub[p.size()] = '/';
                std::memcpy(sub + p.size() + 1, f.key, k);
                const std::string_view sp(sub, p.size() + 1 + k);
                if (f.field == Field::Hand) resources_ops(o, sp, a.hand, b.hand);
                else if (f.field == Field::DevCards) dev_ops(o, sp, a.dev_cards, b.dev_cards);
                else dev_ops(o, sp, a.dev_bought_now, b.dev_bought_now);
                break;
            }
            case Field::Disqualified:
                if (a.disqualified != b.disqualified) replace_bool(o, p, f.key, b.disqualified);
                break;
            case Field::Harbors: break;  // equal (checked above)
            default: {
                const int x = int_field(f.field, a, index), y = int_field(f.field, b, index);
                if (x != y) replace_int(o, p, f.key, y);
            }
        }
    }
}

void append_section_text(std::string& o, ViewSection s, const SeatView& v) {
    if (put_scalar(o, s, v)) return;
    switch (s) {
        case ViewSection::Bank: put_resources(o, v.bank); return;
        case ViewSection::Cities: put_placed(o, names().intersection, v.building_owner, building(v, true)); return;
        case ViewSection::Settlements:
            put_placed(o, names().intersection, v.building_owner, building(v, false));
            return;
        case ViewSection::Roads: put_placed(o, names().edge, v.road_owner, road(v)); return;
        case ViewSection::Dice:
            o.push_back('[');
            put_int(o, v.dice[0]);
            o.push_back(',');
            put_int(o, v.dice[1]);
            o.push_back(']');
            return;
        case ViewSection::Players:
            o.push_back('[');
            for (int p = 0; p < v.players; ++p) {
                if (p) o.push_back(',');
                append_player_text(o, v.player[size_t(p)], p);
            }
            o.push_back(']');
            return;
        default:
            // Board, options, the trade offer: built as JSON (they rarely change).
            o.append(section_json(s, v).dump());
    }
}

void append_section_ops(std::string& o, ViewSection s, const SeatView& a, const SeatView& b) {
    const char* key = section_key(s);
    char path[24];
    path[0] = '/';
    const size_t n = std::strlen(key);
    std::memcpy(path + 1, key, n);
    const std::string_view p(path, n + 1);
    switch (s) {
        case ViewSection::Bank: resources_ops(o, p, a.bank, b.bank); return;
        case ViewSection::Dice:
            if (a.dice[0] != b.dice[0]) replace_int(o, p, "0", b.dice[0]);
            if (a.dice[1] != b.dice[1]) replace_int(o, p, "1", b.dice[1]);
            return;
        case ViewSection::Cities:
            placed_ops(o, p, names().intersection, a.building_owner, building(a, true), b.building_owner,
                       building(b, true));
            return;
        case ViewSection::Settlements:
            placed_ops(o, p, names().intersection, a.building_owner, building(a, false), b.building_owner,
                       building(b, false));
            return;
        case ViewSection::Roads: placed_ops(o, p, names().edge, a.road_owner, road(a), b.road_owner, road(b)); return;
        default: break;
    }
    // A scalar: one replace of the whole value when it changed.
    if (section_equal(s, a, b)) return;
    const size_t mark = o.size();
    op_begin(o, "replace", {}, key);
    op_value(o);
    if (put_scalar(o, s, b)) return op_end(o);
    o.resize(mark);
    // Board, options, the trade offer: diffed as JSON.
    json_ops(o, section_json(s, a), section_json(s, b), std::string(p));
}

}  // namespace hexhall::protocol
