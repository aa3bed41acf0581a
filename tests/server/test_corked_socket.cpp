// server/corked_socket.hpp (issue 30): a corked write is held and completes; the next write that is
// not corked sends what was held and its own bytes together, in order; a cork lasts one write; more
// than kMaxHeld is never held; WebSocket frames written through it arrive whole and in order.
#include <utility>  // before Asio (Boost 1.74 + GCC 12 + C++20)

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "server/corked_socket.hpp"
#include "tests/server/ws_client.hpp"

namespace corked_socket_test {  // named: the server tests are one unity build

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using hexhall::net::CorkedSocket;
using hexhall::net::StrandSocket;

// A connected pair on loopback: the server end typed on a strand (as the server's), a plain client.
struct Pair {
    asio::io_context ioc;
    tcp::socket client{ioc};
    CorkedSocket server{accept_one()};

    StrandSocket accept_one() {
        tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
        client.connect(acceptor.local_endpoint());
        StrandSocket s(asio::make_strand(ioc));
        acceptor.accept(s);
        return s;
    }
    // Writes `text` through the corked socket and runs the io_context until the write completed.
    size_t write(const std::string& text) {
        size_t written = 0;
        beast::error_code result;
        asio::async_write(server, asio::buffer(text), [&](beast::error_code ec, size_t n) {
            result = ec;
            written = n;
        });
        ioc.restart();
        ioc.run();
        REQUIRE_FALSE(result);
        return written;
    }
    std::string read(size_t n) {
        std::string got(n, '\0');
        asio::read(client, asio::buffer(got));
        return got;
    }
};

TEST_CASE("corked socket: a corked write is held until the next write, which sends both in order", "[corked]") {
    hexhall::test::Watchdog watchdog(60);
    Pair p;
    p.server.cork();
    CHECK(p.write("first|") == 6);  // completes although nothing was sent
    CHECK(p.server.held_bytes() == 6);
    CHECK(p.write("second|") == 7);  // not corked: the held bytes and these go out together
    CHECK(p.server.held_bytes() == 0);
    CHECK(p.read(13) == "first|second|");
}

TEST_CASE("corked socket: a cork lasts one write", "[corked]") {
    hexhall::test::Watchdog watchdog(60);
    Pair p;
    p.server.cork();
    p.write("a");
    p.server.cork();
    p.write("b");
    CHECK(p.server.held_bytes() == 2);
    p.write("c");  // no cork: everything goes
    CHECK(p.server.held_bytes() == 0);
    p.write("d");
    CHECK(p.server.held_bytes() == 0);
    CHECK(p.read(4) == "abcd");
}

TEST_CASE("corked socket: never more than kMaxHeld bytes are held", "[corked]") {
    hexhall::test::Watchdog watchdog(60);
    Pair p;
    const std::string big(CorkedSocket::kMaxHeld / 2 + 1, 'x');
    p.server.cork();
    p.write(big);
    CHECK(p.server.held_bytes() == big.size());
    p.server.cork();
    p.write(big);  // would exceed kMaxHeld: sent at once with what was held
    CHECK(p.server.held_bytes() == 0);
    CHECK(p.read(2 * big.size()) == big + big);
}

TEST_CASE("corked socket: WebSocket messages written through it arrive whole and in order", "[corked]") {
    hexhall::test::Watchdog watchdog(60);
    asio::io_context ioc;
    tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    websocket::stream<tcp::socket> client(ioc);
    client.next_layer().connect(acceptor.local_endpoint());
    StrandSocket accepted(asio::make_strand(ioc));
    acceptor.accept(accepted);
    websocket::stream<CorkedSocket> server(std::move(accepted));

    beast::error_code accept_ec = asio::error::would_block;
    server.async_accept([&](beast::error_code ec) { accept_ec = ec; });
    std::thread runner([&] { ioc.run(); });
    client.handshake("127.0.0.1", "/ws");
    runner.join();
    REQUIRE_FALSE(accept_ec);

    const std::vector<std::string> messages = {"{\"ack\":1}", std::string(700, 'p'), "{\"last\":true}"};
    size_t i = 0;
    std::vector<size_t> held_after;
    std::function<void()> next = [&] {
        if (i == messages.size()) return;
        if (i + 1 < messages.size()) server.next_layer().cork();  // as WsSession: another frame follows
        server.text(true);
        server.async_write(asio::buffer(messages[i]), [&](beast::error_code ec, size_t) {
            REQUIRE_FALSE(ec);
            held_after.push_back(server.next_layer().held_bytes());
            ++i;
            next();
        });
    };
    next();
    ioc.restart();
    ioc.run();
    REQUIRE(held_after.size() == 3);
    CHECK(held_after[0] > messages[0].size());  // the first frame (header and payload) was held
    CHECK(held_after[1] > messages[0].size() + messages[1].size());
    CHECK(held_after[2] == 0);  // the last one sent all three
    for (const auto& want : messages) {
        beast::flat_buffer buf;
        client.read(buf);
        CHECK(beast::buffers_to_string(buf.data()) == want);
    }
}

}  // namespace corked_socket_test
