// The board's cells, a byte each (0 until set), by cell number (y + kOrigin) * Cells::kRow +
// (x + kOrigin) for x, y in (-kOrigin, kGrid - kOrigin). They are kept as 16 × 16 blocks made when
// first set: a game holds the few blocks its tiles reach (a few KiB), not the whole 148 × 148 grid
// (21 KiB) in every room. A plain value: copying it copies the blocks.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace hexhall::carcassonne {

class Cells {
public:
    static constexpr int kRow = 256;  // cells per row number: x and y are a cell number's two bytes

    uint8_t operator[](int cell) const {
        const uint8_t b = block_of_[block(cell)];
        return b ? blocks_[b - 1u][within(cell)] : 0;
    }
    void set(int cell, uint8_t value) {
        uint8_t& b = block_of_[block(cell)];
        if (!b) {
            blocks_.emplace_back();  // zeros
            b = static_cast<uint8_t>(blocks_.size());
        }
        blocks_[b - 1u][within(cell)] = value;
    }

private:
    static constexpr int kBlocks = 10;  // blocks per side: 16 × 10 cells cover the 148 of kGrid
    static int block(int cell) { return (cell >> 12) * kBlocks + ((cell & 255) >> 4); }
    static int within(int cell) { return ((cell >> 8) & 15) << 4 | (cell & 15); }
    std::array<uint8_t, kBlocks * kBlocks> block_of_{};  // 0: no block yet, else its index + 1
    std::vector<std::array<uint8_t, 256>> blocks_;
};

}  // namespace hexhall::carcassonne
