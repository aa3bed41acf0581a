// Accounts (issue 29; docs/decisions/020-accounts.md, docs/protocol.md "Accounts"): register with a
// unique name, log in and out (everywhere), change the password, delete the account; a guest
// session that registers keeps its seat; log-in guesses are throttled per account; accounts are
// kept by both stores.
#include "server/accounts.hpp"
#include "server/password.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;
using hexhall::server::check_account_name;

namespace {

json ac_account_call(WsClient& c, json body) {
    c.request(std::move(body));
    return c.recv();
}
json ac_reg(WsClient& c, const std::string& name, const std::string& password) {
    return ac_account_call(c, {{"type", "register"}, {"name", name}, {"password", password}});
}
json ac_login(WsClient& c, const std::string& name, const std::string& password) {
    return ac_account_call(c, {{"type", "login"}, {"name", name}, {"password", password}});
}
std::string ac_code_of(const json& m) { return m.at("type") == "error" ? m.at("code").get<std::string>() : m.at("type").get<std::string>(); }

}  // namespace

TEST_CASE("accounts: names are unique after case, separators and look-alikes are folded", "[server][accounts]") {
    CHECK(check_account_name("Ann").key == check_account_name("ANN").key);
    CHECK(check_account_name("A.nn").key == check_account_name("ann").key);
    CHECK(check_account_name("Lily").key == check_account_name("L1ly").key);
    CHECK(check_account_name("Lily").key == check_account_name("lIly").key);
    CHECK(check_account_name("modo").key == check_account_name("rnod0").key);
    CHECK(check_account_name("Ann").key != check_account_name("Anne").key);
    CHECK(check_account_name("Bob_the-Builder").ok);
    CHECK_FALSE(check_account_name("Al").ok);                     // too short
    CHECK_FALSE(check_account_name("Ann  Lee").ok);               // two separators
    CHECK_FALSE(check_account_name(" Ann").ok);                   // leading separator
    CHECK_FALSE(check_account_name("Ann\xC3\xA9").ok);            // beyond ASCII (decision 020)
    CHECK_FALSE(check_account_name("1234").ok);                   // no letter
    CHECK_FALSE(check_account_name("Deleted player 1").ok);       // reserved for deleted accounts
    CHECK_FALSE(check_account_name("abcdefghijklmnopqrstu").ok);  // 21
}

TEST_CASE("accounts: register, log in elsewhere, log out, log out everywhere", "[server][accounts]") {
    Watchdog wd(120);
    TestServer s;
    WsClient a(s.port);
    a.hello("guest");
    CHECK(ac_code_of(ac_reg(a, "Ann", "short")) == "out_of_range");
    CHECK(ac_code_of(ac_reg(a, "A", "long enough")) == "bad_value");
    const json made = ac_reg(a, "Ann", "correct horse");
    REQUIRE(made.at("type") == "account");
    CHECK(made.at("account").at("name") == "Ann");
    const std::string id = made.at("account").at("id");
    CHECK(ac_code_of(ac_reg(a, "Bob", "correct horse")) == "already_logged_in");

    WsClient b(s.port);
    b.hello("someone");
    CHECK(ac_code_of(ac_reg(b, "ANN", "another one")) == "name_taken");
    CHECK(ac_code_of(ac_reg(b, "a.nn", "another one")) == "name_taken");
    CHECK(ac_code_of(ac_login(b, "Ann", "wrong horse")) == "bad_login");
    CHECK(ac_code_of(ac_login(b, "Nobody", "wrong horse")) == "bad_login");  // the same answer
    const json in = ac_login(b, "aNN", "correct horse");
    REQUIRE(in.at("type") == "account");
    CHECK(in.at("account").at("id") == id);

    // A session that comes back is still logged in, under the account's name.
    WsClient b2(s.port);
    json w = b2.hello("whatever", b.token);
    CHECK(w.at("name") == "Ann");
    CHECK(w.at("account").at("id") == id);

    // Logging out is for this session only…
    b2.request({{"type", "logout"}});
    CHECK(b2.recv().at("type") == "ok");
    CHECK(ac_code_of(ac_account_call(b2, {{"type", "logout"}})) == "not_logged_in");
    WsClient a2(s.port);
    CHECK(a2.hello("x", a.token).at("account").at("id") == id);
    // … logoutAll logs out every session of the account.
    CHECK(ac_code_of(ac_login(b2, "Ann", "correct horse")) == "account");
    a2.request({{"type", "logoutAll"}});
    CHECK(a2.recv().at("type") == "ok");
    WsClient b3(s.port);
    CHECK_FALSE(b3.hello("plain", b.token).contains("account"));
    WsClient a3(s.port);
    CHECK_FALSE(a3.hello("plain", a.token).contains("account"));
}

TEST_CASE("accounts: a guest who registers keeps its seat, and plays under the account's name", "[server][accounts]") {
    Watchdog wd(120);
    TestServer s;
    WsClient g(s.port);
    g.hello("guest");
    const std::string room = g.create({{"players", 3}}).at("room");
    REQUIRE(g.join(room, 0).at("type") == "joined");
    REQUIRE(ac_reg(g, "Cleo", "a fine password").at("type") == "account");
    g.close();
    WsClient back(s.port);
    const json w = back.hello("guest", g.token);
    CHECK(w.at("account").at("name") == "Cleo");
    const json joined = back.recv_type("joined");  // the seat is still this session's
    CHECK(joined.at("room") == room);
    CHECK(joined.at("seat") == 0);
    // A new seat shows the account's name.
    WsClient h(s.port);
    h.hello("other");
    REQUIRE(ac_login(h, "cleo", "a fine password").at("type") == "account");
    REQUIRE(h.join(room, 1).at("type") == "joined");
    json push = h.room_until([](const json& p) { return !p.at("seats").at(1).is_null(); });
    CHECK(push.at("seats").at(1).at("name") == "Cleo");
}

