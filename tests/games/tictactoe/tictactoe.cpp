#include "tests/games/tictactoe/tictactoe.hpp"

#include "core/action_shape.hpp"
#include "core/random_bot.hpp"

#include <array>

namespace hexhall::test::tictactoe {

namespace {

using core::Event;
using core::json;
using core::Rejection;

constexpr int kEmpty = -1;
constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

class TicTacToe final : public core::GameRules {
public:
    TicTacToe() { cells_.fill(kEmpty); }

    std::unique_ptr<core::GameRules> clone() const override { return std::make_unique<TicTacToe>(*this); }
    int seats() const override { return 2; }
    json options() const override { return {{"players", 2}}; }
    bool over() const override { return line_winner() != kEmpty || marks_ == 9; }
    core::Outcome outcome() const override {
        core::Outcome o;
        const int w = line_winner();
        if (w != kEmpty) {
            o.winners = {w};
            o.scores = {w == 0 ? 1 : 0, w == 1 ? 1 : 0};
        } else {  // TTT-4: a draw is shared
            o.winners = {0, 1};
            o.scores = {0, 0};
        }
        return o;
    }
    std::vector<int> awaiting() const override {
        if (over()) return {};
        return {marks_ % 2};
    }
    std::vector<json> legal_actions(int seat) const override {
        std::vector<json> out;
        if (over() || seat != marks_ % 2) return out;
        for (int c = 0; c < 9; ++c)
            if (cells_[c] == kEmpty) out.push_back({{"type", "mark"}, {"cell", c}});
        return out;
    }
    std::optional<Rejection> act(int seat, const json& action, std::vector<Event>& events) override {
        std::vector<int64_t> v;
        if (auto bad = core::check_action_type(action)) return bad;
        if (action["type"] != "mark") return core::unknown_action_type(action["type"].get<std::string>(), "mark");
        if (auto bad = core::check_int_members(action, {{"cell", -1000, 1000}}, v)) return bad;
        if (over() || seat != marks_ % 2) return Rejection{"TTT-1", "it is not your turn"};
        const int64_t cell = action["cell"].get<int64_t>();
        if (cell < 0 || cell > 8) return Rejection{"TTT-2", "the cells are 0 to 8"};
        if (cells_[static_cast<size_t>(cell)] != kEmpty) return Rejection{"TTT-2", "that cell is already marked"};
        cells_[static_cast<size_t>(cell)] = seat;
        ++marks_;
        events.push_back({{{"type", "marked"}, {"seat", seat}, {"cell", cell}}, core::kEveryone});
        if (over()) events.push_back({{{"type", "over"}, {"winners", outcome().winners}}, core::kEveryone});
        return std::nullopt;
    }
    json view(int) const override {
        json cells = json::array();
        for (int c : cells_) cells.push_back(c == kEmpty ? json() : json(c));
        return {{"cells", cells}, {"turn", over() ? json() : json(marks_ % 2)}, {"over", over()}};
    }
    std::unique_ptr<core::GameRules> determinize(int, uint64_t) const override { return clone(); }  // nothing hidden

private:
    int line_winner() const {
        for (const auto& l : kLines)
            if (cells_[l[0]] != kEmpty && cells_[l[0]] == cells_[l[1]] && cells_[l[1]] == cells_[l[2]]) return cells_[l[0]];
        return kEmpty;
    }

    std::array<int, 9> cells_{};
    int marks_ = 0;
};

// The core generator's splitmix64 with the remainder draw (core/random.hpp), as the game always drew.
using Rng = core::SplitMix64;

// Completes its own line, else blocks the opponent's, else takes the centre, else a random cell.
class HeuristicBot final : public core::RulesBot {
public:
    explicit HeuristicBot(uint64_t seed) : rng_{seed} {}
    json decide(const core::GameRules& g, int seat) override {
        const std::vector<json> legal = g.legal_actions(seat);
        if (legal.empty()) return json();
        const json cells = g.view(seat).at("cells");
        for (const json& who : {json(seat), json(1 - seat)})
            for (const auto& l : kLines) {
                int mine = 0, empty = -1;
                for (int c : l) {
                    if (cells[c] == who) ++mine;
                    else if (cells[c].is_null()) empty = c;
                }
                if (mine == 2 && empty >= 0) return {{"type", "mark"}, {"cell", empty}};
            }
        if (cells[4].is_null()) return {{"type", "mark"}, {"cell", 4}};
        return legal[rng_.remainder(legal.size())];
    }
    const char* name() const override { return "heuristic"; }

private:
    Rng rng_;
};

std::unique_ptr<core::GameRules> create(const json& options, uint64_t, std::string& error) {
    if (!options.is_object()) return error = "options must be an object", nullptr;
    for (auto& [key, value] : options.items()) {
        if (key != "players") return error = "unknown option \"" + key + "\"", nullptr;
        if (value != 2) return error = "\"players\" must be 2", nullptr;
    }
    return std::make_unique<TicTacToe>();
}

std::unique_ptr<core::RulesBot> make_bot(std::string_view name, uint64_t seed) {
    if (name == "random") return core::make_random_bot(seed, core::RandomDraw::Remainder);
    if (name == "heuristic") return std::make_unique<HeuristicBot>(seed);
    return nullptr;
}

}  // namespace

const core::RulesModule& module() {
    static const core::RulesModule m{"tictactoe", "Tic-tac-toe (test game)", 2, 2, {"random", "heuristic"}, "heuristic",
                                     &create, &make_bot,
                                     core::GameType{core::GameType::Dynamics::Sequential,
                                                    core::GameType::Information::Perfect, false}};
    return m;
}

}  // namespace hexhall::test::tictactoe
