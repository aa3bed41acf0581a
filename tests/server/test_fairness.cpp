// Provably fair randomness (docs/fairness.md): the commitment sent in `started` matches the seed
// and salt revealed at game over, GET /games/<room>/record answers 404/409/200, the record
// verifies, and tampered records are rejected (by check_record and by tools/hexhall-verify).
#include "tests/server/ws_client.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "server/fairness.hpp"
#include "server/net.hpp"
#include "server/record_check.hpp"
#include "tests/server/store_backends.hpp"

using namespace hexhall::test;

namespace {

int run_verifier(const json& record) {
    const auto path = std::filesystem::temp_directory_path() / ("hexhall-verify-" + std::to_string(std::random_device{}()) + ".json");
    std::ofstream(path) << record.dump();
    const std::string cmd = std::string(HEXHALL_VERIFY_BIN) + " " + path.string() + " > /dev/null";
    const int rc = std::system(cmd.c_str());
    std::filesystem::remove(path);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

}  // namespace

TEST_CASE("fairness: commitment, seed reveal, record endpoint and verifier", "[server][fairness][store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    Watchdog watchdog(240);
    const TestStoreDb db(kind);
    TestServer ts(db.server_options());
    const uint16_t port = ts.port;

    Player p;
    p.seat = 0;
    p.c = std::make_unique<WsClient>(port);
    p.c->hello("Solo");
    const std::string room = p.c->create({{"players", 4}, {"vp", 6}}).at("room").get<std::string>();
    p.c->request({{"type", "joinRoom"}, {"room", room}, {"seat", 0}});
    p.c->recv_type("joined");
    for (int s = 1; s < 4; ++s) {
        p.c->request({{"type", "addBot"}, {"room", room}, {"seat", s}, {"bot", "random"}});
        p.c->recv_type("botAdded");
    }
    int status = 0;
    http_get(port, "/games/" + room + "/record", status);
    CHECK(status == 409);  // not started
    http_get(port, "/games/ffffffff/record", status);
    CHECK(status == 404);

    p.c->request({{"type", "start"}, {"room", room}});
    const std::string commitment = p.c->recv_type("started").at("commitment").get<std::string>();
    CHECK(commitment.size() == 64);
    p.take_snapshot(p.c->recv_type("snapshot"));

    http_get(port, "/games/" + room + "/record", status);
    CHECK(status == 409);  // running: the seed stays secret

    std::mt19937_64 rng(2024);
    play_until(p, rng, [&] { return p.view.at("phase") == "gameOver"; }, 200000);
    json reveal = p.c->recv();
    while (reveal.at("type") == "error" || reveal.at("type") == "ack") reveal = p.c->recv();
    INFO(reveal.dump());
    REQUIRE(reveal.at("type") == "seedReveal");
    CHECK(reveal.at("room") == room);
    CHECK(reveal.at("commitment") == commitment);
    CHECK(reveal.at("record") == "/games/" + room + "/record");
    const std::string seed = reveal.at("seed").get<std::string>(), salt = reveal.at("salt").get<std::string>();
    CHECK(hexhall::protocol::sha256_hex("hexhall-seed-v1:" + seed + ":" + salt) == commitment);

    // A player reconnecting after game over gets the seed reveal too, after the snapshot, so it can
    // still verify the game (docs/fairness.md, docs/protocol.md).
    {
        p.c->close();
        WsClient again(port);
        again.hello("Solo", p.c->token);
        CHECK(again.recv_type("joined").at("seat") == 0);
        CHECK(again.recv_type("snapshot").at("catan").at("view").at("phase") == "gameOver");
        const json late = again.recv_type("seedReveal");
        CHECK(late == reveal);
    }

    const std::string body = http_get(port, "/games/" + room + "/record", status);
    REQUIRE(status == 200);
    const json record = json::parse(body);
    CHECK(record.at("seed") == seed);
    CHECK(record.at("salt") == salt);
    CHECK(record.at("commitment") == commitment);
    CHECK(record.at("players").size() == 4);
    CHECK(record.at("players")[1].at("kind") == "bot");
    CHECK(record.at("result").at("winners") == json::array({p.view.at("winner")}));
    CHECK(record.at("result").at("scores").size() == 4);
    CHECK_FALSE(record.at("options").contains("seed"));  // a secret seed is not an option

    const hexhall::server::RecordCheck ok = hexhall::server::check_record(record);
    INFO(ok.error);
    REQUIRE(ok.ok);
    CHECK(ok.actions == record.at("actions").size());
    CHECK(ok.actions == p.version);  // every applied action is in the record
    CHECK(run_verifier(record) == 0);

    // Tampering is caught.
    json bad_seed = record;
    bad_seed["seed"] = std::to_string(std::stoull(seed) ^ 1);
    CHECK_THAT(hexhall::server::check_record(bad_seed).error, Catch::Contains("commitment mismatch"));
    CHECK(run_verifier(bad_seed) == 1);
    json bad_salt = record;
    bad_salt["salt"] = std::string(32, '0');
    CHECK_FALSE(hexhall::server::check_record(bad_salt).ok);
    json bad_winner = record;
    bad_winner["result"]["winners"] = {(p.view.at("winner").get<int>() + 1) % 4};
    CHECK_THAT(hexhall::server::check_record(bad_winner).error, Catch::Contains("winner"));
    CHECK(run_verifier(bad_winner) == 1);
    json shared = record;  // a second winner the game does not have
    shared["result"]["winners"].push_back((p.view.at("winner").get<int>() + 1) % 4);
    CHECK_THAT(hexhall::server::check_record(shared).error, Catch::Contains("winners"));
    json bad_scores = record;
    bad_scores["result"]["scores"][0] = bad_scores["result"]["scores"][0].get<int>() + 1;
    CHECK_THAT(hexhall::server::check_record(bad_scores).error, Catch::Contains("scores"));
    // A record made before shared wins were recorded ({"winner": seat}) still verifies, and its
    // winner is still checked.
    json old_format = record;
    old_format["result"] = {{"winner", p.view.at("winner")}};
    const hexhall::server::RecordCheck old_ok = hexhall::server::check_record(old_format);
    INFO(old_ok.error);
    CHECK(old_ok.ok);
    CHECK(run_verifier(old_format) == 0);
    old_format["result"]["winner"] = (p.view.at("winner").get<int>() + 1) % 4;
    CHECK_THAT(hexhall::server::check_record(old_format).error, Catch::Contains("winner"));
    json truncated = record;
    truncated["actions"].erase(truncated["actions"].size() - 1);
    CHECK_FALSE(hexhall::server::check_record(truncated).ok);
    json reordered = record;  // the first two placements swapped: not that seat's turn
    std::swap(reordered["actions"][0], reordered["actions"][2]);
    CHECK_THAT(hexhall::server::check_record(reordered).error, Catch::Contains("rejected"));

    ts.server->stop();
  }
}

TEST_CASE("fairness: the commitment formula", "[fairness]") {
    // printf 'hexhall-seed-v1:42:000102030405060708090a0b0c0d0e0f' | sha256sum
    CHECK(hexhall::server::seed_commitment("42", "000102030405060708090a0b0c0d0e0f") ==
          "56f2a44dcf13bd27ba352b544da7e6d1cf71f55f748c959838911e987a9e6be2");
    const auto a = hexhall::server::commit_to(7), b = hexhall::server::commit_to(7);
    CHECK(a.salt.size() == 32);
    CHECK(a.salt != b.salt);  // a fresh salt each time
    CHECK(a.commitment != b.commitment);
}
