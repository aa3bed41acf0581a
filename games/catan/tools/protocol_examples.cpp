// Prints the protocol examples of docs/protocol.md from the code, or every message of random games
// as JSON lines (for the JSON Schema check, tests/schema/validate.mjs).
//
//   protocol_examples                      markdown: one example per message type and a full turn
//   protocol_examples --jsonl FILE [--games N]   every message of N random games (default 1), one per line
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/protocol/view_stream.hpp"

using namespace hexhall::catan;
using namespace hexhall::protocol;

namespace {

void block(const char* title, const json& j, int indent = -1) {
    std::printf("%s\n\n```json\n%s\n```\n\n", title, j.dump(indent).c_str());
}

// All messages of random games, client and server, one JSON document per line.
int write_jsonl(const char* path, int games) {
    std::ofstream out(path);
    if (!out) {
        std::fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    LegalActions la;
    EventList ev;
    uint64_t lines = 0;
    for (int g = 0; g < games; ++g) {
        GameOptions opt;
        opt.players = g % 2 ? 3 : 4;
        GameState s;
        new_game(opt, 100 + static_cast<uint64_t>(g), s);
        Rng rng = make_rng(static_cast<uint64_t>(g) + 1);
        std::vector<ViewStream> streams;
        for (int seat = 0; seat < s.options.players; ++seat) streams.emplace_back(seat);
        streams.emplace_back(kSpectator);
        for (ViewStream& st : streams) out << st.snapshot(s, 0).dump() << '\n';
        int64_t id = 1;
        while (s.phase != Phase::GameOver) {
            const int seat = next_decider(s);
            const Action a = random_legal_action(s, seat, rng, la);
            out << action_message(id, a).dump() << '\n';
            ev.clear();
            apply(s, a, &ev);
            out << ack_message(id, streams[0].version() + 1).dump() << '\n';
            for (ViewStream& st : streams) out << st.patch(s, ev).dump() << '\n';
            lines += 2 + streams.size();
            if (id % 97 == 0) {  // an occasional illegal action and a resync
                Action bad;
                bad.type = ActionType::BuildCity;
                bad.seat = static_cast<uint8_t>(seat);
                bad.location = 53;
                GameState probe = s;
                const Result r = apply(probe, bad);
                if (!r) out << error_message(illegal_action(r, id)).dump() << '\n';
                out << resync_message(id + 1).dump() << '\n';
                out << streams[0].snapshot(s, id + 1).dump() << '\n';
            }
            id += 2;
        }
    }
    const char* bad[] = {"{", R"({"type":"action","v":1,"id":5,"game":"catan","catan":{"type":"buildRoad","edge":99}})"};
    for (const char* b : bad) out << error_message(decode_client_message(b).error).dump() << '\n';
    std::fprintf(stderr, "%llu messages\n", static_cast<unsigned long long>(lines));
    return 0;
}

struct Turn {
    GameState s;
    ViewStream seat_stream{0};
    ViewStream spectator{kSpectator};
    EventList ev;
    int64_t id = 100;

    // The client message, the ack, and what `viewer` and the spectator receive.
    void step(const char* what, const Action& a, bool show_spectator = false) {
        std::printf("#### %s\n\n", what);
        block(("Client (seat " + std::to_string(a.seat) + "):").c_str(), action_message(id, a));
        ev.clear();
        const Result r = apply(s, a, &ev);
        if (!r) {
            block("Server (error):", error_message(illegal_action(r, id)));
            return;
        }
        block("Server to the sender:", ack_message(id, seat_stream.version() + 1));
        block(("Patch to seat " + std::to_string(seat_stream.seat()) + ":").c_str(), seat_stream.patch(s, ev));
        const json sp = spectator.patch(s, ev);
        if (show_spectator) block("Patch to spectators:", sp);
        ++id;
    }
};

Action make(ActionType t, int seat) {
    Action a;
    a.type = t;
    a.seat = static_cast<uint8_t>(seat);
    return a;
}

int markdown() {
    // Find a game where seat 0 rolls a 7 with someone to discard, after setup.
    LegalActions la;
    for (uint64_t seed = 1; seed < 5000; ++seed) {
        GameState s;
        new_game(GameOptions{}, seed, s);
        Rng rng = make_rng(seed);
        bool found = false;
        for (int n = 0; n < 3000 && s.phase != Phase::GameOver; ++n) {
            if (s.phase == Phase::PreRoll && s.active == 0 && s.turn > 4) {
                GameState probe = s;
                EventList ev;
                apply(probe, make(ActionType::RollDice, 0), &ev);
                bool discards = false;
                for (int i = 0; i < 4; ++i) discards = discards || probe.players[i].discard_owed;
                if (probe.dice[0] + probe.dice[1] == 7 && discards && total_of(probe.players[0].hand) >= 2 &&
                    total_of(probe.players[0].hand) <= 7) {
                    found = true;
                    break;
                }
            }
            apply(s, random_legal_action(s, next_decider(s), rng, la));
        }
        if (!found) continue;

        Turn t;
        t.s = s;
        t.seat_stream = ViewStream(0, s.actions_applied);
        t.spectator = ViewStream(kSpectator, s.actions_applied);
        std::printf("### Walkthrough: one turn of seat 0 (game seed %llu)\n\n",
                    static_cast<unsigned long long>(seed));
        std::printf("Seat 0's client joins its seat (or resyncs) and receives a snapshot:\n\n");
        block("Client:", resync_message(99));
        block("Server (snapshot, pretty-printed here; on the wire it has no whitespace):",
              t.seat_stream.snapshot(t.s, 99), 1);
        t.spectator.snapshot(t.s);

        t.step("1. Roll: a 7", make(ActionType::RollDice, 0), true);
        for (int i = 0; i < 4; ++i) {
            if (!t.s.players[i].discard_owed) continue;
            Rng r2 = make_rng(i);
            const Action d = random_legal_action(t.s, i, r2, la);
            t.step(("2. Seat " + std::to_string(i) + " discards").c_str(), d);
        }
        legal_actions(t.s, 0, la);
        Action robber = la.list[0];
        for (const Action& a : la)
            if (a.target >= 0) robber = a;
        t.step("3. Move the robber and steal (seat 0 sees the card; the spectator does not)", robber, true);

        // A trade negotiation: offer to everyone, one rejects, one counters, one accepts (if able).
        const ResourceCounts& h = t.s.players[0].hand;
        int give = 0;
        for (int r = 0; r < kResourceTypes; ++r)
            if (h[r] > h[give]) give = r;
        const int want = (give + 1) % kResourceTypes;
        Action offer = make(ActionType::OfferTrade, 0);
        offer.give[give] = 1;
        offer.get[want] = 1;
        offer.targets = 0b1110;
        t.step("4. Offer a trade to seats 1, 2 and 3", offer, true);
        const uint16_t offer_id = t.s.offer.id;
        int acceptor = -1;
        for (int i = 1; i < 4; ++i) {
            Action resp;
            if (acceptor < 0 && t.s.players[i].hand[want] > 0) {
                resp = make(ActionType::AcceptOffer, i);
                acceptor = i;
            } else if (total_of(t.s.players[i].hand) > 0 && i == 2) {
                resp = make(ActionType::CounterOffer, i);
                resp.give[give] = 2;
                for (int r = 0; r < kResourceTypes; ++r)
                    if (t.s.players[i].hand[r]) { resp.get[r] = 1; break; }
            } else {
                resp = make(ActionType::RejectOffer, i);
            }
            resp.offer = t.s.offer.id;  // answers name the offer they answer
            t.step(("5. Seat " + std::to_string(i) + " answers").c_str(), resp);
        }
        if (acceptor >= 0) {
            Action c = make(ActionType::ConfirmTrade, 0);
            c.target = static_cast<int8_t>(acceptor);
            c.offer = t.s.offer.id;
            t.step("6. Seat 0 confirms with the acceptor", c, true);
        } else {
            t.step("6. Seat 0 withdraws the offer", make(ActionType::WithdrawOffer, 0));
        }
        {
            // An answer naming the offer that has just closed: offer_closed, nothing applied.
            Action late = make(ActionType::RejectOffer, 3);
            late.offer = offer_id;
            std::printf("#### 6b. A late answer to the closed offer is refused\n\n");
            block("Client (seat 3):", action_message(t.id, late));
            GameState probe = t.s;
            block("Server:", error_message(illegal_action(apply(probe, late), t.id)));
            ++t.id;
        }
        Action bad = make(ActionType::BuildCity, 0);
        bad.location = 0;
        std::printf("#### 7. An illegal action is refused\n\n");
        block("Client:", action_message(t.id, bad));
        {
            GameState probe = t.s;
            block("Server:", error_message(illegal_action(apply(probe, bad), t.id)));
        }
        ++t.id;
        legal_actions(t.s, 0, la);
        for (const Action& a : la)
            if (a.type == ActionType::BuildRoad || a.type == ActionType::BuildSettlement ||
                a.type == ActionType::BuildCity || a.type == ActionType::BuyDevCard) {
                t.step("8. Build", a, true);
                break;
            }
        t.step("9. End the turn", make(ActionType::EndTurn, 0), true);

        std::printf("### Decoder errors\n\n");
        const char* samples[] = {
            "{\"type\":\"action\",",
            R"({"type":"action","v":1,"id":5,"game":"catan","catan":{"type":"buildRoad","edge":99}})",
            R"({"type":"action","v":1,"id":6,"game":"catan","catan":{"type":"discard","cards":{"gold":1}}})",
            R"({"type":"resync","v":2,"id":7})",
            R"({"type":"action","v":1,"id":8,"game":"catan","catan":{"type":"bankTrade","give":{"ore":4}}})",
            R"({"type":"action","v":1,"id":9,"game":"catan","catan":{"type":"rejectOffer"}})",
            R"({"type":"action","v":1,"id":10,"game":"catan","catan":{"type":"endTurn","comment":"gg"}})",
        };
        for (const char* m : samples) {
            std::printf("Client: `%s`\n\n", m);
            block("Server:", error_message(decode_client_message(m).error));
        }
        return 0;
    }
    std::fprintf(stderr, "no suitable game found\n");
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    const char* jsonl = nullptr;
    int games = 1;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--jsonl") && i + 1 < argc) jsonl = argv[++i];
        else if (!std::strcmp(argv[i], "--games") && i + 1 < argc) games = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: protocol_examples [--jsonl FILE [--games N]]\n");
            return 2;
        }
    }
    return jsonl ? write_jsonl(jsonl, games) : markdown();
}
