// A TCP proxy on loopback for the tests that cut one process's connections to another (a node's
// connection to PostgreSQL): it forwards every connection made to its port to `target` until
// cut(), which closes every forwarded connection and the listening socket, so that new connections
// to its port are refused: the target cannot be reached through it any more, for good. Its sockets
// are close-on-exec: a process the test starts later must not hold a copy that keeps a connection
// open after cut().
#pragma once
#include <fcntl.h>

#include <array>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "tests/server/ws_client.hpp"

namespace hexhall::test {

class TcpProxy {
public:
    explicit TcpProxy(uint16_t target)
        : target_(asio::ip::make_address("127.0.0.1"), target),
          acceptor_(ioc_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
        keep_from_children(acceptor_.native_handle());
        accept();
        thread_ = std::thread([this] { ioc_.run(); });
    }
    ~TcpProxy() {
        cut();
        ioc_.stop();
        thread_.join();
    }
    TcpProxy(const TcpProxy&) = delete;
    TcpProxy& operator=(const TcpProxy&) = delete;

    uint16_t port() const { return port_; }
    // How many connections it forwarded (accepted and connected to the target) so far.
    size_t forwarded() const { return forwarded_.load(); }
    // Closes every connection and stops listening; returns once done.
    void cut() {
        if (cut_.exchange(true)) return;
        std::promise<void> done;
        asio::post(ioc_, [this, &done] {
            beast::error_code ec;
            acceptor_.close(ec);
            for (auto& link : links_) link->close();
            links_.clear();
            done.set_value();
        });
        done.get_future().wait();
    }

private:
    struct Link : std::enable_shared_from_this<Link> {
        tcp::socket client, server;
        std::array<char, 16384> up{}, down{};
        explicit Link(tcp::socket c) : client(std::move(c)), server(client.get_executor()) {}
        void close() {
            beast::error_code ec;
            client.close(ec);
            server.close(ec);
        }
        // Copies from `from` to `to` until either side ends; then both are closed.
        void pump(tcp::socket& from, tcp::socket& to, std::array<char, 16384>& buf) {
            from.async_read_some(asio::buffer(buf), [self = shared_from_this(), &from, &to, &buf](beast::error_code ec, size_t n) {
                if (ec) return self->close();
                asio::async_write(to, asio::buffer(buf.data(), n), [self, &from, &to, &buf](beast::error_code ec2, size_t) {
                    if (ec2) return self->close();
                    self->pump(from, to, buf);
                });
            });
        }
    };

    static void keep_from_children(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC); }

    void accept() {
        acceptor_.async_accept([this](beast::error_code ec, tcp::socket s) {
            if (ec) return;  // closed by cut()
            keep_from_children(s.native_handle());
            auto link = std::make_shared<Link>(std::move(s));
            links_.push_back(link);
            beast::error_code ec1;
            link->server.open(tcp::v4(), ec1);
            if (ec1) {
                link->close();
                return accept();
            }
            keep_from_children(link->server.native_handle());
            link->server.async_connect(target_, [this, link](beast::error_code ec2) {
                if (ec2 || cut_) return link->close();
                ++forwarded_;
                link->pump(link->client, link->server, link->up);
                link->pump(link->server, link->client, link->down);
            });
            accept();
        });
    }

    asio::io_context ioc_;
    const tcp::endpoint target_;
    tcp::acceptor acceptor_;
    const uint16_t port_ = acceptor_.local_endpoint().port();
    std::atomic<bool> cut_{false};
    std::atomic<size_t> forwarded_{0};
    std::vector<std::shared_ptr<Link>> links_;  // on the io thread only
    std::thread thread_;
};

}  // namespace hexhall::test
