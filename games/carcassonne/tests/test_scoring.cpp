// Scoring during play (CAR-6), fields (CAR-7), the final scoring (CAR-8) and the rule switches
// (CAR-9.1), on hand-built positions. The start tile D is at (0, 0): city N, road W-E, field S.
// Spots: E 0 city 1 field; D 0 city 1 road 2 north field 3 south field; U 0 road 1/2 fields;
// V 0 road; A 0 road, 8 cloister; B 0 field, 8 cloister; I 0/1 caps 2 field; N 0 city.
#include "scenario.hpp"

using namespace carcassonne_test;

TEST_CASE("a completed two-tile city scores 2 (seed), 4 with tinyCity 4", "[CAR-6.5][CAR-9.1][CAR-5.7]") {
    for (int tiny : {2, 4}) {
        Ruleset r;
        r.tiny_city = tiny;
        Game g = scripted("EB", 2, r);
        std::vector<Event> ev;
        put(g, 0, -1, 2, 0, &ev);  // E turned twice: its cap meets D's cap
        CHECK(g.score(0) == tiny);
        CHECK(g.supply(0) == 7);   // the knight came back (CAR-5.7, CAR-6.8)
        const auto s = scorings(ev);
        REQUIRE(s.size() == 1);
        CHECK(s[0].tiles == 2);
        CHECK(std::string(s[0].rule) == (tiny == 2 ? "CAR-6.5" : "CAR-6.4"));
    }
}

TEST_CASE("turn order: place, then deploy, then score, then the next tile is drawn", "[CAR-3.1][CAR-5.7][CAR-5.9]") {
    Game g = scripted("EB");
    std::vector<Event> ev;
    put(g, 0, -1, 2, 0, &ev);
    REQUIRE(ev.size() == 4);
    CHECK(ev[0].type == Event::TilePlaced);
    CHECK(ev[1].type == Event::FollowerPlaced);
    CHECK(ev[2].type == Event::Scored);
    CHECK(ev[3].type == Event::TileDrawn);
    CHECK(ev[3].player == 1);  // the returned knight is back for player 0's next turn only (CAR-5.9)
    CHECK(g.current_player() == 1);
}

TEST_CASE("seed example: a three-tile city with one pennant scores 8", "[CAR-6.4][CAR-6.3]") {
    Game g = scripted("MEB");
    put(g, 0, -1, 2, 0);  // M (pennant) joins D's cap; its west side is still open
    CHECK_FALSE(g.complete(g.seg_id(1, 0)));
    CHECK(g.open_edges(g.seg_id(1, 0)) == 1);  // a gap in the wall: not complete (CAR-6.3)
    std::vector<Event> ev;
    put(g, -1, -1, 1, -1, &ev);
    CHECK(g.score(0) == 8);
    CHECK(g.score(1) == 0);
    const auto s = scorings(ev);
    REQUIRE(s.size() == 1);
    CHECK(s[0].tiles == 3);
    CHECK(s[0].pennants == 1);
    CHECK(std::string(s[0].rule) == "CAR-6.4");
}

// A C tile closing four separately occupied caps: the seed's "red and blue each score 12".
static Game four_caps(bool p0_last_knight) {
    Game g = scripted("EBBEBEEC");
    put(g, 0, 1, 2, 0);    // p0 cap facing south... its city is on its S side
    put(g, -1, 1, 0);      // p1 B
    put(g, 1, 1, 0);       // p0 B
    put(g, -1, 2, 1, 0);   // p1 cap facing east
    put(g, -1, 3, 0);      // p0 B
    put(g, 1, 2, 3, 0);    // p1 cap facing west
    put(g, 0, 3, 0, p0_last_knight ? 0 : -1);  // p0 cap facing north
    return g;
}

TEST_CASE("seed example: a tile joins separately occupied parts; tied majorities each score 12", "[CAR-6.7][CAR-5.8][CAR-6.8]") {
    Game g = four_caps(true);
    CHECK(g.supply(0) == 5);
    CHECK(g.supply(1) == 5);
    std::vector<Event> ev;
    put(g, 0, 2, 0, -1, &ev);  // C: joins all four caps (allowed although occupied, CAR-5.8)
    CHECK(g.score(0) == 12);   // 5 tiles × 2 + 1 pennant × 2
    CHECK(g.score(1) == 12);
    CHECK(g.supply(0) == 7);
    CHECK(g.supply(1) == 7);
    CHECK(g.over());
    CHECK(g.leaders() == std::vector<int>{0, 1});  // shared victory (CAR-8.9)
}

