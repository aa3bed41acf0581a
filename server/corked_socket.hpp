#pragma once
// The TCP socket under a WebSocket connection (issue 30, docs/performance.md "Server CPU per action
// against the floor"):
//
// - its executor type is the connection's strand itself, so reads, writes and posts on the hot path
//   go through no type-erased executor (any_io_executor);
// - a write can be held back ("corked") when the connection knows another frame follows at once: its
//   bytes are kept and it completes, and the next write that is not corked sends everything held and
//   its own bytes in one gathered write (writev). Several frames queued for one connection thus cost
//   one system call, while every frame still goes through Beast's WebSocket writer (framing,
//   permessage-deflate, and its order with Beast's own control frames: Beast writes one thing at a
//   time, so this layer never sees two writes at once).
//
// A cork lasts for one write (cork() before the connection's own async_write); bytes held are never
// more than kMaxHeld, and a connection corks a frame only when another of its frames follows.
#include <utility>  // before Asio: Boost 1.74 + GCC 12 + C++20 (std::exchange)

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace hexhall::net {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
using StrandSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, Strand>;

class CorkedSocket {
public:
    using executor_type = Strand;
    using next_layer_type = StrandSocket;
    static constexpr std::size_t kMaxHeld = 64 * 1024;

    explicit CorkedSocket(StrandSocket socket) : socket_(std::move(socket)) {}

    executor_type get_executor() noexcept { return socket_.get_executor(); }
    StrandSocket& next_layer() noexcept { return socket_; }
    const StrandSocket& next_layer() const noexcept { return socket_; }

    // The next write is held back (one write only): another frame follows it.
    void cork() noexcept { corked_ = true; }
    std::size_t held_bytes() const noexcept { return held_.size(); }

    template <class MutableBufferSequence, class ReadHandler>
    auto async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
        return socket_.async_read_some(buffers, std::forward<ReadHandler>(handler));
    }

    template <class ConstBufferSequence, class WriteHandler>
    auto async_write_some(const ConstBufferSequence& buffers, WriteHandler&& handler) {
        return boost::asio::async_initiate<WriteHandler, void(boost::system::error_code, std::size_t)>(
            [this](auto h, const ConstBufferSequence& b) { start_write(std::move(h), b); }, handler, buffers);
    }

private:
    template <class Handler, class ConstBufferSequence>
    void start_write(Handler handler, const ConstBufferSequence& buffers) {
        const std::size_t n = boost::asio::buffer_size(buffers);
        const bool hold = corked_ && held_.size() + n <= kMaxHeld;
        corked_ = false;
        if (hold) {
            const std::size_t at = held_.size();
            held_.resize(at + n);
            boost::asio::buffer_copy(boost::asio::buffer(held_.data() + at, n), buffers);
            boost::asio::post(socket_.get_executor(), boost::beast::bind_handler(std::move(handler),
                                                                                 boost::system::error_code{}, n));
            return;
        }
        if (held_.empty()) return socket_.async_write_some(buffers, std::move(handler));
        // What was held, then these bytes: one gathered write, all of it (n reported on success).
        gather_.clear();
        gather_.push_back(boost::asio::buffer(held_));
        for (auto b : boost::beast::buffers_range_ref(buffers)) gather_.push_back(b);
        boost::asio::async_write(socket_, gather_,
                                 [this, h = std::move(handler), n](boost::system::error_code ec, std::size_t) mutable {
                                     held_.clear();
                                     std::move(h)(ec, ec ? std::size_t(0) : n);
                                 });
    }

    StrandSocket socket_;
    bool corked_ = false;
    std::string held_;                                  // frames held back, sent with the next write
    std::vector<boost::asio::const_buffer> gather_;     // the gathered write's buffers
};

// Closing the WebSocket tears down the socket underneath (Beast finds these by argument lookup).
inline void teardown(boost::beast::role_type role, CorkedSocket& s, boost::system::error_code& ec) {
    boost::beast::websocket::teardown(role, s.next_layer(), ec);
}
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CorkedSocket& s, TeardownHandler&& handler) {
    boost::beast::websocket::async_teardown(role, s.next_layer(), std::forward<TeardownHandler>(handler));
}

}  // namespace hexhall::net
