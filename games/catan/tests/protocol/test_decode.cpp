// Client message decoding: typed errors for every malformed input, round trips for every legal
// action, and a mutation fuzz run (100,000+ messages) that must never crash or throw.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "games/catan/protocol/catan_messages.hpp"
#include "games/catan/tests/protocol/helpers.hpp"

using namespace hexhall;
using namespace hexhall::catan;
using namespace hexhall::protocol;

namespace {

const std::set<std::string> kCodes = {"bad_json",      "bad_type",   "unknown_type", "missing_field",
                                      "out_of_range",  "too_large",  "too_deep",     "bad_value",
                                      "bad_version",   "unknown_game", "unknown_field"};

std::string code_of(const std::string& text) {
    const Decoded d = decode_client_message(text, 2);
    return d.ok() ? "ok" : d.error.code;
}

// Valid client messages: every legal action met in a few random games, plus offers and resyncs.
std::vector<std::string> seed_messages() {
    std::vector<std::string> out;
    std::set<std::string> seen;
    LegalActions la;
    for (uint64_t g = 0; g < 3; ++g) {
        GameState s;
        new_game(test::varied_options(g + 9), g, s);
        Rng rng = make_rng(g);
        for (int n = 0; s.phase != Phase::GameOver && n < 3000; ++n) {
            for (int seat = 0; seat < s.options.players; ++seat) {
                legal_actions(s, seat, la);
                for (const Action& a : la) {
                    std::string m = action_message(n, a).dump();
                    json intent = intent_json(a);
                    if (seen.insert(intent["type"].get<std::string>() + intent.dump()).second) out.push_back(m);
                }
            }
            apply(s, test::random_step(s, rng, la));
        }
    }
    out.push_back(R"({"type":"action","v":1,"id":7,"game":"catan","catan":{"type":"offerTrade","give":{"ore":2},"get":{"wool":1,"brick":1},"to":[0,3]}})");
    out.push_back(R"({"type":"action","v":1,"id":8,"game":"catan","catan":{"type":"counterOffer","offer":3,"give":{"ore":1},"get":{"wool":1}}})");
    out.push_back(R"({"type":"action","v":1,"id":9,"game":"catan","catan":{"type":"discard","cards":{"lumber":2,"grain":1,"ore":1}}})");
    out.push_back(R"({"type":"action","v":1,"id":10,"game":"catan","catan":{"type":"moveRobber","hex":4,"victim":null}})");
    out.push_back(R"({"type":"resync","v":1,"id":2147483647})");
    return out;
}

}  // namespace

TEST_CASE("every legal action survives intent JSON", "[protocol][decode]") {
    LegalActions la;
    int checked = 0;
    for (uint64_t g = 0; g < 20; ++g) {
        GameState s;
        REQUIRE(new_game(test::varied_options(g), g, s));
        Rng rng = make_rng(g);
        for (int n = 0; s.phase != Phase::GameOver && n < 3000; ++n) {
            const int seat = next_decider(s);
            legal_actions(s, seat, la);
            for (const Action& a : la) {
                const std::string text = action_message(n, a).dump();
                const Decoded d = decode_client_message(text, seat);
                REQUIRE(d.ok());
                REQUIRE(d.message->kind == ClientKind::Action);
                REQUIRE(d.message->id == n);
                REQUIRE(d.message->action == a);
                ++checked;
            }
            apply(s, test::random_step(s, rng, la));
        }
    }
    CHECK(checked > 10000);
}