TEST_CASE("majority: two knights beat one; the loser's knight comes back too", "[CAR-6.7][CAR-6.8][CAR-8.9]") {
    Game g = four_caps(false);
    CHECK(g.supply(0) == 6);
    put(g, 0, 2, 0);
    CHECK(g.score(1) == 12);
    CHECK(g.score(0) == 0);
    CHECK(g.supply(0) == 7);  // CAR-6.8: every follower on the city returns
    CHECK(g.supply(1) == 7);
    CHECK(g.leaders() == std::vector<int>{1});
}

TEST_CASE("regression: a road loop is complete and counts each tile once", "[CAR-6.1][CAR-6.2][CAR-5.3]") {
    Game g = scripted("VVVV");
    put(g, 0, 1, 3, 0);  // p0 thief on the first curve
    REQUIRE_FALSE(g.place({1, 1, 0}, nullptr));
    std::vector<int> spots;
    g.legal_spots(spots);
    CHECK(std::find(spots.begin(), spots.end(), 0) == spots.end());  // road occupied (CAR-5.3)
    CHECK(g.check_spot(0)->rule == std::string("CAR-5.3"));
    REQUIRE_FALSE(g.deploy(-1, nullptr));
    put(g, 0, 2, 2);
    CHECK(g.score(0) == 0);
    std::vector<Event> ev;
    put(g, 1, 2, 1, -1, &ev);  // closes the loop on two sides at once
    CHECK(g.score(0) == 4);
    const auto s = scorings(ev);
    REQUIRE(s.size() == 1);
    CHECK(s[0].tiles == 4);
    CHECK(std::string(s[0].rule) == "CAR-6.2");
}

TEST_CASE("a road ends at a cloister and at a city: 3 tiles, 3 points", "[CAR-6.1][CAR-6.2]") {
    Game g = scripted("ASB");
    put(g, -1, 0, 3, 0);  // A: its road runs east into D's road and ends at the cloister
    CHECK(g.open_edges(g.seg_id(1, 0)) == 1);
    put(g, 1, 0, 1);      // S: the road from the west ends at its city
    CHECK(g.score(0) == 3);
    CHECK(g.supply(0) == 7);
}

TEST_CASE("regression: a tile with two caps in one city counts once; the city closes from two sides", "[CAR-6.4][CAR-6.3]") {
    Game g = scripted("NINN");
    put(g, 0, 1, 1, 0);  // p0 knight on N (city E+S)
    put(g, 1, 1, 3);     // I: caps W (joins p0's city) and S
    put(g, 0, 2, 0);     // N: city N+E
    std::vector<Event> ev;
    put(g, 1, 2, 3, -1, &ev);  // N: city W+N, closing against (0,2) and the I at once
    CHECK(g.score(0) == 8);    // 4 tiles × 2, not 10: the I tile counts once
    const auto s = scorings(ev);
    REQUIRE(s.size() == 1);
    CHECK(s[0].tiles == 4);
}

TEST_CASE("one tile completing two cities scores both, for whoever occupies them", "[CAR-6.9]") {
    Game g = scripted("UEI");
    put(g, -1, 0, 1);     // p0 U
    put(g, -1, -1, 1, 0); // p1 knight on a cap facing east
    std::vector<Event> ev;
    put(g, 0, -1, 3, 1, &ev);  // p0 I: S cap closes D's city (p0 knight), W cap closes p1's city
    CHECK(g.score(0) == 2);
    CHECK(g.score(1) == 2);
    CHECK(scorings(ev).size() == 2);
}

TEST_CASE("a cloister surrounded by 8 tiles scores 9 for its monk", "[CAR-6.6][CAR-5.6]") {
    Game g = scripted("BUUBBBBB");
    put(g, 0, 1, 0, kCloisterSpot);
    CHECK(g.supply(0) == 6);
    put(g, -1, 0, 1);
    put(g, 1, 0, 1);
    put(g, -1, 1, 0);
    put(g, 1, 1, 0);
    put(g, -1, 2, 0);
    put(g, 0, 2, 0);
    CHECK(g.score(0) == 0);
    std::vector<Event> ev;
    put(g, 1, 2, 0, -1, &ev);
    CHECK(g.score(0) == 9);
    CHECK(g.supply(0) == 7);
    const auto s = scorings(ev);
    REQUIRE(s.size() == 1);
    CHECK(s[0].kind == Kind::Cloister);
    CHECK(std::string(s[0].rule) == "CAR-6.6");
}

