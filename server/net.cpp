// All of Asio/Beast for the server (one heavy translation unit, see docs/toolchain notes).
#include <utility>  // before Asio: Boost 1.74 + GCC 12 + C++20 (std::exchange)

#include "server/net.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/catan_game.hpp"
#include "server/hub.hpp"

namespace hexhall::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using error_code = beast::error_code;

namespace {

bool quiet_error(const error_code& ec) {
    return ec == asio::error::operation_aborted || ec == websocket::error::closed || ec == http::error::end_of_stream ||
           ec == asio::error::connection_reset || ec == asio::error::not_connected || ec == asio::error::eof ||
           ec == beast::error::timeout;
}

// ------------------------------------------------------------------ WebSocket connection
class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
public:
    WsSession(tcp::socket&& socket, Hub& hub, const ServerOptions& o)
        : ws_(std::move(socket)), hub_(hub), max_queue_(o.max_send_queue) {
        ws_.read_message_max(o.max_frame_bytes);
    }
    using Client::send;

    void run(http::request<http::string_body> req) {
        beast::get_lowest_layer(ws_).expires_never();
        auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.keep_alive_pings = true;  // ping idle clients instead of dropping them after idle_timeout
        ws_.set_option(timeouts);
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "hexhall"); }));
        ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
    }

    void send(Text text) override {
        asio::post(ws_.get_executor(), [self = shared_from_this(), t = std::move(text)]() mutable {
            self->enqueue(std::move(t));
        });
    }

private:
    void on_accept(error_code ec) {
        if (ec) return spdlog::debug("websocket accept: {}", ec.message());
        accepted_ = true;
        if (!queue_.empty()) do_write();
        do_read();
    }
    void do_read() { ws_.async_read(buf_, beast::bind_front_handler(&WsSession::on_read, shared_from_this())); }
    void on_read(error_code ec, size_t) {
        if (ec) {
            if (!quiet_error(ec)) spdlog::info("websocket read: {}", ec.message());
            return finish();
        }
        std::string text = beast::buffers_to_string(buf_.data());
        buf_.consume(buf_.size());
        hub_.on_message(shared_from_this(), text);
        do_read();
    }
    void enqueue(Text t) {
        if (closed_) return;
        if (queue_.size() >= max_queue_) {
            spdlog::warn("send queue overflow ({} messages): dropping the connection", queue_.size());
            return drop();
        }
        queue_.push_back(std::move(t));
        if (queue_.size() == 1 && accepted_) do_write();
    }
    void do_write() {
        ws_.text(true);
        ws_.async_write(asio::buffer(*queue_.front()),
                        beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
    }
    void on_write(error_code ec, size_t) {
        if (ec) {
            if (!quiet_error(ec)) spdlog::info("websocket write: {}", ec.message());
            return drop();
        }
        queue_.pop_front();
        if (!queue_.empty() && !closed_) do_write();
    }
    void drop() {
        if (closed_) return;
        closed_ = true;
        queue_.clear();
        beast::get_lowest_layer(ws_).close();  // the pending read fails: finish() runs
    }
    void finish() {
        closed_ = true;
        if (!finished_) {
            finished_ = true;
            hub_.on_close(shared_from_this());
        }
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buf_;
    Hub& hub_;
    size_t max_queue_;
    std::deque<Text> queue_;
    bool accepted_ = false, closed_ = false, finished_ = false;
};

// ------------------------------------------------------------------ HTTP
const char* mime_type(const std::string& path) {
    auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, Hub& hub, const ServerOptions& o)
        : stream_(std::move(socket)), hub_(hub), options_(o) {}
    void run() { asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this())); }