TEST_CASE("accounts: changing the password logs the other sessions out; deleting frees the name", "[server][accounts]") {
    Watchdog wd(120);
    TestServer s;
    WsClient a(s.port);
    a.hello("guest");
    REQUIRE(ac_reg(a, "Dora", "first password").at("type") == "account");
    WsClient b(s.port);
    b.hello("guest");
    REQUIRE(ac_login(b, "Dora", "first password").at("type") == "account");
    CHECK(ac_code_of(ac_account_call(a, {{"type", "changePassword"}, {"password", "not it at all"}, {"newPassword", "second password"}})) ==
          "bad_password");
    CHECK(ac_code_of(ac_account_call(a, {{"type", "changePassword"}, {"password", "first password"}, {"newPassword", "2short"}})) ==
          "out_of_range");
    CHECK(ac_code_of(ac_account_call(a, {{"type", "changePassword"}, {"password", "first password"}, {"newPassword", "second password"}})) ==
          "ok");
    WsClient a2(s.port);
    CHECK(a2.hello("x", a.token).contains("account"));  // this session stays in
    WsClient b2(s.port);
    CHECK_FALSE(b2.hello("x", b.token).contains("account"));  // the other one is out
    CHECK(ac_code_of(ac_login(b2, "Dora", "first password")) == "bad_login");
    CHECK(ac_code_of(ac_login(b2, "Dora", "second password")) == "account");

    CHECK(ac_code_of(ac_account_call(a2, {{"type", "deleteAccount"}, {"password", "first password"}})) == "bad_password");
    CHECK(ac_code_of(ac_account_call(a2, {{"type", "deleteAccount"}, {"password", "second password"}})) == "ok");
    WsClient c(s.port);
    c.hello("x");
    CHECK(ac_code_of(ac_login(c, "Dora", "second password")) == "bad_login");
    WsClient b3(s.port);
    CHECK_FALSE(b3.hello("x", b.token).contains("account"));
    CHECK(ac_code_of(ac_reg(c, "Dora", "a new person")) == "account");  // the name is free again
}

TEST_CASE("accounts: wrong log-ins lock the account out for a while, right or wrong", "[server][accounts]") {
    Watchdog wd(120);
    TestServer s;
    WsClient a(s.port);
    a.hello("guest");
    REQUIRE(ac_reg(a, "Eve", "the real one").at("type") == "account");
    WsClient x(s.port);
    x.hello("guesser");
    for (int i = 0; i < hexhall::server::PasswordThrottle::kFreeTries - 1; ++i)
        REQUIRE(ac_code_of(ac_login(x, "Eve", "guess " + std::to_string(i))) == "bad_login");
    // The free tries are used up: from now on each wrong guess locks the account out, doubling.
    int refused = 0;
    for (int i = 0; i < 6 && refused == 0; ++i) {
        const std::string code = ac_code_of(ac_login(x, "Eve", "more guesses"));
        REQUIRE((code == "bad_login" || code == "login_locked"));
        refused += code == "login_locked";
    }
    REQUIRE(refused == 1);
    // Locked: even the right password is refused, so a lock-out tells nothing.
    const json locked = ac_login(x, "eve", "the real one");
    CHECK(ac_code_of(locked) == "login_locked");
    // Another account is not locked for another address.
    WsClient y(s.port, "127.0.0.2");
    y.hello("other");
    CHECK(ac_code_of(ac_reg(y, "Fay", "fays password")) == "account");
}

TEST_CASE("accounts: kept by the store across a restart", "[server][accounts][store]") {
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        Watchdog wd(120);
        TestStoreDb db(kind);
        hexhall::server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = 2;
        db.use_in(o);
        std::string token, id;
        {
            hexhall::server::Server server(o);
            const uint16_t port = server.start();
            WsClient a(port);
            a.hello("guest");
            const json made = ac_reg(a, "Gus", "gus password");
            REQUIRE(made.at("type") == "account");
            id = made.at("account").at("id");
            token = a.token;
            WsClient b(port);
            b.hello("guest");
            REQUIRE(ac_reg(b, "Hal", "hal password").at("type") == "account");
            REQUIRE(ac_code_of(ac_account_call(b, {{"type", "deleteAccount"}, {"password", "hal password"}})) == "ok");
            a.close();
            b.close();
            server.stop();
        }
        hexhall::server::Server server(o);
        const uint16_t port = server.start();
        WsClient a(port);
        const json w = a.hello("guest", token);
        CHECK(w.at("account").at("id") == id);
        CHECK(w.at("name") == "Gus");
        WsClient b(port);
        b.hello("guest");
        CHECK(ac_code_of(ac_reg(b, "gus", "another one")) == "name_taken");
        CHECK(ac_code_of(ac_login(b, "Hal", "hal password")) == "bad_login");
        CHECK(ac_code_of(ac_reg(b, "Hal", "hal again!")) == "account");
        server.stop();
    }
}
