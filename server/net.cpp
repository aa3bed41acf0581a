// All of Asio/Beast for the server (one heavy translation unit, see docs/toolchain notes).
#include <utility>  // before Asio: Boost 1.74 + GCC 12 + C++20 (std::exchange)

#include "server/net.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <cerrno>
#include <filesystem>
#include <regex>
#include <map>
#include <mutex>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include <unistd.h>

#include <spdlog/spdlog.h>

#include "server/corked_socket.hpp"
#include "server/edge_metrics.hpp"
#include "server/games.hpp"
#include "server/handler_guard.hpp"
#include "server/http_gzip.hpp"
#include "server/http_limit.hpp"
#include "server/hub.hpp"
#include "server/lobby_messages.hpp"
#include "server/metrics.hpp"
#include "server/node_lease.hpp"
#include "server/quotas.hpp"
#include "server/records.hpp"
#include "server/store_factory.hpp"
#include "server/send_budget.hpp"
#include "server/club_page.hpp"
#include "server/profiles.hpp"
#include "server/standings.hpp"
#include "server/unix_time.hpp"

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
class WsSession;

// The open WebSockets, for the connection limit and for shutdown. Thread-safe.
struct Registry {
    std::vector<std::pair<std::string, HttpHandler>> handlers;  // Server::add_http_handler, set before start
    const HttpHandler* handler_for(std::string_view target) const {
        for (auto& [prefix, h] : handlers)
            if (target.starts_with(prefix) &&
                (target.size() == prefix.size() || target[prefix.size()] == '/' || target[prefix.size()] == '?'))
                return &h;
        return nullptr;
    }
    WorkPool* heavy = nullptr;  // the fair pool for heavy HTTP requests (Server::Impl owns it)
    HttpRateLimit heavy_limit;           // per peer address
    ApiRateLimit api_limit;              // the added endpoints (tournaments): per token, then per address
    std::mutex mu;
    std::map<uint64_t, std::weak_ptr<WsSession>> open;
    std::condition_variable emptied;
    std::atomic<size_t> sockets{0};  // every accepted socket, HTTP or WebSocket
    Quota per_address;               // sockets per peer address
    std::unique_ptr<SendBudget> send_budget;  // bytes queued across every WebSocket (set before start)
};

// One accepted socket's place in the counts (Registry::sockets, per address); given back when the
// last connection object holding it (HttpSession, then WsSession) goes.
struct SocketSlot {
    std::shared_ptr<Registry> registry;
    std::string address;
    SocketSlot(std::shared_ptr<Registry> r, std::string a) : registry(std::move(r)), address(std::move(a)) {}
    ~SocketSlot() {
        registry->sockets.fetch_sub(1);
        registry->per_address.give_back(address);
    }
    SocketSlot(const SocketSlot&) = delete;
    SocketSlot& operator=(const SocketSlot&) = delete;
};

std::atomic<uint64_t> next_connection_id{1};

// Error messages are protocol::error_message objects, serialized with sorted keys: they begin with
// {"code":"<code>". Returns the code, or empty for other messages.
std::string_view error_code_of(const std::string& text) {
    constexpr std::string_view kPrefix = "{\"code\":\"";
    if (text.compare(0, kPrefix.size(), kPrefix) != 0) return {};
    const size_t end = text.find('"', kPrefix.size());
    if (end == std::string::npos) return {};
    return std::string_view(text).substr(kPrefix.size(), end - kPrefix.size());
}

// The accepted socket (its executor a strand behind any_io_executor) as a socket typed on that strand.
net::StrandSocket typed_on_strand(tcp::socket&& socket) {
    const net::Strand* strand = socket.get_executor().target<net::Strand>();
    net::Strand ex = strand ? *strand
                            : asio::make_strand(static_cast<asio::io_context&>(
                                  asio::query(socket.get_executor(), asio::execution::context)));
    error_code ec;
    const auto protocol = socket.local_endpoint(ec).protocol();
    const auto fd = socket.release(ec);
    if (ec) return net::StrandSocket(ex);  // not open: the WebSocket's accept fails and the session ends
    return net::StrandSocket(ex, protocol, fd);
}