TEST_CASE("decoder errors are typed", "[protocol][decode]") {
    CHECK(code_of(R"({"type":"resync","v":1,"id":3})") == "ok");
    CHECK(code_of("") == "bad_json");
    CHECK(code_of("{") == "bad_json");
    CHECK(code_of("[]") == "bad_type");
    CHECK(code_of(R"({"type":"resync","v":1})") == "missing_field");
    CHECK(code_of(R"({"type":"resync","v":1,"id":"3"})") == "bad_type");
    CHECK(code_of(R"({"type":"resync","v":1,"id":1.5})") == "bad_type");
    CHECK(code_of(R"({"type":"resync","v":1,"id":-1})") == "out_of_range");
    CHECK(code_of(R"({"type":"resync","v":1,"id":2147483648})") == "out_of_range");
    CHECK(code_of(R"({"type":"resync","v":1,"id":99999999999999999999999})") == "bad_type");
    CHECK(code_of(R"({"type":"resync","v":2,"id":3})") == "bad_version");
    CHECK(code_of(R"({"type":"hello","v":1,"id":3})") == "unknown_type");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"chess","chess":{}})") == "unknown_game");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan"})") == "missing_field");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"fly"}})") == "unknown_type");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"timeout"}})") == "unknown_type");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"buildRoad"}})") == "missing_field");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"buildRoad","edge":72}})") == "out_of_range");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"buildRoad","edge":-1}})") == "out_of_range");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"buildRoad","edge":true}})") == "bad_type");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"discard","cards":{"gold":1}}})") == "bad_value");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"discard","cards":{"ore":20}}})") == "out_of_range");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"offerTrade","give":{},"get":{},"to":[]}})") == "out_of_range");
    CHECK(code_of(R"({"type":"action","v":1,"id":3,"game":"catan","catan":{"type":"playMonopoly","resource":"gold"}})") == "bad_value");
    CHECK(code_of(std::string(70000, ' ')) == "too_large");
    CHECK(code_of(std::string(17, '[') + std::string(17, ']')) == "too_deep");
    CHECK(code_of(std::string(16, '[') + std::string(16, ']')) == "bad_type");
    CHECK(code_of(R"({"type":"resync","v":1,"id":3,"x":"[[[[[[[[[[[[[[[[[[[[[["})") == "ok");  // brackets in strings
    // Errors echo the id once it has been read.
    const Decoded d = decode_client_message(R"({"type":"action","v":1,"id":44,"game":"catan","catan":{"type":"buildCity"}})");
    REQUIRE(!d.ok());
    CHECK(d.error.id == 44);
    CHECK(error_message(d.error)["id"] == 44);
}

TEST_CASE("CAT-9.8 answers and confirmations name their offer; intents have no other members", "[protocol][decode][CAT-9.8]") {
    const std::string pre = R"({"type":"action","v":1,"id":3,"game":"catan","catan":)";
    for (const char* t : {"acceptOffer", "rejectOffer"}) {
        CHECK(code_of(pre + R"({"type":")" + t + R"("}})") == "missing_field");
        CHECK(code_of(pre + R"({"type":")" + t + R"(","offer":0}})") == "out_of_range");
        CHECK(code_of(pre + R"({"type":")" + t + R"(","offer":65536}})") == "out_of_range");
        CHECK(code_of(pre + R"({"type":")" + t + R"(","offer":"2"}})") == "bad_type");
        const Decoded d = decode_client_message(pre + R"({"type":")" + t + R"(","offer":2}})", 1);
        REQUIRE(d.ok());
        CHECK(d.message->action.offer == 2);
    }
    CHECK(code_of(pre + R"({"type":"confirmTrade","with":1}})") == "missing_field");
    CHECK(code_of(pre + R"({"type":"confirmTrade","offer":4,"with":1}})") == "ok");
    CHECK(code_of(pre + R"({"type":"counterOffer","give":{"ore":1},"get":{"wool":1}}})") == "missing_field");
    // additionalProperties: false: extra members are refused, not ignored.
    CHECK(code_of(pre + R"({"type":"acceptOffer","offer":2,"with":1}})") == "unknown_field");
    CHECK(code_of(pre + R"({"type":"rollDice","offer":2}})") == "unknown_field");
    CHECK(code_of(pre + R"({"type":"offerTrade","offer":2,"give":{"ore":1},"get":{"wool":1},"to":[1]}})") == "unknown_field");
    CHECK(code_of(pre + R"({"type":"buildRoad","edge":3,"intersection":4}})") == "unknown_field");
    CHECK(code_of(pre + R"({"type":"endTurn","comment":"gg"}})") == "unknown_field");
    // intent_json writes the id, and reads back the same action.
    Action a;
    a.type = ActionType::RejectOffer;
    a.seat = 1;
    a.offer = 9;
    CHECK(intent_json(a) == json::parse(R"({"type":"rejectOffer","offer":9})"));
    // Records stored before answers named their offer are read with offer 0 (the open one).
    IntentError err;
    const auto old = intent_from_json(json::parse(R"({"type":"acceptOffer"})"), 1, err, false);
    REQUIRE(old);
    CHECK(old->offer == 0);
}

TEST_CASE("CAT-9.8 an answer to an offer no longer open is the error offer_closed", "[protocol][CAT-9.8]") {
    catan::Result r = rejected("CAT-9.8", "x");
    CHECK(illegal_action(r, 5).code == "illegal_action");
    r.code = "offer_closed";
    const json e = error_message(illegal_action(r, 5));
    CHECK(e["code"] == "offer_closed");
    CHECK(e["rule"] == "CAT-9.8");
    CHECK(e["id"] == 5);
}

TEST_CASE("fuzz: mutated messages decode to a message or a typed error", "[protocol][decode][fuzz]") {
    const std::vector<std::string> seeds = seed_messages();
    REQUIRE(seeds.size() > 30);
    Rng rng = make_rng(20240601);
    auto pick = [&](size_t n) { return static_cast<size_t>(uniform(rng, static_cast<uint32_t>(n))); };
    const char* numbers[] = {"99999999999999999999999", "-1", "-2147483649", "1e400", "1.5", "-0", "0.0",
                             "18446744073709551616", "9223372036854775808", "2147483648", "1E2", "255", "256"};
    const char* tokens[] = {"{", "}", "[", "]", ",", ":", "\"", "\\", "null", "true", "\"type\"", "\"id\"",
                            "\"catan\"", "\"\\u0000\"", "\"\\ud800\"", "\xff", "\xc3\x28", "{\"a\":", "\"v\":1"};
    uint64_t ok = 0, errors = 0;
    std::set<std::string> codes_seen;
#if defined(__SANITIZE_ADDRESS__)
    const int kRuns = 20000;  // the sanitizer build is ~20x slower; the normal build runs 120,000
#else
    const int kRuns = 120000;
#endif
    for (int run = 0; run < kRuns; ++run) {
        std::string m = seeds[pick(seeds.size())];
        const int mutations = 1 + static_cast<int>(pick(3));
        for (int k = 0; k < mutations; ++k) {
            const size_t at = m.empty() ? 0 : pick(m.size());
            switch (pick(10)) {
                case 0: if (!m.empty()) m[at] = static_cast<char>(m[at] ^ (1 << pick(8))); break;  // flip
                case 1: m.insert(m.begin() + static_cast<long>(at), static_cast<char>(pick(256))); break;  // insert
                case 2: m.erase(at, 1 + pick(8)); break;  // delete
                case 3: { const std::string part = m.substr(at, 1 + pick(40)); m.insert(at, part); break; }  // duplicate
                case 4: m.resize(at); break;  // truncate
                case 5: {  // a number made huge, negative or fractional
                    size_t d = m.find_first_of("0123456789", at);
                    if (d == std::string::npos) break;
                    size_t e = m.find_first_not_of("0123456789", d);
                    m.replace(d, (e == std::string::npos ? m.size() : e) - d, numbers[pick(std::size(numbers))]);
                    break;
                }
                case 6: {  // deep nesting
                    const size_t depth = 1 + pick(40);
                    m.insert(at, std::string(depth, pick(2) ? '[' : '{'));
                    if (pick(2)) m.append(std::string(depth, ']'));
                    break;
                }
                case 7: m.insert(at, tokens[pick(std::size(tokens))]); break;
                case 8: {  // wrap a value in an array
                    size_t c = m.find(':', at);
                    if (c == std::string::npos) break;
                    m.insert(c + 1, "[");
                    size_t e = m.find_first_of(",}", c + 2);
                    m.insert(e == std::string::npos ? m.size() : e, "]");
                    break;
                }
                default: if (pick(50) == 0) m.append(70000, ' '); break;
            }
        }
        const Decoded d = decode_client_message(m, static_cast<int>(pick(4)));
        if (d.ok()) {
            ++ok;
            // A decoded message re-encodes and decodes to itself.
            if (d.message->kind == ClientKind::Action) {
                const Decoded again = decode_client_message(action_message(d.message->id, d.message->action).dump(),
                                                            d.message->action.seat);
                REQUIRE(again.ok());
                REQUIRE(again.message->action == d.message->action);
            }
        } else {
            ++errors;
            REQUIRE(kCodes.count(d.error.code) == 1);
            codes_seen.insert(d.error.code);
            REQUIRE_NOTHROW(error_message(d.error).dump());
        }
    }
    WARN("fuzz: " << kRuns << " mutated messages, " << ok << " decoded, " << errors << " typed errors, "
                  << codes_seen.size() << " distinct codes");
    CHECK(codes_seen.size() >= 8);
}
