// Counting and unranking payments without listing them (issue 16): count_payments and nth_payment
// agree with list_payments, the listing legal_moves sends, on many hands and costs, with and
// without the university; every payment they give is valid.
#include "games/struggle/payments.hpp"

#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;

namespace {

// Checks count and every unranked entry against the listing.
void agree(const Cards& cost, const Cards& hand, bool university, std::vector<Cards>& listed, long long& payments) {
    list_payments(cost, hand, university, listed);
    const uint32_t n = count_payments(cost, hand, university);
    INFO("cost " << cost[0] << cost[1] << cost[2] << cost[3] << cost[4] << " hand " << hand[0] << ',' << hand[1]
                 << ',' << hand[2] << ',' << hand[3] << ',' << hand[4] << " university " << university);
    REQUIRE(n == listed.size());
    for (uint32_t i = 0; i < n; ++i) {
        const Cards pay = nth_payment(cost, hand, university, i);
        REQUIRE(pay == listed[i]);
        REQUIRE(hand.contains(pay));
        bool univ = false;
        REQUIRE(payment_valid(cost, pay, university, univ));
    }
    payments += n;
}

}  // namespace

TEST_CASE("payments are counted and unranked exactly as listed (SFC-6.2 triples, SFC-9.9 university)",
          "[SFC-6.1][SFC-6.2][SFC-9.9][SFC-9.7][SFC-12.2]") {
    std::vector<Cards> listed;
    long long payments = 0;
    const Ruleset& t = provisional_ruleset();
    std::vector<Cards> costs;
    for (int b = 0; b < kBuildings; ++b) costs.push_back(build_cost(t, static_cast<Building>(b), 0));
    costs.push_back(build_cost(t, Building::Expansion, static_cast<int>(Expansion::TownHall)));
    SECTION("every hand of up to 3 of each resource, every provisional cost") {
        for (const Cards& cost : costs)
            for (int code = 0; code < 4 * 4 * 4 * 4 * 4; ++code) {
                Cards hand;
                for (int r = 0, c = code; r < kResources; ++r, c /= 4) hand[r] = c % 4;
                agree(cost, hand, false, listed, payments);
                agree(cost, hand, true, listed, payments);
            }
    }
    SECTION("random large hands and random costs (other rulesets)") {
        Rng rng = make_rng(16);
        for (int round = 0; round < 3000; ++round) {
            Cards hand, cost;
            // Hands past 65,536 sub-multisets and costs past 7 cards take the wide tables.
            const int size = static_cast<int>(uniform(rng, round % 5 == 0 ? 45 : 22));
            for (int i = 0; i < size; ++i) hand[static_cast<int>(uniform(rng, kResources))] += 1;
            if (round % 2 == 0) {
                cost = costs[uniform(rng, static_cast<uint32_t>(costs.size()))];
            } else {
                const int k = 1 + static_cast<int>(uniform(rng, round % 4 == 1 ? 14 : 7));
                for (int i = 0; i < k; ++i) cost[static_cast<int>(uniform(rng, kResources))] += 1;
            }
            agree(cost, hand, round % 3 == 0, listed, payments);
        }
    }
    CHECK(payments > 1000);
}
