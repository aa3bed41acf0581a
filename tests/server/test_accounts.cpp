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
using hexhall::server::NameCheck;

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

// Two account books on one database, each on its own connection to it, as two nodes would have them;
// Ann's account made by the first (`a`), with session-a logged in.
struct AcTwoBooks {
    explicit AcTwoBooks(const TestStoreDb& db) : sa(db.open()), sb(db.open()), a(sa.get()), b(sb.get()) {
        a.load();
        b.load();
        REQUIRE(a.reserve(key));
        made = a.create("Ann", key, "hash one", "session-a", 1000);
        REQUIRE(made.result == hexhall::server::AccountWrite::Done);
    }
    std::unique_ptr<hexhall::server::Store> sa, sb;
    hexhall::server::AccountBook a, b;
    const std::string key = check_account_name("Ann").key;
    hexhall::server::AccountBook::Created made;
};

}  // namespace

TEST_CASE("accounts: names are unique after case, separators and look-alikes are folded", "[server][accounts]") {
    CHECK(check_account_name("Ann").key == check_account_name("ANN").key);
    CHECK(check_account_name("A.nn").key == check_account_name("ann").key);
    CHECK(check_account_name("Lily").key == check_account_name("L1ly").key);
    CHECK(check_account_name("Lily").key == check_account_name("lIly").key);
    CHECK(check_account_name("modo").key == check_account_name("rnod0").key);
    CHECK(check_account_name("Olive").key == check_account_name("0live").key);
    CHECK(check_account_name("Ann").key != check_account_name("Anne").key);
    CHECK(check_account_name("Bob_the-Builder").ok);
    CHECK_FALSE(check_account_name("Al").ok);                     // too short
    CHECK_FALSE(check_account_name("Ann  Lee").ok);               // two separators
    CHECK_FALSE(check_account_name(" Ann").ok);                   // leading separator
    CHECK_FALSE(check_account_name("1234").ok);                   // no letter
    CHECK_FALSE(check_account_name("Deleted player 1").ok);       // reserved for deleted accounts
    CHECK_FALSE(check_account_name("DELETED.PLAYER").ok);
    CHECK_FALSE(check_account_name("abcdefghijklmnopqrstu").ok);  // 21
    CHECK_FALSE(check_account_name("Ann!").ok);                   // a symbol
    CHECK_FALSE(check_account_name("An\xFFn").ok);                // not UTF-8
}

