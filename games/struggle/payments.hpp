// The exact payments of a building cost (SFC-6.1, SFC-6.2 three identical cards for one missing,
// SFC-9.9 the university's one card once per turn): listed, counted and unranked.
//
// A payment is a sub-multiset `pay` of the hand for which payment_valid(cost, pay) holds. Listed in
// the order legal_moves uses: each distinct payment once, the most of resource 0 first, then of
// resource 1, and so on (lexicographically descending). count_payments and nth_payment give the
// size of that list and its i-th entry without building it (issue 16: random playouts).
#pragma once
#include <cstdint>
#include <vector>

#include "games/struggle/cards.hpp"

namespace hexhall::struggle {

// Every exact payment of `cost` from `hand`, in the order above.
void list_payments(const Cards& cost, const Cards& hand, bool university, std::vector<Cards>& out);

// How many entries list_payments would give.
uint32_t count_payments(const Cards& cost, const Cards& hand, bool university);

// The i-th entry (0 <= i < count_payments(...)) of list_payments.
Cards nth_payment(const Cards& cost, const Cards& hand, bool university, uint32_t i);

}  // namespace hexhall::struggle
