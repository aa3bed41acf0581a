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

namespace {

// payment_valid as it was before issue 16: every split of every resource into direct cards,
// triples and at most one university card, searched recursively. The reference for the interval
// test that replaced it.
bool payment_valid_by_search(const Cards& cost, const Cards& pay, bool university, bool& uses_university) {
    bool without = false, with = false;
    auto rec = [&](auto&& self, int r, int balance, bool e_used) -> void {
        if (without) return;
        if (r == kResources) {
            if (balance == 0) (e_used ? with : without) = true;
            return;
        }
        const int dmax = std::min(cost[r], pay[r]);
        for (int d = dmax; d >= 0; --d) {
            const int x = pay[r] - d;
            const int t = x / 3, e = x % 3;
            if (e == 2 || (e == 1 && (!university || e_used))) continue;
            self(self, r + 1, balance + (cost[r] - d) - t - e, e_used || e == 1);
        }
    };
    if (!pay.nonnegative()) return false;
    rec(rec, 0, 0, false);
    uses_university = !without && with;
    return without || with;
}

}  // namespace

TEST_CASE("payment_valid agrees with a search over every split, university use included",
          "[SFC-6.1][SFC-6.2][SFC-9.9][SFC-9.7]") {
    Rng rng = make_rng(61);
    long long valid = 0, via_university = 0;
    for (int round = 0; round < 4000; ++round) {
        Cards cost, pay;
        const int k = static_cast<int>(uniform(rng, 8));
        for (int i = 0; i < k; ++i) cost[static_cast<int>(uniform(rng, kResources))] += 1;
        const int n = static_cast<int>(uniform(rng, 16));
        for (int i = 0; i < n; ++i) pay[static_cast<int>(uniform(rng, kResources))] += 1;
        if (round % 50 == 0) pay[static_cast<int>(uniform(rng, kResources))] = -1;
        for (int u = 0; u < 2; ++u) {
            bool fast_univ = false, ref_univ = false;
            const bool fast = payment_valid(cost, pay, u == 1, fast_univ);
            const bool ref = payment_valid_by_search(cost, pay, u == 1, ref_univ);
            INFO("cost " << cost[0] << cost[1] << cost[2] << cost[3] << cost[4] << " pay " << pay[0] << ','
                         << pay[1] << ',' << pay[2] << ',' << pay[3] << ',' << pay[4] << " university " << u);
            REQUIRE(fast == ref);
            if (ref) REQUIRE(fast_univ == ref_univ);
            valid += ref;
            via_university += ref && ref_univ;
        }
    }
    CHECK(valid > 300);
    CHECK(via_university > 50);
}