// Decision 025: NFKC + full case folding + the UTS #39 skeleton (ICU).
TEST_CASE("accounts: Unicode names collide after normalisation, case folding and look-alike skeletons", "[server][accounts]") {
    const std::string ann = check_account_name("Ann").key;
    REQUIRE_FALSE(ann.empty());
    // Fullwidth, and Cyrillic А (U+0410) in a Latin name: one key.
    const NameCheck fullwidth = check_account_name("\xEF\xBC\xA1\xEF\xBD\x8E\xEF\xBD\x8E");  // Ａｎｎ
    REQUIRE(fullwidth.ok);
    CHECK(fullwidth.name == "Ann");  // shown as its NFKC form
    CHECK(fullwidth.key == ann);
    CHECK(hexhall::server::account_name_key("\xD0\x90nn") == ann);  // Аnn
    // ... and the mixed-script name itself is refused, saying why.
    const NameCheck mixed = check_account_name("\xD0\x90nn");
    CHECK_FALSE(mixed.ok);
    CHECK_THAT(mixed.error, Catch::Contains("mix scripts"));
    // An all-Cyrillic name that looks Latin has the Latin name's key.
    const NameCheck coco = check_account_name("\xD0\xA1\xD0\xBE\xD1\x81\xD0\xBE");  // Сосо
    REQUIRE(coco.ok);
    CHECK(coco.key == check_account_name("Coco").key);
    // Composed and decomposed "Zoë": one name, one key, both shown composed.
    const NameCheck composed = check_account_name("Zo\xC3\xAB"), decomposed = check_account_name("Zoe\xCC\x88");
    REQUIRE(composed.ok);
    REQUIRE(decomposed.ok);
    CHECK(composed.key == decomposed.key);
    CHECK(decomposed.name == "Zo\xC3\xAB");
    CHECK(composed.key != check_account_name("Zoe").key);
    // Full case folding: ß is ss.
    CHECK(check_account_name("Stra\xC3\x9F" "e").key == check_account_name("STRASSE").key);
    // Other scripts are welcome; Latin with Han/Kana too (UTS #39 moderately restrictive).
    CHECK(check_account_name("\xE3\x81\x95\xE3\x81\x8F\xE3\x82\x89").ok);        // さくら
    CHECK(check_account_name("\xCE\x9D\xCE\xAF\xCE\xBA\xCE\xB7").ok);            // Νίκη
    CHECK(check_account_name("Jos\xC3\xA9 Garc\xC3\xAD" "a").ok);
    // Invisible, control and direction-changing characters are refused with a clear error.
    for (const std::string bad : {"An\xE2\x80\x8Dn",      // zero-width joiner U+200D
                                  "An\xE2\x80\xAEn",      // right-to-left override U+202E
                                  "An\xE2\x80\x8Bn",      // zero-width space U+200B
                                  "An\xE2\x81\xA6n",      // left-to-right isolate U+2066
                                  "An\xC2\xADn",          // soft hyphen U+00AD
                                  "Ann\xEF\xBB\xBF"}) {   // BOM U+FEFF
        const NameCheck c = check_account_name(bad);
        CHECK_FALSE(c.ok);
        CHECK_THAT(c.error, Catch::Contains("invisible or direction-changing"));
    }
    const NameCheck control = check_account_name("An\nn");
    CHECK_FALSE(control.ok);
    CHECK_THAT(control.error, Catch::Contains("control"));
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

// loggedOut (docs/protocol.md, "Accounts"): a revoked log-in tells the session's open connections,
// which then act and chat as guests; the one that asked gets its answer instead.
TEST_CASE("accounts: a revoked log-in pushes loggedOut to its connections, which become guests", "[server][accounts]") {
    Watchdog wd(120);
    TestServer s;
    WsClient a1(s.port);
    a1.hello("Guest A");
    REQUIRE(ac_reg(a1, "Ann", "ann password").at("type") == "account");
    WsClient a2(s.port);  // a second tab of the same session
    REQUIRE(a2.hello("Guest A", a1.token).at("name") == "Ann");
    WsClient b(s.port);  // another device
    b.hello("Guest B");
    REQUIRE(ac_login(b, "ann", "ann password").at("type") == "account");
    const std::string room = b.create().at("room");
    REQUIRE(b.join(room, 0).at("type") == "joined");
    b.request({{"type", "chat"}, {"room", room}, {"text", "as Ann"}});
    CHECK(b.recv_type("chat").at("name") == "Ann");

    // logout in one tab: the other tab of the session is told; the other device is not.
    CHECK(ac_code_of(ac_account_call(a1, {{"type", "logout"}})) == "ok");
    json out = a2.recv_type("loggedOut");
    CHECK(out.at("reason") == "logout");
    CHECK(out.at("name") == "Guest A");
    CHECK(ac_code_of(ac_account_call(a2, {{"type", "logoutAll"}})) == "not_logged_in");
    REQUIRE(ac_login(a1, "Ann", "ann password").at("type") == "account");

    // logoutAll from the other device: every connection of every session of the account.
    CHECK(ac_code_of(ac_account_call(b, {{"type", "logoutAll"}})) == "ok");
    for (WsClient* c : {&a1, &a2}) CHECK(c->recv_type("loggedOut").at("reason") == "logoutAll");
    CHECK(ac_code_of(ac_account_call(a1, {{"type", "logout"}})) == "not_logged_in");
    b.request({{"type", "chat"}, {"room", room}, {"text", "as a guest"}});
    CHECK(b.recv_type("chat").at("name") == "Guest B");  // no longer speaks as the account

    // A password change logs the other sessions out, and they are told; the changer is not.
    REQUIRE(ac_login(a1, "Ann", "ann password").at("type") == "account");
    REQUIRE(ac_login(b, "Ann", "ann password").at("type") == "account");
    CHECK(ac_code_of(ac_account_call(a1, {{"type", "changePassword"}, {"password", "ann password"},
                                          {"newPassword", "new password"}})) == "ok");
    CHECK(b.recv_type("loggedOut").at("reason") == "passwordChanged");
    CHECK(ac_code_of(ac_account_call(b, {{"type", "logout"}})) == "not_logged_in");

    // Deleting the account: every other connection is told.
    REQUIRE(ac_login(b, "Ann", "new password").at("type") == "account");
    CHECK(ac_code_of(ac_account_call(a1, {{"type", "deleteAccount"}, {"password", "new password"}})) == "ok");
    CHECK(a2.recv_type("loggedOut").at("reason") == "accountDeleted");
    CHECK(b.recv_type("loggedOut").at("reason") == "accountDeleted");
    CHECK(ac_code_of(ac_reg(b, "Bea", "bea password")) == "account");  // a guest again: may register
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

// Decision 025 in both stores: the unique index holds the Unicode keys, and a database from before
// (keys of an older rule) is re-keyed at start; two old accounts whose names now collide both keep
// working (the younger under a collided key), and the name stays taken.
TEST_CASE("accounts: Unicode names in both stores; old keys are recomputed at start", "[server][accounts][store]") {
    using namespace hexhall::server;
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        Watchdog wd(180);
        TestStoreDb db(kind);
        const std::string a_id = "00000000000000a1", b_id = "00000000000000b2";
        {
            std::unique_ptr<Store> s = db.open();
            REQUIRE(s->create_account({a_id, "Ann", "ann (old rule)", hash_password("ann password"), 1, false}) ==
                    AccountWrite::Done);
            REQUIRE(s->create_account({b_id, "ANN", "ANN (old rule)", hash_password("other password"), 2, false}) ==
                    AccountWrite::Done);
            s->flush();
        }
        ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = 2;
        db.use_in(o);
        const std::string key = account_name_key("Ann");
        for (int start = 0; start < 2; ++start) {  // the second start changes nothing
            Server server(o);
            const uint16_t port = server.start();
            WsClient a(port);
            a.hello("guest");
            const json in_a = ac_login(a, "ann", "ann password");
            REQUIRE(in_a.at("type") == "account");
            CHECK(in_a.at("account").at("id") == a_id);
            WsClient b(port);
            b.hello("guest");
            const json in_b = ac_login(b, "Ann", "other password");  // the younger one still logs in
            REQUIRE(in_b.at("type") == "account");
            CHECK(in_b.at("account").at("id") == b_id);
            WsClient c(port);
            c.hello("guest");
            CHECK(ac_code_of(ac_login(c, "Ann", "wrong password")) == "bad_login");
            CHECK(ac_code_of(ac_reg(c, "\xEF\xBC\xA1\xEF\xBD\x8E\xEF\xBD\x8E", "a password")) == "name_taken");  // Ａｎｎ
            const json mixed = ac_reg(c, "\xD0\x90nn", "a password");                                        // Аnn
            CHECK(ac_code_of(mixed) == "bad_value");
            CHECK_THAT(mixed.value("message", ""), Catch::Contains("mix scripts"));
            const json zwj = ac_reg(c, "An\xE2\x80\x8Dn", "a password");
            CHECK(ac_code_of(zwj) == "bad_value");
            CHECK_THAT(zwj.value("message", ""), Catch::Contains("invisible or direction-changing"));
            if (start == 0) {
                const json zoe = ac_reg(c, "Zo\xC3\xAB", "zoe password");
                REQUIRE(zoe.at("type") == "account");
                CHECK(zoe.at("account").at("name") == "Zo\xC3\xAB");
            } else {
                CHECK(ac_code_of(ac_login(c, "Zoe\xCC\x88", "zoe password")) == "account");
            }
            WsClient d(port);
            d.hello("guest");
            CHECK(ac_code_of(ac_reg(d, "Zoe\xCC\x88", "a password")) == "name_taken");  // decomposed
            if (start == 0) {  // an all-Cyrillic name that passes for a Latin one
                CHECK(ac_code_of(ac_reg(d, "\xD0\xA1\xD0\xBE\xD1\x81\xD0\xBE", "a password")) == "account");  // Сосо
                CHECK(ac_code_of(ac_account_call(d, {{"type", "logout"}})) == "ok");
            }
            CHECK(ac_code_of(ac_reg(d, "Coco", "a password")) == "name_taken");
            a.close();
            b.close();
            c.close();
            d.close();
            server.stop();
            std::unique_ptr<Store> s = db.open();
            CHECK(s->account_by_id(a_id)->key == key);
            CHECK(s->account_by_id(b_id)->key == collided_key(key, b_id));
            CHECK(s->account_by_key(account_name_key("Coco")));
        }
    }
}

// Several nodes on one database (docs/decisions/020-accounts.md, "Accounts across nodes"): two
// account books, each on its own connection to one database, as two nodes would be. The store's
// unique index decides a name, and each book reads what the other did.
TEST_CASE("accounts: two books on one database share names, hashes, deletions and log-ins", "[server][accounts][store]") {
    using namespace hexhall::server;
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        AcTwoBooks books(db);
        auto& sa = books.sa;
        AccountBook &a = books.a, &b = books.b;
        const std::string& key = books.key;
        const std::string id = books.made.account.id;

        // "ANN" on the other node: its memory knows nothing, the unique index refuses it.
        REQUIRE(b.reserve(check_account_name("ANN").key));
        CHECK(b.create("ANN", check_account_name("ANN").key, "hash two", "session-b", 2000).result == AccountWrite::Taken);
        const std::optional<Account> seen = b.fresh_by_key(key);
        REQUIRE(seen);
        CHECK(seen->id == id);
        CHECK(seen->hash == "hash one");
        CHECK(b.by_id(id).has_value());

        // A log-in made on one node is resolved on the other (a hello there).
        sa->flush();
        b.refresh_session("session-a");
        REQUIRE(b.by_session("session-a"));
        CHECK(b.by_session("session-a")->id == id);

        // Password changes are compare-and-set in the store: the second node's stale change fails.
        CHECK(a.set_hash(id, "hash one", "hash three") == AccountWrite::Done);
        CHECK(b.set_hash(id, "hash one", "hash four") == AccountWrite::Stale);
        CHECK(b.fresh_by_id(id)->hash == "hash three");

        // Deleting on one node frees the name and logs the session out on the other.
        const std::optional<Account> gone = a.erase(id);
        REQUIRE(gone);
        CHECK(gone->name == "Ann");
        CHECK_FALSE(a.erase(id));
        CHECK_FALSE(b.erase(id));
        CHECK_FALSE(b.fresh_by_key(key));
        CHECK_FALSE(b.by_session("session-a"));  // the fresh read saw the deletion
        sa->flush();
        b.refresh_session("session-a");
        CHECK_FALSE(b.by_session("session-a"));
        const std::optional<Account> old = b.fresh_by_id(id);
        REQUIRE(old);
        CHECK(old->deleted);
        CHECK(old->name.starts_with("Deleted player "));
        CHECK(old->hash.empty());
        REQUIRE(b.reserve(key));
        const AccountBook::Created again = b.create("Ann", key, "hash five", "session-b", 3000);
        REQUIRE(again.result == AccountWrite::Done);
        CHECK(again.account.id != id);
        CHECK(a.fresh_by_key(key)->id == again.account.id);
    }
}

