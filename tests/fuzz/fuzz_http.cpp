// Fuzz target for the HTTP side (issue 12): raw bytes — request line, target, query string,
// headers, body — written to a real in-process server over TCP. The server must never crash, and
// must still answer GET /healthz after every input. With clang and -DHEXHALL_FUZZ=ON this is a
// libFuzzer target (fuzz_http); otherwise tests/fuzz/fuzz_http_smoke.cpp drives it with a fixed
// corpus and seeded mutations in ctest (also under ASan + UBSan). docs/protocol.md, "Fuzzing".
// The tournaments API is on it as in hexhall-server (issue 26): one tournament exists from the
// start, and an input's "@T" / "@O" / "@I" stand for its id, organiser token and invite code (and
// "@L" for the length of the body after them), so that mutations reach into every operation.
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

#include <nlohmann/json.hpp>

#include "server/net.hpp"
#include "server/sqlite_store.hpp"
#include "tournament/desk/desk.hpp"

namespace {

using boost::asio::ip::tcp;

struct FuzzServer {
    std::unique_ptr<hexhall::server::Server> server;
    std::unique_ptr<hexhall::tournament::Desk> desk;
    uint16_t port = 0;
    std::string id, organiser, invite;  // the tournament that inputs name with @T, @O, @I
    FuzzServer() {
        spdlog::set_level(spdlog::level::off);
        hexhall::server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = 1;
        o.http_timeout_seconds = 2;  // an incomplete request is cut off
        server = std::make_unique<hexhall::server::Server>(o);
        hexhall::tournament::DeskOptions d;
        d.clock_scale = 0.01;
        desk = std::make_unique<hexhall::tournament::Desk>(server->hub(), &server->store(), d);
        server->add_http_handler("/tournaments", [this](const hexhall::server::HttpRequest& r) { return desk->http(r); });
        desk->restore();
        port = server->start();
        desk->start();
        hexhall::server::HttpRequest create;
        create.method = "POST";
        create.path = "/tournaments";
        create.body = R"({"name":"Fuzz","settings":{"rounds":2,"clockPreset":"untimed"}})";
        const auto created = nlohmann::json::parse(desk->http(create).body);
        id = created.at("id");
        organiser = created.at("organiserToken");
        invite = created.at("invite");
    }
    ~FuzzServer() {
        desk->stop();
        server->stop();
    }
    std::string expand(std::string bytes) const {
        for (auto [mark, value] : {std::pair<const char*, const std::string*>{"@T", &id}, {"@O", &organiser}, {"@I", &invite}})
            for (size_t at = bytes.find(mark); at != std::string::npos; at = bytes.find(mark, at + value->size()))
                bytes.replace(at, 2, *value);
        const size_t l = bytes.find("@L"), body = bytes.find("\r\n\r\n");
        if (l != std::string::npos && body != std::string::npos && l < body)  // the body comes after @L
            bytes.replace(l, 2, std::to_string(bytes.size() - body - 4));
        return bytes;
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
    const std::string reply = send_raw(fs.port, fs.expand(std::string(reinterpret_cast<const char*>(data), size)));
    // Whatever came back is HTTP (or nothing: a request Beast cannot parse is closed).
    if (!reply.empty() && reply.rfind("HTTP/1.", 0) != 0) __builtin_trap();
    // The server is still there and answers.
    const std::string health = send_raw(fs.port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if (health.rfind("HTTP/1.1 200", 0) != 0) __builtin_trap();
    return 0;
}