TEST_CASE("seed final-scoring example: monk 5, thief 3, knight 2, black 0 against two green knights, green 5", "[CAR-8.2][CAR-8.3][CAR-8.4][CAR-6.7][CAR-8.8]") {
    // Seats: 0 yellow, 1 green, 2 black, 3 red, 4 blue.
    for (int pennant : {0, 1}) {
        Ruleset r;
        r.unfinished_pennant = pennant;
        r.tiny_city = 4;  // does not apply to unfinished cities (CAR-8.4)
        Game g = scripted("UEBUNBEECF", 5, r);
        put(g, 1, 0, 1);           // yellow: road tile east of D
        put(g, 0, 1, 2, 0);        // green: knight on a cap below D
        put(g, 1, 1, 0);           // black: B
        put(g, 2, 0, 1, 0);        // red: thief on the road (D + 2 U, open both ends)
        put(g, 0, -1, 1, 0);       // blue: knight on N joined to D's cap (2 tiles, open)
        put(g, -1, 1, 0, kCloisterSpot);  // yellow: monk
        put(g, 1, 2, 3, 0);        // green: second knight on a cap
        put(g, -1, 2, 1, 0);       // black: knight on a cap
        put(g, 0, 2, 0);           // red: C joins the three caps (and green's first)
        std::vector<Event> ev;
        put(g, 0, 3, 1, -1, &ev);  // blue: F (pennant) extends the city south; bag empty
        REQUIRE(g.over());
        CHECK(g.score(0) == 5);    // monk: cloister + 4 tiles around
        CHECK(g.score(1) == 5 + 2 * pennant);  // 5 tiles; the 2 pennants score nothing (CAR-8.3) or 1 each
        CHECK(g.score(2) == 0);    // one knight against two
        CHECK(g.score(3) == 3);    // 3 road tiles
        CHECK(g.score(4) == 2);    // unfinished two-tile city: 2 points (CAR-8.4)
        // CAR-8.8: roads, cities and cloisters first, followers back, only farmers remain.
        for (int p = 0; p < 5; ++p) CHECK(g.supply(p) == 7);
        bool field_seen = false, order_ok = true;
        for (const Event& e : ev)
            if (e.type == Event::Scored) {
                if (e.scoring.kind == Kind::Field) field_seen = true;
                else if (field_seen) order_ok = false;
            }
        CHECK(order_ok);
    }
}

TEST_CASE("farmers: example 1 (3 for one completed city, nothing for an unfinished one) and example 2 (6)", "[CAR-8.7][CAR-8.5][CAR-7.2][CAR-5.6]") {
    Game g = scripted("EE");
    put(g, 0, -1, 2, 1);  // p0 farmer on E's field; E's cap closes D's city
    CHECK(g.supply(0) == 6);  // farmers stay on the table (CAR-7.2)
    put(g, 1, -1, 1);     // an unfinished cap whose field joins p0's field
    REQUIRE(g.over());
    CHECK(g.score(0) == 3);
    CHECK(g.supply(0) == 6);  // farmers never come back (CAR-5.6)

    Game g2 = scripted("EEE");
    put(g2, 0, -1, 2, 1);
    put(g2, 1, -1, 1);
    put(g2, 2, -1, 3);    // closes the second city
    REQUIRE(g2.over());
    CHECK(g2.score(0) == 6);
}