// A log-in on node B racing the account's deletion on node A: A's deletion unbinds the sessions it
// sees, and B's binding commits after it. The log-in must not stand (B's check would otherwise keep
// a deleted account's connection logged in for ever).
TEST_CASE("accounts: a log-in bound after its account was deleted does not stand", "[server][accounts][store]") {
    using namespace hexhall::server;
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        AcTwoBooks books(db);
        auto &sa = books.sa, &sb = books.sb;
        AccountBook &a = books.a, &b = books.b;
        const AccountBook::Created& made = books.made;
        sa->flush();
        REQUIRE(a.erase(made.account.id));
        sa->flush();
        sb->bind_account_session("session-b", made.account.id);  // B's log-in, committed after the deletion
        sb->flush();
        CHECK_FALSE(sb->account_of_session("session-b"));
        CHECK(sb->account_sessions_among({"session-a", "session-b"}).empty());
        for (const auto& [session, account] : sb->load_account_sessions()) CHECK(account != made.account.id);
        b.refresh_session("session-b");
        CHECK_FALSE(b.by_session("session-b"));
    }
}

TEST_CASE("accounts: an older database's account documents move into the accounts table", "[server][accounts][store]") {
    using namespace hexhall::server;
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        {
            std::unique_ptr<Store> s = db.open();
            const json ann = {{"name", "Ann"}, {"key", check_account_name("Ann").key}, {"hash", "ann hash"},
                              {"created", 5}, {"sessions", {"sess-1", "sess-2"}}, {"deleted", false}};
            const json gone = {{"name", "Deleted player 00000b"}, {"key", ""}, {"hash", ""},
                               {"created", 6}, {"sessions", json::array()}, {"deleted", true}};
            s->put_document(kAccountKind, "00000000000000aa", ann.dump(), 5);
            s->put_document(kAccountKind, "00000000000000bb", gone.dump(), 6);
            s->flush();
        }
        for (int start = 0; start < 2; ++start) {  // a second start finds them moved already
            std::unique_ptr<Store> s = db.open();
            AccountBook book(s.get());
            book.load();
            CHECK(s->load_documents(kAccountKind).empty());
            const std::optional<Account> ann = book.fresh_by_key(check_account_name("ANN").key);
            REQUIRE(ann);
            CHECK(ann->id == "00000000000000aa");
            CHECK(ann->hash == "ann hash");
            CHECK(ann->created_ms == 5);
            CHECK(book.by_session("sess-2")->id == ann->id);
            CHECK(s->account_of_session("sess-1") == std::optional<std::string>("00000000000000aa"));
            const std::optional<AccountRow> gone = s->account_by_id("00000000000000bb");
            REQUIRE(gone);
            CHECK(gone->deleted);
            CHECK(book.size() == 1);
        }
    }
}