class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
public:
    WsSession(tcp::socket&& socket, Hub& hub, const ServerOptions& o, std::shared_ptr<Registry> registry,
              std::shared_ptr<SocketSlot> slot)
        : slot_(std::move(slot)),
          ws_(typed_on_strand(std::move(socket))),
          hub_(hub),
          options_(o),
          registry_(std::move(registry)),
          hello_timer_(ws_.get_executor()),
          tokens_(o.msgs_burst),
          refill_at_(std::chrono::steady_clock::now()) {
        connection_id = next_connection_id.fetch_add(1, std::memory_order_relaxed);
        if (slot_) address = slot_->address;
        ws_.read_message_max(o.max_frame_bytes);
        metrics::connection_opened();
    }
    ~WsSession() override {
        unregister();
        registry_->send_budget->forget(connection_id);
        metrics::connection_closed();
    }
    using Client::send;

    void run(http::request<http::string_body> req) {
        auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.handshake_timeout = std::chrono::seconds(options_.http_timeout_seconds);
        timeouts.idle_timeout = std::chrono::seconds(options_.idle_timeout_seconds);
        timeouts.keep_alive_pings = true;  // ping idle clients; close when they stop answering
        ws_.set_option(timeouts);
        if (options_.ws_deflate_window_bits > 0) {
            websocket::permessage_deflate deflate;
            deflate.server_enable = true;
            deflate.server_max_window_bits = options_.ws_deflate_window_bits;
            deflate.client_max_window_bits = options_.ws_deflate_window_bits;
            deflate.compLevel = 6;
            deflate.memLevel = 4;
            ws_.set_option(deflate);
        }
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "hexhall"); }));
        // Pings (and pongs) count against the message rate like messages: a ping flood is closed too.
        ws_.control_callback([this](websocket::frame_type kind, std::string_view) {
            if (kind != websocket::frame_type::close && !closing_ && !take_token()) metrics::rate_limited();
        });
        // The send budget may ask this connection to go (from any thread).
        registry_->send_budget->open(connection_id, address, [w = weak_from_this()] {
            if (auto self = w.lock())
                asio::post(self->ws_.get_executor(), [self] { self->drop_for_budget(); });
        });
        ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
    }

    // From any thread. Messages wait in the inbox; one post drains every message that arrived
    // before it ran (not one post per message: an action's ack and patch come together).
    void send(Text text) override {
        bool wake;
        {
            std::lock_guard lock(inbox_mu_);
            wake = inbox_.empty();
            inbox_.push_back(std::move(text));
        }
        if (wake) asio::post(ws_.get_executor(), [self = shared_from_this()] { self->drain_inbox(); });
    }

    void close_after_send(const std::string& reason) override {
        close_after_flush(websocket::close_code::policy_error, reason);
    }

    // Sends what is queued, then closes with `code` (from any thread).
    void close_after_flush(websocket::close_code code, std::string reason) {
        asio::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
            self->begin_close(code, reason);
        });
    }

    // Closes the socket at once. Only when no io thread runs (the end of Server::finish).
    void close_socket_now() {
        error_code ignored;
        beast::get_lowest_layer(ws_).close(ignored);
    }