private:
    void do_read() {
        parser_.emplace();
        parser_->body_limit(64 * 1024);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buf_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }
    void on_read(error_code ec, size_t) {
        if (ec == http::error::end_of_stream) {
            stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            return;
        }
        if (ec) return;
        http::request<http::string_body> req = parser_->release();
        if (websocket::is_upgrade(req)) {
            if (req.target() == "/ws") {
                std::make_shared<WsSession>(stream_.release_socket(), hub_, options_)->run(std::move(req));
                return;
            }
            return respond(text_response(req, http::status::not_found, "not found\n"));
        }
        respond(handle(req));
    }

    http::response<http::string_body> text_response(const http::request<http::string_body>& req, http::status st,
                                                    std::string body, const char* type = "text/plain; charset=utf-8") {
        http::response<http::string_body> res{st, req.version()};
        res.set(http::field::server, "hexhall");
        res.set(http::field::content_type, type);
        res.keep_alive(req.keep_alive());
        res.body() = std::move(body);
        res.prepare_payload();
        return res;
    }

    http::response<http::string_body> handle(const http::request<http::string_body>& req) {
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return text_response(req, http::status::method_not_allowed, "method not allowed\n");
        std::string target(req.target());
        if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
        if (target == "/healthz") return text_response(req, http::status::ok, "ok");
        if (options_.web_root.empty() || target.empty() || target[0] != '/' ||
            target.find("..") != std::string::npos || target.find('\\') != std::string::npos ||
            target.find('\0') != std::string::npos)
            return text_response(req, http::status::not_found, "not found\n");
        if (target.back() == '/') target += "index.html";
        const std::string path = options_.web_root + target;
        std::error_code fec;
        if (!std::filesystem::is_regular_file(path, fec)) return text_response(req, http::status::not_found, "not found\n");
        std::ifstream in(path, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        auto res = text_response(req, http::status::ok, body.str(), mime_type(path));
        if (req.method() == http::verb::head) res.body().clear();
        return res;
    }

    void respond(http::response<http::string_body> res) {
        auto sp = std::make_shared<http::response<http::string_body>>(std::move(res));
        http::async_write(stream_, *sp, [self = shared_from_this(), sp](error_code ec, size_t) {
            if (ec) return;
            if (sp->need_eof()) {
                error_code ignored;
                self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                return;
            }
            self->do_read();
        });
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buf_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Hub& hub_;
    const ServerOptions& options_;
};

class Listener final : public std::enable_shared_from_this<Listener> {
public:
    Listener(asio::io_context& ioc, tcp::endpoint ep, Hub& hub, const ServerOptions& o)
        : ioc_(ioc), acceptor_(asio::make_strand(ioc)), hub_(hub), options_(o) {
        acceptor_.open(ep.protocol());
        acceptor_.set_option(asio::socket_base::reuse_address(true));
        acceptor_.bind(ep);
        acceptor_.listen(asio::socket_base::max_listen_connections);
    }
    uint16_t port() const { return acceptor_.local_endpoint().port(); }
    void run() { do_accept(); }
    void close() {
        asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
            error_code ec;
            self->acceptor_.close(ec);
        });
    }

private:
    void do_accept() {
        acceptor_.async_accept(asio::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }
    void on_accept(error_code ec, tcp::socket socket) {
        if (ec) {
            if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
            spdlog::warn("accept: {}", ec.message());
        } else {
            error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<HttpSession>(std::move(socket), hub_, options_)->run();
        }
        if (acceptor_.is_open()) do_accept();
    }

    asio::io_context& ioc_;
    tcp::acceptor acceptor_;
    Hub& hub_;
    const ServerOptions& options_;
};

}  // namespace

struct Server::Impl {
    explicit Impl(ServerOptions o)
        : options(std::move(o)),
          ioc(std::max(1, options.threads)),
          hub(&make_catan_game, [this]() -> Strand {
              auto strand = std::make_shared<asio::strand<asio::io_context::executor_type>>(asio::make_strand(ioc));
              return {[strand](std::function<void()> f) { asio::post(*strand, std::move(f)); },
                      [strand](std::chrono::milliseconds d, std::function<void()> f) {
                          auto t = std::make_shared<asio::steady_timer>(*strand, d);
                          t->async_wait([t, f = std::move(f)](error_code ec) { if (!ec) f(); });
                      }};
          }, options.limits) {}

    ServerOptions options;
    asio::io_context ioc;
    Hub hub;
    std::shared_ptr<Listener> listener;
    std::vector<std::thread> threads;
    bool stopped = false;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() { stop(); }

uint16_t Server::start() {
    auto& m = *impl_;
    const tcp::endpoint ep(asio::ip::make_address(m.options.address), m.options.port);
    m.listener = std::make_shared<Listener>(m.ioc, ep, m.hub, m.options);
    const uint16_t port = m.listener->port();
    m.listener->run();
    for (int i = 0; i < std::max(1, m.options.threads); ++i) m.threads.emplace_back([&m] { m.ioc.run(); });
    return port;
}

void Server::run_until_signal() {
    asio::io_context sig_ioc;
    asio::signal_set signals(sig_ioc, SIGINT, SIGTERM);
    signals.async_wait([](error_code, int sig) { spdlog::info("signal {}: stopping", sig); });
    sig_ioc.run();
    stop();
}

void Server::stop() {
    auto& m = *impl_;
    if (m.stopped) return;
    m.stopped = true;
    if (m.listener) m.listener->close();
    m.ioc.stop();
    for (auto& t : m.threads) t.join();
    m.threads.clear();
}

}  // namespace hexhall::server
