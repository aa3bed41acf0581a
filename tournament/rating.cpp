#include "tournament/rating.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

namespace hexhall::rating {

Rating new_rating(const Model& model) { return {model.mu, model.sigma}; }

double ordinal(Rating r, const Model& model) { return r.mu - model.z * r.sigma; }

std::vector<Rating> rate(std::span<const Rating> before, std::span<const int> places, const Model& model) {
    std::vector<Rating> after(before.begin(), before.end());
    const size_t n = before.size();
    if (n < 2 || places.size() != n) return after;
    // Skills drift between games: every player's uncertainty grows by tau first.
    std::vector<double> sigma_sq(n);
    for (size_t i = 0; i < n; ++i) sigma_sq[i] = before[i].sigma * before[i].sigma + model.tau * model.tau;
    const double two_beta_sq = 2.0 * model.beta * model.beta;
    for (size_t i = 0; i < n; ++i) {
        double omega = 0.0, delta = 0.0;
        for (size_t q = 0; q < n; ++q) {
            if (q == i) continue;
            const double c = std::sqrt(sigma_sq[i] + sigma_sq[q] + two_beta_sq);
            const double p = 1.0 / (1.0 + std::exp((before[q].mu - before[i].mu) / c));  // P(i beats q)
            const double s = places[q] > places[i] ? 1.0 : places[q] < places[i] ? 0.0 : 0.5;
            const double eta = sigma_sq[i] / c;
            const double gamma = std::sqrt(sigma_sq[i]) / c;
            omega += eta * (s - p);
            delta += gamma * eta / c * p * (1.0 - p);
        }
        // One player per team: sigma_i^2 / team sigma^2 is 1.
        after[i].mu = before[i].mu + omega;
        after[i].sigma = std::sqrt(sigma_sq[i]) * std::sqrt(std::max(1.0 - delta, model.kappa));
    }
    return after;
}

std::vector<int> places_of(std::span<const Finish> finishes) {
    const size_t n = finishes.size();
    auto key = [&](size_t i) {
        const Finish& f = finishes[i];
        if (f.abandoned) return std::make_tuple(false, false, false, 0.0);  // all abandoners tie for last
        const bool has = f.score.has_value();
        return std::make_tuple(true, f.winner, has, has ? *f.score : 0.0);
    };
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key(a) > key(b); });
    std::vector<int> places(n, 0);
    for (size_t k = 0; k < n; ++k) {
        const size_t i = order[k];
        places[i] = (k > 0 && key(order[k - 1]) == key(i)) ? places[order[k - 1]] : static_cast<int>(k);
    }
    return places;
}

std::vector<std::optional<Rating>> rate_seats(std::span<const SeatResult> seats, const Model& model) {
    std::vector<std::optional<Rating>> out;
    std::vector<Rating> people;
    std::vector<Finish> finishes;
    for (const SeatResult& s : seats) {
        out.push_back(s.person);
        if (s.person) people.push_back(*s.person), finishes.push_back(s.finish);
    }
    if (people.size() < 2) return out;
    const std::vector<Rating> after = rate(people, places_of(finishes), model);
    size_t k = 0;
    for (auto& r : out)
        if (r) r = after[k++];
    return out;
}

Rating carried_into_season(Rating r, double widen, const Model& model) {
    const double s = std::sqrt(r.sigma * r.sigma + widen * widen);
    return {r.mu, std::min(s, model.sigma)};
}

}  // namespace hexhall::rating
