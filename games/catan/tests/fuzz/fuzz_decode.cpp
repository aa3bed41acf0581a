// libFuzzer target for the client-message decoder. Build with clang and -DHEXHALL_FUZZ=ON;
// see docs/protocol.md ("Fuzzing").
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "games/catan/protocol/catan_messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const hexhall::protocol::Decoded d = hexhall::protocol::decode_client_message(text, 0);
    if (!d.ok() && d.error.code.empty()) __builtin_trap();  // every failure carries a code
    if (d.ok()) (void)hexhall::protocol::action_message(d.message->id, d.message->action).dump();
    else (void)hexhall::protocol::error_message(d.error).dump();
    return 0;
}
