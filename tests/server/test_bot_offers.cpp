// Built-in bots and people at one table: a bot's domestic offer waits for the answers of the seats
// that are not bots (games/catan/docs/bots.md), so a person's prompt answer is never refused because the bot
// already withdrew its offer.
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

TEST_CASE("bot offers wait for a person's answer", "[server][bots]") {
    Watchdog wd(200);
    // Bots do not wait for people except on their offers, so a slow test client (sanitizers, a loaded
    // machine) can fall many seconds behind the game: stretch the 15 s wait well beyond that.
    hexhall::server::HubLimits limits;
    limits.clock_scale = 20;
    TestServer s(2, limits);
    Player p;
    p.seat = 0;
    p.c = std::make_unique<WsClient>(s.port);
    p.c->hello("Ann");
    const std::string room = p.c->create({{"players", 4}, {"vp", 6}, {"botFill", "heuristic"}, {"seed", 5}}).at("room");
    REQUIRE(p.c->join(room, 0).at("type") == "joined");
    p.c->request({{"type", "start"}, {"room", room}});
    p.c->recv_type("started");
    p.take_snapshot(p.c->recv_type("snapshot"));

    std::mt19937_64 rng(5);
    std::optional<int64_t> pending;
    bool pending_is_answer = false;
    int offers_to_me = 0, answers = 0, refused_answers = 0;
    int last_offer = -1, answered_offer = -1;
    uint64_t acked_version = 0;  // the ack comes before the patch of our own action: wait for it
    for (int guard = 0; p.view.at("phase") != "gameOver"; ++guard) {
        REQUIRE(guard < 40000);
        const json& offer = p.view.at("offer");
        const bool asked = offer.is_object() && offer.at("from") != 0 && offer.at("responses")[0] == "none";
        if (asked && offer.at("id").get<int>() != last_offer) {
            last_offer = offer.at("id").get<int>();
            ++offers_to_me;
        }
        if (!pending && p.version >= acked_version && p.has_move()) {
            json intent = random_intent(p, rng);
            pending_is_answer = false;
            if (asked && last_offer != answered_offer)
                for (const json& a : p.legal.at("actions"))
                    if (a.at("type") == "rejectOffer") intent = a, pending_is_answer = true;
            pending = p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", intent}}).at("id").get<int64_t>();
            answers += pending_is_answer;
            if (pending_is_answer) answered_offer = last_offer;
        }
        json m = p.c->recv();
        if (m.at("type") == "ack") {
            acked_version = m.at("version").get<uint64_t>();
            pending.reset();
        } else if (m.at("type") == "error") {
            INFO(m.dump());
            CHECK(m.at("code") == "illegal_action");  // a bot acted in between (not on an offer to us)
            refused_answers += pending_is_answer;
            pending.reset();
        } else if (m.at("type") == "patch") {
            p.take_patch(m);
        }
    }
    INFO("offers to seat 0: " << offers_to_me << ", answers: " << answers);
    REQUIRE(offers_to_me > 0);
    CHECK(answers > 0);
    CHECK(refused_answers == 0);
}
