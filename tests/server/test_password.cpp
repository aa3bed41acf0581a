// Room passwords (finding 12; docs/decisions/007-password-hashing.md): Argon2id, salted, verified in
// constant time; older SHA-256 digests still verify and are marked for rehashing; wrong guesses are
// charged to the guessing session and address (doubling lock-outs; never per room: issue 26), and the
// lobby answers `password_locked`.
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

TEST_CASE("password: wrong guesses lock the guessing session out, doubling; others go on", "[server][password]") {
    PasswordThrottle t;
    const auto t0 = PasswordThrottle::Clock::time_point{} + std::chrono::hours(1);
    for (int i = 0; i < PasswordThrottle::kFreeTries - 1; ++i) REQUIRE(t.try_guess("10.0.0.1", "s1", t0));
    CHECK(t.allowed("10.0.0.1", "s1", t0));
    REQUIRE(t.try_guess("10.0.0.1", "s1", t0));  // the fifth: charged, then locked for 1 s
    PasswordThrottle::Clock::duration wait{};
    CHECK_FALSE(t.try_guess("10.0.0.1", "s1", t0 + std::chrono::milliseconds(999), &wait));
    CHECK(wait == std::chrono::milliseconds(1));
    CHECK(t.allowed("10.0.0.1", "s2", t0));  // another session at the same address
    CHECK(t.allowed("10.0.0.2", "s3", t0));  // another address
    REQUIRE(t.try_guess("10.0.0.1", "s1", t0 + std::chrono::seconds(1)));  // the sixth: 2 s
    CHECK_FALSE(t.allowed("10.0.0.1", "s1", t0 + std::chrono::milliseconds(2999)));
    CHECK(t.allowed("10.0.0.1", "s1", t0 + std::chrono::seconds(3)));
    // A right password gives back its own charge only: it never clears the guesser's record.
    REQUIRE(t.try_guess("10.0.0.1", "s1", t0 + std::chrono::seconds(3)));
    t.refund("10.0.0.1", "s1");
    CHECK_FALSE(t.allowed("10.0.0.1", "s1", t0 + std::chrono::seconds(4)));  // the 4 s lock of that guess stays
    REQUIRE(t.try_guess("10.0.0.1", "s1", t0 + std::chrono::seconds(7)));  // the seventh charged guess: 4 s
    CHECK_FALSE(t.allowed("10.0.0.1", "s1", t0 + std::chrono::seconds(10)));
    CHECK(t.allowed("10.0.0.1", "s1", t0 + std::chrono::seconds(11)));
    // Forgotten after a quiet while.
    CHECK(t.allowed("10.0.0.1", "s1", t0 + std::chrono::seconds(7) + PasswordThrottle::kForget));
}

TEST_CASE("password: fresh sessions do not escape the address's cost; the lock-out doubles up to its cap",
          "[server][password]") {
    PasswordThrottle t;
    auto now = PasswordThrottle::Clock::time_point{} + std::chrono::hours(1);
    int i = 0;
    for (; i < PasswordThrottle::kFreeTriesPerAddress - 1; ++i)
        REQUIRE(t.try_guess("10.0.0.1", "fresh" + std::to_string(i), now));
    REQUIRE(t.try_guess("10.0.0.1", "fresh" + std::to_string(i++), now));  // the address's last free one
    CHECK_FALSE(t.try_guess("10.0.0.1", "fresh" + std::to_string(i++), now));
    CHECK(t.allowed("10.0.0.2", "other", now));
    // Each further guess from the address waits twice as long, up to kMaxLock.
    PasswordThrottle::Clock::duration wait{}, last{};
    for (int k = 0; k < 12; ++k) {
        now += std::chrono::seconds(1);
        while (!t.try_guess("10.0.0.1", "fresh" + std::to_string(i++), now, &wait)) now += wait;
        REQUIRE(t.try_guess("10.0.0.1", "probe" + std::to_string(k), now, &wait) == false);
        CHECK(wait >= last);
        CHECK(wait <= PasswordThrottle::kMaxLock);
        last = wait;
    }
    CHECK(last == PasswordThrottle::kMaxLock);
}

TEST_CASE("password: strangers' wrong guesses never lock another address out of a room", "[server][password]") {
    PasswordThrottle t;
    const auto t0 = PasswordThrottle::Clock::time_point{} + std::chrono::hours(1);
    // Twelve addresses, five wrong guesses each (the old per-room window of 60 a minute: full).
    for (int a = 0; a < 12; ++a)
        for (int g = 0; g < 5; ++g) t.try_guess("10.1.0." + std::to_string(a), "m" + std::to_string(a), t0);
    CHECK(t.allowed("10.9.9.9", "friend", t0 + std::chrono::seconds(1)));
    CHECK(t.try_guess("10.9.9.9", "friend", t0 + std::chrono::seconds(1)));
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