private:
    void drain_inbox() {
        {
            std::lock_guard lock(inbox_mu_);
            draining_.swap(inbox_);
        }
        // Queued first, written after: what arrived together goes out in one gathered write.
        for (auto& t : draining_) enqueue(std::move(t), false);
        draining_.clear();
        if (!writing_ && accepted_ && !closed_ && !queue_.empty()) do_write();
    }
    void on_accept(error_code ec) {
        if (ec) {
            spdlog::debug("conn {}: websocket accept: {}", connection_id, ec.message());
            return unregister();
        }
        accepted_ = true;
        spdlog::debug("conn {}: websocket open", connection_id);
        if (options_.hello_timeout_seconds > 0) {
            hello_timer_.expires_after(std::chrono::seconds(options_.hello_timeout_seconds));
            hello_timer_.async_wait([self = shared_from_this()](error_code tec) {
                if (tec || !self->session_hash.empty() || self->closing_) return;
                spdlog::info("conn {}: no hello within {} s: closing", self->connection_id,
                             self->options_.hello_timeout_seconds);
                metrics::hello_timeout();
                self->begin_close(websocket::close_code::policy_error, "no hello");
            });
        }
        if (!queue_.empty()) do_write();
        else if (closing_) do_close();
        do_read();
    }
    void do_read() { ws_.async_read(buf_, beast::bind_front_handler(&WsSession::on_read, shared_from_this())); }
    void on_read(error_code ec, size_t) {
        if (ec) {
            if (!quiet_error(ec)) spdlog::info("conn {}: websocket read: {}", connection_id, ec.message());
            return finish();
        }
        metrics::message_in();
        if (closing_) {  // closing: what the client still sends is ignored
            buf_.consume(buf_.size());
            return do_read();
        }
        if (!take_token()) {
            buf_.consume(buf_.size());
            if (closing_) return do_read();
            metrics::rate_limited();
            enqueue(make_text(lobby_error("rate_limited", "too many messages: slow down", std::nullopt)));
            return do_read();
        }
        std::string text = beast::buffers_to_string(buf_.data());
        buf_.consume(buf_.size());
        if (run_guarded("websocket message", [&] { hub_.on_message(shared_from_this(), text); }))
            enqueue(make_text(lobby_error("bad_request", "the request could not be handled", std::nullopt)));
        if (!session_hash.empty()) hello_timer_.cancel();
        if (room_requests_.load() >= kMaxRoomRequests) {
            read_paused_ = true;  // work_done resumes
            return;
        }
        do_read();
    }
    void work_begun() override { room_requests_.fetch_add(1); }
    void work_done() override {
        if (room_requests_.fetch_sub(1) == kMaxRoomRequests)
            asio::post(ws_.get_executor(), [self = shared_from_this()] {
                if (!self->read_paused_) return;
                self->read_paused_ = false;
                self->do_read();  // on a dropped connection it fails at once: finish() runs
            });
    }
    // Token bucket (msgs_per_second, msgs_burst). Refusing more than a burst's worth of messages
    // within 10 s closes the connection with 1008 (policy violation).
    bool take_token() {
        if (options_.msgs_per_second <= 0) return true;
        const auto now = std::chrono::steady_clock::now();
        const double dt = std::chrono::duration<double>(now - refill_at_).count();
        refill_at_ = now;
        tokens_ = std::min(options_.msgs_burst, tokens_ + dt * options_.msgs_per_second);
        if (tokens_ >= 1) {
            tokens_ -= 1;
            return true;
        }
        if (now - refused_since_ > std::chrono::seconds(10)) {
            refused_since_ = now;
            refused_ = 0;
        }
        if (++refused_ > options_.msgs_burst) {
            spdlog::warn("conn {} ({}): flooding ({} messages refused): closing", connection_id, name, refused_);
            metrics::rate_limit_close();
            begin_close(websocket::close_code::policy_error, "rate limit");
            return false;
        }
        return false;
    }
    // write: start writing now if no write runs (false: the caller starts it after queueing more).
    void enqueue(Text t, bool write = true) {
        if (closed_ || closing_) return;
        if (queue_.size() >= options_.max_send_queue || queue_bytes_ + t->size() > options_.max_send_queue_bytes) {
            if (log_allowed("send queue overflow"))
                spdlog::warn("conn {} ({}): send queue overflow ({} messages, {} bytes): dropping the connection",
                             connection_id, printable(name), queue_.size(), queue_bytes_);
            metrics::slow_drop();
            return drop();
        }
        if (!registry_->send_budget->add(connection_id, t->size())) return drop_for_budget();
        metrics::message_out();
        if (auto code = error_code_of(*t); !code.empty()) metrics::error_sent(code);
        queue_bytes_ += t->size();
        queue_.push_back(std::move(t));
        if (write && !writing_ && accepted_) do_write();
    }
    void do_write() {
        writing_ = true;
        // Another frame follows: this one is held and goes out with it in one gathered write.
        if (queue_.size() > 1) ws_.next_layer().cork();
        ws_.text(true);
        ws_.async_write(asio::buffer(*queue_.front()),
                        beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
    }
    void on_write(error_code ec, size_t) {
        writing_ = false;
        registry_->send_budget->release(connection_id, queue_.front()->size());
        queue_bytes_ -= std::min(queue_bytes_, queue_.front()->size());
        queue_.pop_front();  // the message written (drop() keeps it while the write runs)
        if (ec) {
            if (!closed_ && !quiet_error(ec)) spdlog::info("conn {}: websocket write: {}", connection_id, ec.message());
            return drop();
        }
        if (closed_) return;
        if (!queue_.empty()) return do_write();
        if (closing_) do_close();
    }
    void begin_close(websocket::close_code code, const std::string& reason) {
        if (closing_ || closed_) return;
        closing_ = true;
        close_reason_ = websocket::close_reason(code, reason);
        hello_timer_.cancel();
        if (accepted_ && queue_.empty()) do_close();  // otherwise on_write (or on_accept) closes
    }
    void do_close() {
        if (close_sent_ || closed_) return;
        close_sent_ = true;
        ws_.async_close(close_reason_, [self = shared_from_this()](error_code ec) {
            if (ec && !quiet_error(ec)) spdlog::debug("conn {}: close: {}", self->connection_id, ec.message());
            if (ec) self->drop();
        });
    }
    // The messages not being written now are discarded (their bytes leave the send budget).
    void clear_queue() {
        const size_t before = queue_bytes_;
        if (writing_) queue_.erase(queue_.begin() + 1, queue_.end());  // the write still reads the front
        else queue_.clear();
        queue_bytes_ = queue_.empty() ? 0 : queue_.front()->size();
        registry_->send_budget->release(connection_id, before - queue_bytes_);
    }
    // Chosen by the send budget (the slowest reader of its address or of the server): what is
    // queued goes at once; the client gets a close frame with the reason if it still reads, and
    // the socket is closed a few seconds later if it does not.
    void drop_for_budget() {
        if (closed_ || budget_dropped_) return;
        budget_dropped_ = true;
        if (log_allowed("send budget drop"))
            spdlog::warn("conn {} ({}, {}): reads too slowly for the send budget ({} bytes queued): dropping it",
                         connection_id, printable(name), address, queue_bytes_);
        clear_queue();
        registry_->send_budget->trim_soon();
        closing_ = false;  // a close already under way is replaced by this one
        begin_close(websocket::close_code::try_again_later, "too slow: reading too slowly for the server's send buffers");
        budget_timer_.expires_after(std::chrono::seconds(5));
        budget_timer_.async_wait([self = shared_from_this()](error_code ec) {
            if (!ec) self->drop();
        });
    }
    void drop() {
        if (closed_) return;
        closed_ = true;
        budget_timer_.cancel();
        clear_queue();
        hello_timer_.cancel();
        error_code ignored;
        beast::get_lowest_layer(ws_).close(ignored);  // the pending read fails: finish() runs
        if (!accepted_) unregister();
    }
    void finish() {
        closed_ = true;
        hello_timer_.cancel();
        budget_timer_.cancel();
        if (!finished_) {
            finished_ = true;
            spdlog::debug("conn {}: closed", connection_id);
            hub_.on_close(shared_from_this());
        }
        unregister();
    }
    void unregister() {
        if (unregistered_) return;
        unregistered_ = true;
        std::lock_guard lock(registry_->mu);
        registry_->open.erase(connection_id);
        if (registry_->open.empty()) registry_->emptied.notify_all();
    }

    std::shared_ptr<SocketSlot> slot_;
    websocket::stream<net::CorkedSocket> ws_;
    beast::flat_buffer buf_;
    Hub& hub_;
    const ServerOptions& options_;
    std::shared_ptr<Registry> registry_;
    asio::steady_timer hello_timer_;
    asio::steady_timer budget_timer_{ws_.get_executor()};  // drop_for_budget: the close's deadline
    std::deque<Text> queue_;
    size_t queue_bytes_ = 0;
    std::mutex inbox_mu_;
    std::vector<Text> inbox_;     // sent from any thread, not yet on the strand (inbox_mu_)
    std::vector<Text> draining_;  // the strand's: the inbox being drained
    websocket::close_reason close_reason_;
    double tokens_;
    std::chrono::steady_clock::time_point refill_at_, refused_since_{};
    int refused_ = 0;
    bool accepted_ = false, writing_ = false, closing_ = false, close_sent_ = false, closed_ = false, finished_ = false;
    bool budget_dropped_ = false;
    bool read_paused_ = false;                 // kMaxRoomRequests of its requests wait in rooms
    std::atomic<int> room_requests_{0};        // requests handed to rooms and not yet handled
    std::atomic<bool> unregistered_{false};
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

// The file to send for `path` given the request's Accept-Encoding: path.br or path.gz when it
// exists and the browser accepts it, else path itself.
struct StaticFile {
    std::string path;
    std::string encoding;  // "br", "gzip" or "" (identity)
};
bool accepts(std::string_view accept_encoding, std::string_view coding) {
    // "gzip, deflate, br" or "br;q=1.0, gzip;q=0.8": a listed coding without q=0.
    size_t at = 0;
    while (at < accept_encoding.size()) {
        size_t end = accept_encoding.find(',', at);
        if (end == std::string_view::npos) end = accept_encoding.size();
        std::string_view item = accept_encoding.substr(at, end - at);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        const size_t semi = item.find(';');
        std::string_view name = item.substr(0, semi);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        const bool refused = semi != std::string_view::npos && item.find("q=0", semi) != std::string_view::npos &&
                             item.find("q=0.", semi) == std::string_view::npos;
        if (name == coding && !refused) return true;
        at = end + 1;
    }
    return false;
}
StaticFile static_file(const std::string& path, std::string_view accept_encoding) {
    std::error_code ec;
    if (accepts(accept_encoding, "br") && std::filesystem::is_regular_file(path + ".br", ec)) return {path + ".br", "br"};
    if (accepts(accept_encoding, "gzip") && std::filesystem::is_regular_file(path + ".gz", ec)) return {path + ".gz", "gzip"};
    return {path, ""};
}
// Files whose name carries a content hash (web-client/build.mjs: name-XXXXXXXX.ext) never change:
// cached for a year; everything else (index.html) is revalidated on every load.
std::string cache_control(const std::string& path) {
    static const std::regex hashed(R"(-[A-Z0-9]{8}\.[a-z0-9.]+$)");
    const std::string name = std::filesystem::path(path).filename().string();
    return std::regex_search(name, hashed) ? "public, max-age=31536000, immutable" : "no-cache";
}

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
public:
    // metrics_only: a socket of the --metrics-address listener (GET /metrics, nothing else).
    HttpSession(tcp::socket&& socket, Hub& hub, const ServerOptions& o, std::shared_ptr<Registry> registry,
                std::shared_ptr<SocketSlot> slot, bool metrics_only = false)
        : slot_(std::move(slot)),
          stream_(std::move(socket)),
          hub_(hub),
          options_(o),
          registry_(std::move(registry)),
          metrics_only_(metrics_only) {}
    const uint64_t http_id_ = next_connection_id.fetch_add(1, std::memory_order_relaxed);  // the work pool's principal
    void run() { asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this())); }