// Two servers (nodes) on one PostgreSQL (decision 017): an account made on one is the account on
// the other; a password change or a deletion on one takes effect for log-ins on the other.
TEST_CASE("accounts: across two nodes on one PostgreSQL", "[server][accounts][store][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog wd(180);
    TestStoreDb db("postgres");
    auto na = db.node("accounts-a"), nb = db.node("accounts-b");
    const uint16_t pa = na->start(), pb = nb->start();

    WsClient a(pa);
    a.hello("guest");
    const json made = ac_reg(a, "Ann", "first password");
    REQUIRE(made.at("type") == "account");
    const std::string id = made.at("account").at("id");

    WsClient b(pb);
    b.hello("guest");
    CHECK(ac_code_of(ac_reg(b, "ANN", "another one")) == "name_taken");  // refused by the index
    const json in = ac_login(b, "Ann", "first password");
    REQUIRE(in.at("type") == "account");
    CHECK(in.at("account").at("id") == id);

    // A session logged in on node A is logged in when it comes back on node B.
    {
        WsClient a_on_b(pb);
        const json w = a_on_b.hello("x", a.token);
        REQUIRE(w.contains("account"));
        CHECK(w.at("account").at("id") == id);
    }

    // A password change on A: the old password fails on B, the new one works; B's session is out.
    CHECK(ac_code_of(ac_account_call(a, {{"type", "changePassword"}, {"password", "first password"},
                                         {"newPassword", "second password"}})) == "ok");
    WsClient b2(pb);
    b2.hello("guest");
    CHECK(ac_code_of(ac_login(b2, "Ann", "first password")) == "bad_login");
    CHECK(ac_code_of(ac_login(b2, "Ann", "second password")) == "account");
    b2.request({{"type", "logout"}});
    CHECK(b2.recv().at("type") == "ok");
    {
        WsClient b_again(pb);
        CHECK_FALSE(b_again.hello("x", b.token).contains("account"));  // logged out by the change on A
    }

    // Deleted on A: the log-in fails on B and the name is free there.
    CHECK(ac_code_of(ac_account_call(a, {{"type", "deleteAccount"}, {"password", "second password"}})) == "ok");
    WsClient b3(pb);
    b3.hello("guest");
    CHECK(ac_code_of(ac_login(b3, "Ann", "second password")) == "bad_login");
    const json again = ac_reg(b3, "Ann", "third password");
    REQUIRE(again.at("type") == "account");
    CHECK(again.at("account").at("id") != id);
    WsClient a2(pa);
    a2.hello("guest");
    CHECK(ac_code_of(ac_reg(a2, "a.nn", "fourth password")) == "name_taken");  // A knows it from the store
    CHECK(ac_code_of(ac_login(a2, "ANN", "third password")) == "account");

    a.close();
    b.close();
    b2.close();
    b3.close();
    a2.close();
    na->stop();
    nb->stop();
}

