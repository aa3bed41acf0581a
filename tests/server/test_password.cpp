// Room passwords (finding 12; docs/decisions/007-password-hashing.md): Argon2id, salted, verified in
// constant time; older SHA-256 digests still verify and are marked for rehashing; wrong guesses are
// throttled per address (doubling lock-outs) and per room, and the lobby answers `password_locked`.
#include <set>

#include "server/password.hpp"
#include "server/session.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;
using hexhall::server::PasswordThrottle;

TEST_CASE("password: stored as a salted Argon2id string, never as the password", "[server][password]") {
    const std::string a = hexhall::server::hash_password("s3cret");
    const std::string b = hexhall::server::hash_password("s3cret");
    CHECK(a.rfind("$argon2id$", 0) == 0);
    CHECK(a.find("s3cret") == std::string::npos);
    CHECK(a != b);  // a fresh salt per hash: equal passwords do not give equal strings
    bool rehash = true;
    CHECK(hexhall::server::verify_password(a, "s3cret", rehash));
    CHECK_FALSE(rehash);
    CHECK(hexhall::server::verify_password(b, "s3cret", rehash));
    CHECK_FALSE(hexhall::server::verify_password(a, "s3cret ", rehash));
    CHECK_FALSE(hexhall::server::verify_password(a, "", rehash));
}

TEST_CASE("password: an older database's SHA-256 digest verifies once and asks to be rehashed", "[server][password]") {
    const std::string legacy = hexhall::server::token_hash("s3cret");
    bool rehash = false;
    CHECK(hexhall::server::verify_password(legacy, "s3cret", rehash));
    CHECK(rehash);
    CHECK_FALSE(hexhall::server::verify_password(legacy, "wrong", rehash));
}

TEST_CASE("password: wrong guesses lock an address out, doubling; other addresses go on", "[server][password]") {
    PasswordThrottle t;
    const auto t0 = PasswordThrottle::Clock::time_point{} + std::chrono::hours(1);
    for (int i = 0; i < PasswordThrottle::kFreeTries - 1; ++i) {
        REQUIRE(t.allowed("10.0.0.1", t0));
        t.failed("10.0.0.1", t0);
    }
    CHECK(t.allowed("10.0.0.1", t0));
    t.failed("10.0.0.1", t0);  // the fifth: locked for 1 s
    CHECK_FALSE(t.allowed("10.0.0.1", t0));
    CHECK_FALSE(t.allowed("10.0.0.1", t0 + std::chrono::milliseconds(999)));
    CHECK(t.allowed("10.0.0.2", t0));
    CHECK(t.allowed("10.0.0.1", t0 + std::chrono::seconds(1)));
    t.failed("10.0.0.1", t0 + std::chrono::seconds(1));  // the sixth: 2 s
    CHECK_FALSE(t.allowed("10.0.0.1", t0 + std::chrono::milliseconds(2999)));
    CHECK(t.allowed("10.0.0.1", t0 + std::chrono::seconds(3)));
    t.succeeded("10.0.0.1");  // the right password clears the address's record
    CHECK(t.allowed("10.0.0.1", t0 + std::chrono::seconds(3)));
}

TEST_CASE("password: a room allows a bounded number of wrong guesses a minute from all addresses", "[server][password]") {
    PasswordThrottle t;
    const auto t0 = PasswordThrottle::Clock::time_point{} + std::chrono::hours(1);
    for (int i = 0; i < PasswordThrottle::kRoomPerMinute; ++i) t.failed("10.1." + std::to_string(i), t0);
    CHECK_FALSE(t.allowed("10.9.9.9", t0 + std::chrono::seconds(30)));  // a fresh address too
    CHECK(t.allowed("10.9.9.9", t0 + std::chrono::minutes(1)));
}

TEST_CASE("password: the lobby answers password_locked after repeated wrong passwords, even to the right one", "[server][password][lobby]") {
    Watchdog wd(120);
    TestServer s;
    auto host = std::make_unique<WsClient>(s.port);
    host->hello("Ann");
    const std::string room = host->create({{"password", "s3cret"}}).at("room");
    auto guess = std::make_unique<WsClient>(s.port);
    guess->hello("Mallory");
    // Each wrong guess after the fifth doubles the lock-out (1 s, 2 s, 4 s …), so however slowly
    // this machine answers, a lock-out is met within a dozen attempts.
    std::multiset<std::string> codes;
    std::string last;
    for (int i = 0; i < 12 && last != "password_locked"; ++i) {
        last = guess->join(room, 1, {{"password", "guess" + std::to_string(i)}}).value("code", "");
        codes.insert(last);
    }
    REQUIRE(last == "password_locked");
    CHECK(codes.count("bad_password") >= static_cast<size_t>(PasswordThrottle::kFreeTries));
    // While locked the right password is refused as well; after the wait it works.
    const json locked = guess->join(room, 1, {{"password", "s3cret"}});
    if (locked.value("code", "") == "password_locked") {
        json joined = json::object();
        for (int i = 0; i < 600 && joined.value("type", "") != "joined"; ++i) {  // ≤ 256 s lock at most
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            joined = guess->join(room, 1, {{"password", "s3cret"}});
            REQUIRE(joined.value("code", "password_locked") == "password_locked");
        }
        CHECK(joined.value("type", "") == "joined");
    } else {
        CHECK(locked.value("type", "") == "joined");  // the lock had already run out on a slow machine
    }
}