private:
    void do_read() {
        parser_.emplace();
        parser_->body_limit(64 * 1024);
        stream_.expires_after(std::chrono::seconds(options_.http_timeout_seconds));
        http::async_read(stream_, buf_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }
    void on_read(error_code ec, size_t) {
        if (ec == http::error::end_of_stream) {
            stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            return;
        }
        if (ec) return;
        http::request<http::string_body> req = parser_->release();
        if (metrics_only_) {
            const bool metrics = req.target() == "/metrics" || req.target().starts_with("/metrics?");
            return respond(metrics ? metrics_response(req) : text_response(req, http::status::not_found, "not found\n"));
        }
        if (websocket::is_upgrade(req)) {
            if (req.target() == "/ws") {
                std::shared_ptr<WsSession> ws;
                {
                    std::lock_guard lock(registry_->mu);
                    if (registry_->open.size() < options_.max_connections) {
                        ws = std::make_shared<WsSession>(stream_.release_socket(), hub_, options_, registry_, slot_);
                        registry_->open[ws->connection_id] = ws;
                    }
                }
                if (ws) return ws->run(std::move(req));
                if (log_allowed("connection limit"))
                    spdlog::warn("connection limit ({}) reached: refusing a WebSocket with 503", options_.max_connections);
                metrics::connection_rejected();
                auto res = text_response(req, http::status::service_unavailable, "server full\n");
                res.keep_alive(false);
                return respond(std::move(res));
            }
            return respond(text_response(req, http::status::not_found, "not found\n"));
        }
        // The heavy endpoints read and replay stored games: off the I/O threads, limited per address.
        const std::string_view target(req.target().data(), req.target().size());
        const bool added = registry_->handler_for(target) != nullptr;  // e.g. /tournaments: budgets of its own
        if (added && req.method() == http::verb::options) return respond(api_preflight(req));  // CORS: nothing to run
        const bool players = target.starts_with("/players/") || target.starts_with("/leaderboard") ||  // profiles.hpp
                             target.starts_with("/clubs/");                                          // club_page.hpp
        if ((target.starts_with("/standings") || target.starts_with("/games/") || players || added) && registry_->heavy) {
            const std::string address = slot_ ? slot_->address : std::string("?");
            const char* refusal = nullptr;
            const auto now = HttpRateLimit::Clock::now();
            if (!added) {
                if (!registry_->heavy_limit.allow(address, now)) refusal = "too many requests: try again in a second";
            } else {
                const std::string_view auth(req[http::field::authorization].data(), req[http::field::authorization].size());
                switch (registry_->api_limit.allow(address, bearer_token(auth), now)) {
                    case ApiRateLimit::Verdict::Allowed: break;
                    case ApiRateLimit::Verdict::Token: refusal = "too many requests with this token: try again in a second"; break;
                    case ApiRateLimit::Verdict::Anonymous:
                        refusal = "too many requests without a token from your address: try again in a second";
                        break;
                    case ApiRateLimit::Verdict::Address: refusal = "too many requests from your address: try again in a second"; break;
                }
            }
            if (refusal) {
                metrics::rate_limited();
                auto res = text_response(req, http::status::too_many_requests,
                                         std::string("{\"error\":\"rate_limited\",\"message\":\"") + refusal + "\"}",
                                         "application/json");
                res.set(http::field::retry_after, "1");
                if (added) allow_any_origin(res);
                return respond(std::move(res));
            }
            // Charged to the peer address on the fair pool: a flood waits behind its own queue.
            const std::string req_auth(req[http::field::authorization]);
            auto shared = std::make_shared<http::request<http::string_body>>(std::move(req));
            auto job = [self = shared_from_this(), shared](bool run) {
                http::response<http::string_body> res;
                if (!run) {
                    res = self->busy_response(*shared, WorkPool::Admit::Stopped);
                } else {
                    if (self->options_.heavy_http_hook) self->options_.heavy_http_hook();
                    res = self->answer(*shared);
                    compress(*shared, res);  // here, on the pool: charged to whoever asked
                }
                asio::post(self->stream_.get_executor(),
                           [self, res = std::move(res)]() mutable { self->respond(std::move(res)); });
            };
            // Each HTTP connection is a principal of its own within its address (one request at a
            // time each): a club's clients behind one address take turns; the address's bound holds.
            // The tournaments API charges a request with a bearer token to that token instead
            // (e.g. an organiser's seating of a large round: docs/decisions/013-tournament-limits.md),
            // whatever connection carries it.
            const WorkPool::Admit admit = registry_->heavy->submit({address, work_session(added, req_auth)}, std::move(job));
            if (admit != WorkPool::Admit::Queued) {
                auto res = busy_response(*shared, admit);
                if (added) allow_any_origin(res);
                return respond(std::move(res));
            }
            return;
        }
        respond(answer(req));
    }

    // A large built answer as gzip when the client takes it (server/http_gzip.hpp): a game's record
    // and replay are 130–345 KB of JSON.
    static void compress(const http::request<http::string_body>& req, http::response<http::string_body>& res) {
        res.set(http::field::vary, "Accept-Encoding");
        if (res.body().size() < kGzipMinBytes || res.count(http::field::content_encoding) ||
            !accepts_gzip(std::string_view(req[http::field::accept_encoding])))
            return;
        res.body() = gzip(res.body());
        res.set(http::field::content_encoding, "gzip");
        res.prepare_payload();
    }

    // The work pool's session for a heavy request: its connection, or for the tournaments API
    // (`added`) its bearer token when it has one (a hash of it: the pool keeps no secret).
    std::string work_session(bool added, std::string_view authorization) const {
        const std::string_view token = added ? bearer_token(authorization) : std::string_view();
        if (token.empty()) return "http#" + std::to_string(http_id_);
        return "bearer#" + std::to_string(std::hash<std::string_view>{}(token));
    }

    // CORS for the added APIs (server/http_handler.hpp): any origin may call them, without credentials
    // (their auth is a bearer token the page sends itself, never a cookie): the tournament pages that
    // one node served follow a change to the node that runs the tournament (docs/decisions/030-…).
    static void allow_any_origin(http::response<http::string_body>& res) {
        res.set(http::field::access_control_allow_origin, "*");
        res.set(http::field::access_control_expose_headers, "Location, Retry-After");
    }

    // The CORS preflight of an added API: 204, the methods and request headers it takes.
    http::response<http::string_body> api_preflight(const http::request<http::string_body>& req) {
        auto res = text_response(req, http::status::no_content, "");
        res.erase(http::field::content_type);
        allow_any_origin(res);
        res.set(http::field::access_control_allow_methods, "GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS");
        res.set(http::field::access_control_allow_headers, "Authorization, Content-Type");
        res.set(http::field::access_control_max_age, "600");
        res.prepare_payload();
        return res;
    }

    // A heavy request the fair pool refused (or dropped at shutdown): 503, try again in a second.
    http::response<http::string_body> busy_response(const http::request<http::string_body>& req, WorkPool::Admit why) {
        metrics::error_sent("busy");
        auto res = text_response(req, http::status::service_unavailable,
                                 json{{"error", "busy"}, {"message", busy_message(why)}}.dump(), "application/json");
        res.set(http::field::retry_after, "1");
        return res;
    }

    // GET /metrics (docs/operations.md, "Metrics"): with --metrics-token, only for the bearer of it.
    http::response<http::string_body> metrics_response(const http::request<http::string_body>& req) {
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return text_response(req, http::status::method_not_allowed, "method not allowed\n");
        if (!metrics::bearer_matches(std::string_view(req[http::field::authorization]), options_.metrics_token)) {
            auto res = text_response(req, http::status::unauthorized, "a bearer token is required\n");
            res.set(http::field::www_authenticate, "Bearer realm=\"metrics\"");
            return res;
        }
        auto res = text_response(req, http::status::ok, metrics::render(hub_.room_count()),
                                 "text/plain; version=0.0.4; charset=utf-8");
        res.set(http::field::cache_control, "no-store");
        if (req.method() == http::verb::head) res.body().clear();
        return res;
    }

    // handle(), with any failure turned into 400 for this request alone.
    http::response<http::string_body> answer(const http::request<http::string_body>& req) {
        std::optional<http::response<http::string_body>> res;
        if (run_guarded("http request", [&] { res = handle(req); }) || !res) {
            res = text_response(req, http::status::bad_request, "bad request\n");
            res->keep_alive(false);
        }
        return std::move(*res);
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
        const std::string_view raw(req.target().data(), req.target().size());
        if (const HttpHandler* h = registry_->handler_for(raw)) {  // Server::add_http_handler
            HttpRequest r;
            r.method = std::string(req.method_string());
            r.path = std::string(raw.substr(0, raw.find('?')));
            if (auto q = raw.find('?'); q != std::string_view::npos) r.query = std::string(raw.substr(q + 1));
            r.body = req.body();
            r.authorization = std::string(req[http::field::authorization]);
            r.address = slot_ ? slot_->address : std::string("?");
            r.origin = std::string(req[http::field::origin]);
            HttpAnswer a = (*h)(r);
            auto res = text_response(req, static_cast<http::status>(a.status), std::move(a.body), a.content_type.c_str());
            for (auto& [k, v] : a.headers) res.set(k, v);
            allow_any_origin(res);
            res.set(http::field::cache_control, "no-store");
            if (req.method() == http::verb::head) res.body().clear();
            return res;
        }
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return text_response(req, http::status::method_not_allowed, "method not allowed\n");
        std::string target(req.target()), query;
        if (auto q = target.find('?'); q != std::string::npos) {
            query = target.substr(q + 1);
            target.resize(q);
        }
        if (target == "/healthz") {  // the store's state too: 503 while commits fail
            if (!hub_.store_ok()) return text_response(req, http::status::service_unavailable, "store failing\n");
            return text_response(req, http::status::ok, "ok");
        }
        if (target == "/standings") {  // GET /standings?rooms=… (standings.hpp)
            HttpAnswer a = standings_endpoint(hub_, query);
            return text_response(req, static_cast<http::status>(a.status), std::move(a.body), a.content_type.c_str());
        }
        if (auto a = player_endpoint(hub_, target, query))  // GET /players/<name>, /leaderboard (profiles.hpp)
            return text_response(req, static_cast<http::status>(a->status), std::move(a->body), a->content_type.c_str());
        if (auto a = club_endpoint(hub_, target))  // GET /clubs/<name> (club_page.hpp)
            return text_response(req, static_cast<http::status>(a->status), std::move(a->body), a->content_type.c_str());
        if (auto a = record_endpoint(hub_, target, query))  // GET /games/<room>/record (records.hpp)
            return text_response(req, static_cast<http::status>(a->status), std::move(a->body), a->content_type.c_str());
        if (target == "/metrics" && options_.metrics_address.empty()) return metrics_response(req);
        if (options_.web_root.empty() || target.empty() || target[0] != '/' ||
            target.find("..") != std::string::npos || target.find('\\') != std::string::npos ||
            target.find('\0') != std::string::npos)
            return text_response(req, http::status::not_found, "not found\n");
        if (target.back() == '/') target += "index.html";
        const std::string path = options_.web_root + target;
        std::error_code fec;
        if (!std::filesystem::is_regular_file(path, fec)) return text_response(req, http::status::not_found, "not found\n");
        // A precompressed twin (web-client/build.mjs writes .br and .gz) when the browser takes it.
        const StaticFile file = static_file(path, std::string_view(req[http::field::accept_encoding]));
        std::ifstream in(file.path, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        auto res = text_response(req, http::status::ok, body.str(), mime_type(path));
        if (!file.encoding.empty()) res.set(http::field::content_encoding, file.encoding);
        res.set(http::field::vary, "Accept-Encoding");
        res.set(http::field::cache_control, cache_control(path));
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

    std::shared_ptr<SocketSlot> slot_;
    beast::tcp_stream stream_;
    beast::flat_buffer buf_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Hub& hub_;
    const ServerOptions& options_;
    std::shared_ptr<Registry> registry_;
    const bool metrics_only_;
};

class Listener final : public std::enable_shared_from_this<Listener> {
public:
    // metrics_only: the --metrics-address listener (GET /metrics only).
    Listener(asio::io_context& ioc, tcp::endpoint ep, Hub& hub, const ServerOptions& o,
             std::shared_ptr<Registry> registry, bool metrics_only = false)
        : metrics_only_(metrics_only),
          ioc_(ioc),
          acceptor_(asio::make_strand(ioc)),
          pause_timer_(acceptor_.get_executor()),
          hub_(hub),
          options_(o),
          registry_(std::move(registry)) {
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
            self->pause_timer_.cancel();
        });
    }

private:
    void do_accept() {
        acceptor_.async_accept(asio::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }
    void on_accept(error_code ec, tcp::socket socket) {
        if (ec) {
            if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
            // Out of descriptors (EMFILE/ENFILE): retrying at once would spin and flood the log.
            // By value: comparing with an error condition calls into Boost's category objects,
            // which UBSan's vptr check (the sanitizer build) rejects at this point.
            const bool no_fds = ec.value() == EMFILE || ec.value() == ENFILE;
            pause_ = std::min(std::max(pause_ * 2, std::chrono::milliseconds(no_fds ? 50 : 5)),
                              std::chrono::milliseconds(1000));
            if (no_fds) metrics::accept_backoff();
            if (log_allowed("accept")) spdlog::warn("accept: {}: pausing {} ms", ec.message(), pause_.count());
            pause_timer_.expires_after(pause_);
            pause_timer_.async_wait([self = shared_from_this()](error_code tec) {
                if (!tec && self->acceptor_.is_open()) self->do_accept();
            });
            return;
        }
        pause_ = std::chrono::milliseconds(0);
        admit(std::move(socket));
        if (acceptor_.is_open()) do_accept();
    }

    // Every socket counts: beyond the server's socket cap it is closed at once; beyond the
    // per-address quota it gets 429 and is closed.
    void admit(tcp::socket socket) {
        error_code aec;
        const auto peer = socket.remote_endpoint(aec);
        std::string address = aec ? std::string("?") : peer.address().to_string();
        const size_t cap = options_.max_connections + std::max<size_t>(16, options_.max_connections / 8);
        if (registry_->sockets.fetch_add(1) >= cap) {
            registry_->sockets.fetch_sub(1);
            metrics::socket_refused();
            if (log_allowed("socket cap")) spdlog::warn("{} sockets open: closing a new one at once", cap);
            error_code ignored;
            socket.close(ignored);
            return;
        }
        if (!registry_->per_address.take(address)) {
            registry_->sockets.fetch_sub(1);
            metrics::quota_refused();
            if (log_allowed("address quota"))
                spdlog::warn("{}: {} connections from this address: refusing with 429", address,
                             options_.max_connections_per_address);
            static const std::string k429 =
                "HTTP/1.1 429 Too Many Requests\r\nServer: hexhall\r\nContent-Type: text/plain; charset=utf-8\r\n"
                "Content-Length: 39\r\nConnection: close\r\n\r\ntoo many connections from this address\n";
            auto sock = std::make_shared<tcp::socket>(std::move(socket));
            asio::async_write(*sock, asio::buffer(k429), [sock](error_code, size_t) {
                error_code ignored;
                sock->shutdown(tcp::socket::shutdown_both, ignored);
                sock->close(ignored);
            });
            return;
        }
        auto slot = std::make_shared<SocketSlot>(registry_, std::move(address));
        error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        std::make_shared<HttpSession>(std::move(socket), hub_, options_, registry_, std::move(slot), metrics_only_)->run();
    }

    const bool metrics_only_;
    asio::io_context& ioc_;
    tcp::acceptor acceptor_;
    asio::steady_timer pause_timer_;
    std::chrono::milliseconds pause_{0};
    Hub& hub_;
    const ServerOptions& options_;
    std::shared_ptr<Registry> registry_;
};

}  // namespace

