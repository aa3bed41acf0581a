#include "server/fairness.hpp"

#include <stdexcept>

#include <openssl/rand.h>

#include "protocol/messages.hpp"

namespace hexhall::server {

std::string new_salt() {
    unsigned char bytes[16];
    if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("RAND_bytes failed");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += kHex[b >> 4];
        out += kHex[b & 0xF];
    }
    return out;
}

std::string seed_commitment(const std::string& seed_decimal, const std::string& salt_hex) {
    return protocol::sha256_hex("hexhall-seed-v1:" + seed_decimal + ":" + salt_hex);
}

Fairness commit_to(uint64_t seed) {
    Fairness f;
    f.seed = seed;
    f.salt = new_salt();
    f.commitment = seed_commitment(std::to_string(seed), f.salt);
    return f;
}

nlohmann::json seed_reveal_message(const std::string& room, const Fairness& f) {
    return {{"type", "seedReveal"}, {"v", 1},
            {"room", room},         {"seed", std::to_string(f.seed)},
            {"salt", f.salt},       {"commitment", f.commitment},
            {"record", "/games/" + room + "/record"}};
}

}  // namespace hexhall::server