TEST_CASE("regression: farmers of one player in two fields next to the same city score it once (example 3)", "[CAR-8.7][CAR-8.6][CAR-9.1]") {
    for (bool per_field : {false, true}) {
        Ruleset r;
        r.field_per_field = per_field;
        Game g = scripted("EBU", 2, r);
        put(g, 0, -1, 2, 1);  // p0 farmer on E's field, next to the two-tile city
        put(g, 0, 1, 0);      // p1 B
        put(g, 1, 0, 1, 1);   // p0 farmer on the field north of the road, next to D's cap: same city
        std::vector<int> c1, c2;
        g.field_cities(g.seg_id(1, 1), c1);
        g.field_cities(g.seg_id(0, 2), c2);
        CHECK(c1 == c2);
        CHECK(c1.size() == 1);
        CHECK(g.find(g.seg_id(1, 1)) != g.find(g.seg_id(0, 2)));  // two different fields
        REQUIRE(g.over());
        CHECK(g.score(0) == (per_field ? 6 : 3));
    }
}

// Three seats: 0 red, 1 yellow, 2 blue. A B tile at (1,-1) joins three occupied fields into one
// large field next to three completed cities; blue's small field borders one of them.
static Game big_field(bool red_second_farmer, Ruleset r = {}) {
    Game g = scripted("IUEDBBEB", 3, r);
    put(g, 0, -1, 3, 2);   // red: I with caps W and S; farmer on its field
    put(g, 1, 0, 1, 1);    // yellow: farmer north of the road
    put(g, -1, -1, 1, 1);  // blue: closes the I's west cap; farmer on its own small field
    put(g, 2, 0, 0);       // red: D, road continues, cap north
    put(g, 0, 1, 0);       // yellow: B
    put(g, 1, 1, 0);       // blue: B
    put(g, 2, -1, 2, red_second_farmer ? 1 : -1);  // red: closes the D cap; field still separate
    std::vector<int> spots;
    REQUIRE_FALSE(g.place({1, -1, 0}, nullptr));   // yellow: B joins the three fields
    g.legal_spots(spots);
    CHECK(spots == std::vector<int>{kCloisterSpot});  // the joined field is occupied (CAR-7.3)
    REQUIRE_FALSE(g.deploy(-1, nullptr));
    return g;
}

TEST_CASE("farmers: example 4 (more farmers make the lord) and example 5 (tied lords both score)", "[CAR-8.7][CAR-8.5][CAR-7.3][CAR-7.1]") {
    Game g4 = big_field(true);
    REQUIRE(g4.over());
    CHECK(g4.score(0) == 9);  // red, 2 farmers against 1: three completed cities × 3
    CHECK(g4.score(1) == 0);  // yellow: fewer farmers
    CHECK(g4.score(2) == 3);  // blue: lord of the small field next to one of those cities
    Game g5 = big_field(false);
    CHECK(g5.score(0) == 9);
    CHECK(g5.score(1) == 9);  // tied lords each score in full
    CHECK(g5.score(2) == 3);
    Ruleset third{4, 1, true};
    Game g6 = big_field(true, third);
    CHECK(g6.score(0) == 9);
    CHECK(g6.score(2) == 3);
}

TEST_CASE("a field on a tile with two caps borders both cities", "[CAR-7.4][CAR-8.5]") {
    Game g = scripted("HE");
    put(g, 0, -1, 0, 2);  // H: S cap closes D's city; farmer on the field between the caps
    put(g, 0, -2, 2);     // closes the H's north cap
    REQUIRE(g.over());
    CHECK(g.score(0) == 6);
}

TEST_CASE("separate features on one tile are checked separately", "[CAR-5.4][CAR-5.3][CAR-7.1]") {
    Game g = scripted("UUB");
    put(g, 1, 0, 1, 1);  // p0 farmer north of the road
    REQUIRE_FALSE(g.place({2, 0, 1}, nullptr));
    std::vector<int> spots;
    g.legal_spots(spots);
    CHECK(spots == std::vector<int>{0, 2});  // road and the southern field are free, the northern one is not
    auto err = g.deploy(1, nullptr);
    REQUIRE(err);
    CHECK(std::string(err->rule) == "CAR-5.3");
    CHECK(g.phase() == Phase::Follower);  // a refused action changes nothing
    CHECK_FALSE(g.deploy(2, nullptr));
}

TEST_CASE("an unfinished city's pennant: nothing extra (seed) or 1 (unfinishedPennants 1)", "[CAR-8.3][CAR-9.1]") {
    for (int pennant : {0, 1}) {
        Ruleset r;
        r.unfinished_pennant = pennant;
        Game g = scripted("M", 2, r);
        put(g, 0, -1, 2, 0);  // M joins D's cap; west side open; bag empty
        REQUIRE(g.over());
        CHECK(g.score(0) == 2 + pennant);
    }
}