// The process's registry with the built-in games (tests may have added test-only games to it).
const GameRegistry& builtin_games() {
    register_builtin_games();
    return core::game_registry();
}

struct Server::Impl {
    explicit Impl(ServerOptions o)
        : options(std::move(o)),
          store(open_store(options)),
          ioc(std::max(1, options.threads)),
          hub(builtin_games(), [this]() -> Strand {
              auto strand = std::make_shared<asio::strand<asio::io_context::executor_type>>(asio::make_strand(ioc));
              // A room task that throws fails alone (server/handler_guard.hpp).
              return {[strand](std::function<void()> f) {
                          asio::post(*strand, [f = std::move(f)] { run_guarded("room task", f); });
                      },
                      [strand](std::chrono::milliseconds d, std::function<void()> f) {
                          auto t = std::make_shared<asio::steady_timer>(*strand, d);
                          t->async_wait([t, f = std::move(f)](error_code ec) {
                              if (!ec) run_guarded("room timer", f);
                          });
                      }};
          }, options.limits, store, work) {}

    ServerOptions options;
    std::shared_ptr<Store> store;  // before hub: outlives it
    // Passwords and heavy HTTP requests (before hub: stopped in finish(), before the hub goes).
    std::shared_ptr<WorkPool> work = std::make_shared<WorkPool>(options.work);
    asio::io_context ioc;
    Hub hub;
    std::unique_ptr<NodeLease> lease;  // several nodes: after hub (it stops the hub's rooms), gone before it
    std::shared_ptr<Registry> registry = std::make_shared<Registry>();
    std::shared_ptr<Listener> listener;
    std::shared_ptr<Listener> metrics_listener;  // --metrics-address
    std::vector<std::thread> threads;
    std::mutex stop_mu;
    bool stopped = false;
    asio::steady_timer prune_timer{ioc};
    asio::steady_timer sweep_timer{ioc};

