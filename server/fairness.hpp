// Provably fair randomness (docs/fairness.md): the secret seed is committed to at the start
// (SHA-256 of "hexhall-seed-v1:<seed decimal>:<salt hex>") and revealed at game over.
#pragma once
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace hexhall::server {

struct Fairness {
    uint64_t seed = 0;
    std::string salt;        // 32 lowercase hex digits (16 random bytes)
    std::string commitment;  // 64 lowercase hex digits
};

// 16 bytes from the OS's cryptographic generator, as 32 lowercase hex digits.
std::string new_salt();
// Lowercase hex SHA-256 of "hexhall-seed-v1:<seed>:<salt>" (seed: the decimal string as revealed).
std::string seed_commitment(const std::string& seed_decimal, const std::string& salt_hex);
// A new salt and the commitment for `seed`.
Fairness commit_to(uint64_t seed);

// {"type":"seedReveal","v":1,"room":…,"seed":"<decimal>","salt":…,"commitment":…,"record":"/games/<room>/record"}
nlohmann::json seed_reveal_message(const std::string& room, const Fairness& f);

}  // namespace hexhall::server