TEST_CASE("the last tile's completions are scored before the final scoring; the game then ends", "[CAR-8.1]") {
    Game g = scripted("E");
    std::vector<Event> ev;
    put(g, 0, -1, 2, 0, &ev);
    CHECK(g.over());
    CHECK(g.current_tile() == -1);
    CHECK(g.score(0) == 2);
    CHECK(ev.back().type == Event::GameOver);
    CHECK(g.place({0, 1, 0}, nullptr)->rule == std::string("CAR-8.1"));
}

TEST_CASE("a tile that fits nowhere is put aside and another drawn", "[CAR-4.4][CAR-8.1]") {
    Game g = scripted("ECB");
    std::vector<Event> ev;
    put(g, 0, -1, 2, -1, &ev);  // closes the only open city edge: C fits nowhere now
    CHECK(count_events(ev, Event::TileDiscarded) == 1);
    CHECK(g.discarded_count() == 1);
    CHECK(g.discarded(0) == T('C'));
    CHECK(g.current_tile() == T('B'));
    CHECK(g.current_player() == 1);
    Game g2 = scripted("EC");  // the redraw empties the bag: the game ends
    put(g2, 0, -1, 2);
    CHECK(g2.over());
    CHECK(g2.discarded_count() == 1);
}

TEST_CASE("placement rules: a full shared edge, matching edges, a free cell", "[CAR-4.2][CAR-4.3][CAR-4.5]") {
    Game g = scripted("EB");
    auto corner = g.place({1, 1, 0}, nullptr);
    REQUIRE(corner);
    CHECK(std::string(corner->rule) == "CAR-4.2");
    auto taken = g.place({0, 0, 0}, nullptr);
    REQUIRE(taken);
    CHECK(std::string(taken->rule) == "CAR-4.2");
    auto mismatch = g.place({0, -1, 0}, nullptr);  // E's field side against D's city
    REQUIRE(mismatch);
    CHECK(std::string(mismatch->rule) == "CAR-4.3");
    CHECK(g.placed_count() == 1);
    std::vector<Placement> legal;
    g.legal_placements(legal);
    for (const Placement& p : legal) CHECK(g.fits(p));
    // E fits north (turned twice), east/west (field sides against the road? no), south.
    CHECK(std::find(legal.begin(), legal.end(), Placement{0, -1, 2}) != legal.end());
    CHECK(std::find(legal.begin(), legal.end(), Placement{1, 0, 0}) == legal.end());
}

TEST_CASE("deploying: only on the tile just placed, on a feature it has", "[CAR-5.1][CAR-5.2]") {
    Game g = scripted("DB");
    REQUIRE_FALSE(g.place({0, 1, 2}, nullptr));  // D turned twice under D: field to field
    std::vector<int> spots;
    g.legal_spots(spots);
    CHECK(spots == std::vector<int>{0, 1, 2, 3});  // city (knight), road (thief), two fields (farmers)
    CHECK(std::string(g.check_spot(kCloisterSpot)->rule) == "CAR-5.2");
    CHECK(std::string(g.check_spot(4)->rule) == "CAR-5.1");
    Game b = scripted("BB");
    REQUIRE_FALSE(b.place({0, 1, 0}, nullptr));
    b.legal_spots(spots);
    CHECK(spots == std::vector<int>{0, kCloisterSpot});  // farmer or monk
}

TEST_CASE("a player with no follower left only places the tile", "[CAR-5.5]") {
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && found < 5; ++seed) {
        Game g = Game::create(Options{}, seed);
        Rng rng(seed);
        while (!g.over() && !(g.phase() == Phase::Place && g.supply(g.current_player()) == 0)) g.random_step(rng);
        if (g.over()) continue;
        ++found;
        const int p = g.current_player();
        std::vector<Placement> pls;
        g.legal_placements(pls);
        std::vector<Event> ev;
        REQUIRE_FALSE(g.place(pls.front(), &ev));
        CHECK(g.phase() != Phase::Follower);  // no follower step at all
        REQUIRE(ev.size() >= 2);
        CHECK(ev[1].type == Event::NoFollower);
        CHECK(ev[1].player == p);
    }
    CHECK(found == 5);
}