    // Expired guest sessions and long-abandoned rooms (Hub::sweep), every options.sweep_interval.
    void sweep() {
        sweep_timer.expires_after(options.sweep_interval);
        sweep_timer.async_wait([this](error_code ec) {
            if (ec) return;
            run_guarded("housekeeping", [this] { hub.sweep(unix_ms_now()); });
            sweep();
        });
    }

    // --keep-finished-days: deletes the games that ended longer ago, now and then every hour.
    void prune() {
        const int64_t day_ms = 24LL * 3600 * 1000;
        store->prune_finished(unix_ms_now() - int64_t{options.keep_finished_days} * day_ms);
        prune_timer.expires_after(std::chrono::hours(1));
        prune_timer.async_wait([this](error_code ec) {
            if (!ec) prune();
        });
    }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() { stop(); }

Store& Server::store() { return *impl_->store; }

Hub& Server::hub() { return impl_->hub; }

WorkPool& Server::work_pool() { return *impl_->work; }

uint16_t Server::metrics_port() const {
    return impl_->metrics_listener ? impl_->metrics_listener->port() : 0;
}

size_t Server::send_queued_peak() const {
    return impl_->registry->send_budget ? impl_->registry->send_budget->peak() : 0;
}

void Server::add_http_handler(std::string prefix, HttpHandler handler) {
    impl_->registry->handlers.emplace_back(std::move(prefix), std::move(handler));
}

uint16_t Server::start() {
    auto& m = *impl_;
    m.registry->per_address.set_limit(m.options.max_connections_per_address);
    m.registry->send_budget = std::make_unique<SendBudget>(m.options.send_budget_bytes, m.options.send_budget_per_address);
    m.registry->heavy = m.work.get();
    m.registry->heavy_limit.configure(m.options.http_heavy_per_second, m.options.http_heavy_burst);
    m.registry->api_limit.configure(m.options.api_limits);
    m.store->on_health([&m](bool healthy) {
        metrics::store_failing(!healthy);
        m.hub.on_store_health(healthy);
    });
    // A write refused because the room was taken over elsewhere: the room stops here.
    m.store->on_fenced([&m](const std::string& room) { m.hub.evict(room); });
    const tcp::endpoint ep(asio::ip::make_address(m.options.address), m.options.port);
    m.listener = std::make_shared<Listener>(m.ioc, ep, m.hub, m.options, m.registry);  // accepts from run()
    const uint16_t port = m.listener->port();
    if (RoomDirectory* directory = m.store->directory()) {  // one of several nodes (decision 017)
        std::string url = m.options.public_url;
        if (url.empty()) {
            std::string host = m.options.address;
            if (host == "0.0.0.0" || host == "::") {
                char name[256] = {};
                gethostname(name, sizeof name - 1);
                host = name;
            }
            url = "ws://" + host + ":" + std::to_string(port) + "/ws";
        }
        m.hub.set_directory(directory);
        m.hub.set_lease_period(m.options.lease);
        NodeLease::Hooks hooks;
        hooks.rooms = [&m] { return static_cast<int64_t>(m.hub.room_count()); };
        hooks.listing = [&m] { return m.hub.public_listing(); };
        hooks.others = [&m](const std::vector<NodeLoad>& others) { m.hub.set_remote_nodes(others); };
        // A few rooms no live node owns (a dead node's bot games nobody resumes) each round.
        // Rooms a tournament's owner on another node wants go to it (docs/decisions/030).
        hooks.after_renewal = [&m] {
            run_guarded("hand over", [&m] { m.hub.hand_over_wanted(); });
            run_guarded("adopt", [&m] { m.hub.adopt_orphans(4); });
            run_guarded("play now", [&m] { m.hub.play_wake(); });  // matches too while anyone waits elsewhere
        };
        hooks.lost = [&m] {
            metrics::lease_lost();
            m.hub.evict_all();
        };
        m.lease = std::make_unique<NodeLease>(*directory, url, m.options.lease, std::move(hooks));
    }
    m.hub.restore();  // unfinished rooms and sessions from the store (crash recovery)
    if (m.options.keep_finished_days > 0) m.prune();
    m.sweep();
    if (!m.options.metrics_address.empty()) {
        const tcp::endpoint mep(asio::ip::make_address(m.options.metrics_address), m.options.metrics_port);
        m.metrics_listener = std::make_shared<Listener>(m.ioc, mep, m.hub, m.options, m.registry, true);
        m.metrics_listener->run();
    }
    m.listener->run();
    for (int i = 0; i < std::max(1, m.options.threads); ++i) m.threads.emplace_back([&m] {
            metrics::mark_io_thread();
            m.ioc.run();
        });
    return port;
}

void Server::run_until_signal() {
    asio::io_context sig_ioc;
    asio::signal_set signals(sig_ioc, SIGINT, SIGTERM);
    signals.async_wait([](error_code, int sig) { spdlog::info("signal {}: shutting down", sig); });
    sig_ioc.run();
    shutdown();
}

void Server::shutdown() { finish(true); }

void Server::stop() { finish(false); }

void Server::finish(bool drain) {
    auto& m = *impl_;
    std::lock_guard stop_lock(m.stop_mu);
    if (m.stopped) return;
    m.stopped = true;
    if (m.listener) m.listener->close();
    if (m.metrics_listener) m.metrics_listener->close();
    std::vector<std::shared_ptr<WsSession>> open;
    {
        std::lock_guard lock(m.registry->mu);
        for (auto& [id, w] : m.registry->open)
            if (auto s = w.lock()) open.push_back(std::move(s));
    }
    if (!m.threads.empty()) {
        for (auto& s : open) s->close_after_flush(websocket::close_code::going_away, "server shutting down");
        open.clear();
        if (drain) {
            std::unique_lock lock(m.registry->mu);
            const bool all = m.registry->emptied.wait_for(lock, m.options.shutdown_drain,
                                                          [&] { return m.registry->open.empty(); });
            spdlog::info("shutdown: {}", all ? "every client closed" : "drain time over, closing the rest");
        }
    }
    m.work->stop();  // jobs in progress finish; queued ones are answered busy (503)
    m.hub.stop_bots();  // bots thinking finish; their results find their rooms' strands stopped
    if (m.options.on_shutdown) m.options.on_shutdown();
    m.ioc.stop();
    for (auto& t : m.threads) t.join();
    m.threads.clear();
    m.store->flush();  // everything queued is committed before the store goes (unless it fails)
    if (m.lease) {  // several nodes: the rooms are handed over now, not when the lease expires
        m.lease.reset();
        if (run_guarded("release", [&m] { m.store->directory()->release_node(); }))
            spdlog::error("shutdown: the rooms were not released: other nodes take them over when the lease expires");
    }
    m.store->on_fenced({});
    m.store->on_health({});  // the hub goes before the store
    m.hub.drop_pending();  // completions posted to the stopped io_context never run
    // Clients that did not close in time: their sockets close now, not when the Server is destroyed.
    std::lock_guard lock(m.registry->mu);
    for (auto& [id, w] : m.registry->open)
        if (auto s = w.lock()) s->close_socket_now();
}

}  // namespace hexhall::server