// loggedOut across nodes: a log-in revoked on node A reaches a connection on node B at B's next
// check of the store (HubLimits::login_check).
TEST_CASE("accounts: a log-in revoked on another node is pushed loggedOut at the next check", "[server][accounts][store][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog wd(180);
    TestStoreDb db("postgres");
    const std::chrono::milliseconds check(100);
    const auto checking = [&](hexhall::server::ServerOptions& o) { o.limits.login_check = check; };
    auto na = db.node("logout-a", checking), nb = db.node("logout-b", checking);
    const uint16_t pa = na->start(), pb = nb->start();
    WsClient a(pa);
    a.hello("on A");
    REQUIRE(ac_reg(a, "Ann", "ann password").at("type") == "account");
    WsClient b(pb);
    b.hello("on B");
    REQUIRE(ac_login(b, "Ann", "ann password").at("type") == "account");
    na->store().flush();  // A's log-in is stored (register answers before it is)
    WsClient b_same(pb);  // node B, the session of A's connection
    REQUIRE(b_same.hello("x", a.token).contains("account"));

    CHECK(ac_code_of(ac_account_call(a, {{"type", "logoutAll"}})) == "ok");
    for (WsClient* c : {&b, &b_same}) {
        const json out = c->recv_type("loggedOut");
        CHECK(out.at("reason") == "revoked");
    }
    CHECK(ac_code_of(ac_account_call(b, {{"type", "logout"}})) == "not_logged_in");

    // Deleted on A: B's connection is told why.
    REQUIRE(ac_login(b, "Ann", "ann password").at("type") == "account");
    REQUIRE(ac_login(a, "Ann", "ann password").at("type") == "account");
    CHECK(ac_code_of(ac_account_call(a, {{"type", "deleteAccount"}, {"password", "ann password"}})) == "ok");
    CHECK(b.recv_type("loggedOut").at("reason") == "accountDeleted");
    a.close();
    b.close();
    b_same.close();
    na->stop();
    nb->stop();
}
