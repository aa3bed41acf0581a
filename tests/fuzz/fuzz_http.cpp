// Fuzz target for the HTTP side (issue 12): raw bytes — request line, target, query string,
// headers, body — written to a real in-process server over TCP. The server must never crash, and
// must still answer GET /healthz after every input. With clang and -DHEXHALL_FUZZ=ON this is a
// libFuzzer target (fuzz_http); otherwise tests/fuzz/fuzz_http_smoke.cpp drives it with a fixed
// corpus and seeded mutations in ctest (also under ASan + UBSan). docs/protocol.md, "Fuzzing".
#include <sys/socket.h>
#include <sys/time.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>  // before Asio: Boost 1.74 + GCC 12 + C++20 (std::exchange)

#include <boost/asio.hpp>
#include <spdlog/spdlog.h>

#include "server/net.hpp"

namespace {

using boost::asio::ip::tcp;

struct FuzzServer {
    std::unique_ptr<hexhall::server::Server> server;
    uint16_t port = 0;
    FuzzServer() {
        spdlog::set_level(spdlog::level::off);
        hexhall::server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = 1;
        o.http_timeout_seconds = 2;  // an incomplete request is cut off
        server = std::make_unique<hexhall::server::Server>(o);
        port = server->start();
    }
};

FuzzServer& fuzz_server() {
    static FuzzServer s;
    return s;
}

// Writes `bytes`, half-closes, reads whatever comes back (at most 2 s). Returns the reply.
std::string send_raw(uint16_t port, const std::string& bytes) {
    boost::asio::io_context ioc;
    tcp::socket s(ioc);
    boost::system::error_code ec;
    s.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
    if (ec) return {};
    timeval tv{2, 0};
    setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    boost::asio::write(s, boost::asio::buffer(bytes), ec);
    s.shutdown(tcp::socket::shutdown_send, ec);
    std::string reply;
    char buf[4096];
    for (;;) {
        const size_t n = s.read_some(boost::asio::buffer(buf), ec);
        reply.append(buf, n);
        if (ec || reply.size() > (1u << 20)) break;
    }
    return reply;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzServer& fs = fuzz_server();
    const std::string reply = send_raw(fs.port, std::string(reinterpret_cast<const char*>(data), size));
    // Whatever came back is HTTP (or nothing: a request Beast cannot parse is closed).
    if (!reply.empty() && reply.rfind("HTTP/1.", 0) != 0) __builtin_trap();
    // The server is still there and answers.
    const std::string health = send_raw(fs.port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if (health.rfind("HTTP/1.1 200", 0) != 0) __builtin_trap();
    return 0;
}
