#include <utility>  // before Asio (Boost 1.74 + GCC 12 + C++20)

#include "tools/arena/ws_client.hpp"

#include <stdexcept>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace hexhall::arena {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

struct WsClient::Impl {
    asio::io_context ioc;
    beast::websocket::stream<tcp::socket> ws{ioc};
    beast::flat_buffer buffer;
    bool reading = false;  // an async_read is outstanding (it survives a timed-out receive)
    bool done = false;
    beast::error_code ec;
};

WsClient::WsClient(const std::string& host, uint16_t port) : impl_(std::make_unique<Impl>()) {
    tcp::resolver resolver(impl_->ioc);
    asio::connect(impl_->ws.next_layer(), resolver.resolve(host, std::to_string(port)));
    impl_->ws.handshake(host + ":" + std::to_string(port), "/ws");
    impl_->ws.read_message_max(16u << 20);
}

WsClient::~WsClient() {
    beast::error_code ec;
    impl_->ws.next_layer().close(ec);
    impl_->ioc.restart();
    impl_->ioc.run_for(std::chrono::milliseconds(100));  // let a cancelled read finish
}

int64_t WsClient::send(json request) {
    request["v"] = 1;
    request["id"] = next_id_;
    const std::string text = request.dump();
    impl_->ws.text(true);
    impl_->ws.write(asio::buffer(text));
    return next_id_++;
}

std::optional<json> WsClient::receive(std::chrono::milliseconds timeout) {
    Impl& m = *impl_;
    if (!m.reading) {
        m.reading = true;
        m.done = false;
        m.ws.async_read(m.buffer, [&m](beast::error_code ec, std::size_t) {
            m.ec = ec;
            m.done = true;
        });
    }
    m.ioc.restart();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!m.done && std::chrono::steady_clock::now() < deadline) m.ioc.run_one_until(deadline);
    if (!m.done) return std::nullopt;
    m.reading = false;
    if (m.ec) throw std::runtime_error("websocket: " + m.ec.message());
    json j = json::parse(beast::buffers_to_string(m.buffer.data()));
    m.buffer.consume(m.buffer.size());
    return j;
}

}  // namespace hexhall::arena
