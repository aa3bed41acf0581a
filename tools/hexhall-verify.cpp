// hexhall-verify RECORD.json: checks a finished game's record (GET /games/<room>/record) —
// the seed commitment, then a replay of every action with the record's game — and prints what it
// checked (docs/fairness.md). Exit status 0: verified; 1: a check failed; 2: usage or I/O.
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "server/games.hpp"
#include "server/record_check.hpp"

int main(int argc, char** argv) {
    if (argc != 2 || std::string(argv[1]) == "--help") {
        std::cerr << "usage: hexhall-verify RECORD.json   (- reads standard input)\n";
        return 2;
    }
    std::stringstream text;
    if (std::string(argv[1]) == "-") {
        text << std::cin.rdbuf();
    } else {
        std::ifstream in(argv[1], std::ios::binary);
        if (!in) {
            std::cerr << "cannot read " << argv[1] << "\n";
            return 2;
        }
        text << in.rdbuf();
    }
    const nlohmann::json record = nlohmann::json::parse(text.str(), nullptr, false);
    if (record.is_discarded()) {
        std::cerr << "FAILED: not valid JSON\n";
        return 1;
    }
    hexhall::server::register_builtin_games();
    const hexhall::server::RecordCheck r = hexhall::server::check_record(record);
    std::cout << "record of room " << record.value("room", std::string("?")) << "\n";
    for (const std::string& line : r.checked) std::cout << "ok: " << line << "\n";
    if (!r.ok) {
        std::cout << "FAILED: " << r.error << "\n";
        return 1;
    }
    std::cout << "verified\n";
    return 0;
}
