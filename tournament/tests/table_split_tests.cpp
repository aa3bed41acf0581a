#include <catch2/catch.hpp>

#include <numeric>

#include "tournament/table_split.hpp"

using namespace hexhall::tournament;

TEST_CASE("HK-0.2 tables of 4, with 3-player tables only when the count requires", "[HK-0.2][tables]") {
    CHECK(table_sizes(3) == std::vector<int>{3});
    CHECK(table_sizes(4) == std::vector<int>{4});
    CHECK(table_sizes(6) == std::vector<int>{3, 3});
    CHECK(table_sizes(7) == std::vector<int>{4, 3});
    CHECK(table_sizes(9) == std::vector<int>{3, 3, 3});
    CHECK(table_sizes(13) == std::vector<int>{4, 3, 3, 3});
    CHECK(table_sizes(16) == std::vector<int>{4, 4, 4, 4});
    CHECK(table_sizes(100)->size() == 25);
    for (int n = 6; n <= 500; ++n) {
        INFO(n << " entrants");
        const auto sizes = table_sizes(n);
        REQUIRE(sizes);
        CHECK(std::accumulate(sizes->begin(), sizes->end(), 0) == n);
        int threes = 0;
        for (int s : *sizes) {
            CHECK((s == 3 || s == 4));
            threes += s == 3;
        }
        CHECK(threes == (4 - n % 4) % 4);  // as few 3-player tables as possible
        CHECK(table_split_problem(n).empty());
    }
}

TEST_CASE("HK-0.2 impossible entrant counts: 0, 1, 2 and 5", "[HK-0.2][tables]") {
    for (int n : {0, 1, 2, 5}) {
        INFO(n);
        CHECK_FALSE(table_sizes(n));
        CHECK(table_split_problem(n).find("HK-0.2") != std::string::npos);
    }
    CHECK(table_split_problem(5) == "5 entrants cannot be split into tables of 4 and 3 players (HK-0.2)");
}

TEST_CASE("Table split for other table sizes (tables of 5 and 4, all-3 tables)", "[tables]") {
    CHECK(table_sizes(9, 5, 2) == std::vector<int>{5, 4});
    CHECK(table_sizes(12, 3, 3) == std::vector<int>{3, 3, 3, 3});
    CHECK_FALSE(table_sizes(10, 3, 3));  // tables of 2 are below the minimum
}
