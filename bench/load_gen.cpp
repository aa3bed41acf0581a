// Load generator for hexhall-server (issue "The server under load"): opens R rooms of any game the
// server hosts (--game, --players; default: the server's default game, 4 players) with one protocol
// client per seat over WebSocket, plays random concrete legal actions (and a valid discard when the
// game lists one by its count, as the default game does), and measures validated actions/s, action -> ack latency, action -> patch-at-the-other-seats
// latency, and the server's CPU and memory from /proc/<pid>.
//
//   load_gen --port P [--host 127.0.0.1] [--rooms R] [--seconds S] [--warmup W] [--pace-ms MS]
//            [--bots N] [--bot heuristic] [--procs K] [--source-base 127.0.0.] [--server-pid PID]
//            [--seed S] [--spectators N]
//
// --pace-ms 0 (default): every client acts as soon as the reply to its last action (and the patch it
// produced) has arrived. --pace-ms MS: each room makes at most one action per MS milliseconds.
// --bots N: the last N seats of every room are built-in server bots (addBot, --bot kind); the others are
// load clients; with every seat a bot the room's one client joins as a spectator (and must be allowed
// to start). --spectators N: N more clients per room join as spectators (seat null) before the start
// and only read (every patch to a spectator counts as fan-out). A game is over when the `room` push says so (its "result"), the same for every game.
// A finished game's room is closed and a new room opened in its place (games are counted).
// --procs K: K generator processes (fork), process k binds its sockets to <source-base><k+1> (each
// process may hold at most ~20,000 fds; the loopback port range is 32768-60999 per source address).
// Statistics are taken over [warmup, seconds] only.
// Several nodes (issue 28; docs/performance.md "Several nodes"): --ports P1,P2,... names them, room k
// starts on node k mod n (with --spread-seats 1, its client i on node (k + i) mod n, so that every join
// but the host's is answered `moved`). A client follows `moved` at a join or at any point of the game,
// and one that cannot reach its node before the game tries the next. --resume 1: a client whose
// connection is lost mid-game connects again (the next node when one cannot be reached), presents its
// session token and resumes from the snapshot; without it, a lost connection counts as a failure.
#include <utility>  // before Asio: Boost 1.74 + GCC 12 + C++20 (std::exchange)

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
    std::string host = "127.0.0.1";
    int port = 8080;
    int rooms = 10;
    double seconds = 20;
    double warmup = 3;
    int pace_ms = 0;
    int bots = 0;
    std::string bot = "heuristic";
    std::string game;  // empty: the server's default game
    int players = 4;
    int procs = 1;
    std::string source_base;  // e.g. "127.0.0."; empty: let the kernel choose
    int server_pid = 0;
    uint64_t seed = 1;
    int spectators = 0;  // extra reading-only clients per room
    bool deflate = false;  // offer permessage-deflate (the server takes it with --ws-deflate N)
    std::vector<int> ports;  // several nodes (--ports a,b,c): room k's clients start on node k mod n
    bool resume = false;     // after a lost connection, resume with the session token on any node
    bool spread_seats = false;  // room k's client i starts on node (k + i) mod n: joins are answered `moved`
};

// Latency histogram: 32 buckets per octave of microseconds (~2.2 % resolution).
struct Histogram {
    static constexpr int kBuckets = 32 * 32;
    std::array<uint64_t, kBuckets> n{};
    uint64_t count = 0;
    void add(double us) {
        int b = us < 1 ? 0 : static_cast<int>(std::log2(us) * 32);
        if (b >= kBuckets) b = kBuckets - 1;
        ++n[static_cast<size_t>(b)];
        ++count;
    }
    double quantile(double q) const {
        if (!count) return 0;
        const uint64_t target = static_cast<uint64_t>(std::ceil(q * double(count)));
        uint64_t acc = 0;
        for (int b = 0; b < kBuckets; ++b) {
            acc += n[static_cast<size_t>(b)];
            if (acc >= target && acc) return std::exp2((b + 0.5) / 32.0);  // bucket middle
        }
        return std::exp2(kBuckets / 32.0);
    }
    void merge(const Histogram& o) {
        for (int b = 0; b < kBuckets; ++b) n[static_cast<size_t>(b)] += o.n[static_cast<size_t>(b)];
        count += o.count;
    }
};

// Plain data, written through a pipe from each child process to the parent.
struct Stats {
    uint64_t actions = 0;   // acked (validated and applied) actions in the window
    uint64_t errors = 0;    // error replies to actions
    uint64_t patches = 0;   // patches received
    uint64_t bytes = 0;     // bytes received (messages, as the WebSocket delivers them)
    uint64_t wire = 0;      // bytes received on the TCP sockets (framing and compression included)
    uint64_t games = 0;     // games finished in the window
    uint64_t rooms_started = 0;
    uint64_t setup_failures = 0;  // lobby errors / connection failures
    uint64_t resyncs = 0;
    double game_seconds = 0;      // summed wall time of the finished games
    Histogram ack;      // action sent -> ack received (us)
    Histogram fanout;   // action sent -> patch received at each other seat of the room (us)
    Histogram resume;   // connection lost -> snapshot on a node again, `moved` replies followed (us)
    uint64_t moved = 0;  // `moved` replies followed
    uint64_t moved_join = 0;  // of which before the game started (a join answered `moved`)
};

double now_s() {
    static const Clock::time_point t0 = Clock::now();
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct Room;

// The bytes a TCP socket has received (Linux TCP_INFO tcpi_bytes_received), or `otherwise`. glibc's
// struct tcp_info ends before it: in the kernel's it follows tcpi_total_retrans, after
// tcpi_pacing_rate, tcpi_max_pacing_rate and tcpi_bytes_acked (linux/tcp.h).
uint64_t tcp_bytes_received(int fd, uint64_t otherwise) {
    static_assert(sizeof(tcp_info) == 104, "glibc's struct tcp_info ends at tcpi_total_retrans");
    constexpr size_t kAt = sizeof(tcp_info) + 3 * sizeof(uint64_t);
    unsigned char buf[256] = {};
    socklen_t len = sizeof buf;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, buf, &len) != 0 || len < kAt + sizeof(uint64_t)) return otherwise;
    uint64_t v = 0;
    std::memcpy(&v, buf + kAt, sizeof v);
    return v;
}

class LoadClient : public std::enable_shared_from_this<LoadClient> {
public:
    LoadClient(asio::io_context& io, std::shared_ptr<Room> room, int index);
    void start();
    void send(std::string text);
    void close();
    int seat = -1;  // -1 spectator
    std::string game;  // the room's game (every snapshot and patch names it): the payload key
    bool joined = false;
    void on_room_known();
    void maybe_act();

private:
    void connect();
    void on_connected();
    void lost();  // the connection failed mid-game: resume elsewhere (--resume) or count a failure
    void next_node();  // the node after this client's in --ports
    void on_moved(const std::string& url);  // follow `moved`: to its URL, or (none) to the next node
    void read();
    void on_message(const std::string& text);
    void on_patch_fast(const std::string& text);
    void on_game_json(const json& m);
    void act();
    void write_next();
    void request(json m) {
        m["v"] = 1;
        m["id"] = next_id_++;
        send(m.dump());
    }

    asio::io_context& io_;
    std::unique_ptr<websocket::stream<tcp::socket>> ws_;  // a new stream for each connection
    int conn_ = 0;              // which connection a handler belongs to: older ones are ignored
    tcp::endpoint endpoint_;    // the node this client connects to
    std::string token_;         // the session (from `welcome`): a resume presents it
    double lost_at_ = -1;       // when the connection was lost (>= 0 while resuming)
    bool rejoin_ = false;       // a join was answered `moved`: say hello with the token and join there
    size_t connect_failures_ = 0;  // before the game: nodes that could not be reached in a row
    bool followed_ = false;        // connecting to the node a `moved` named
    uint64_t wire_seen_ = 0;  // the socket's bytes received at the last read (TCP_INFO)
    beast::flat_buffer buf_;
    std::deque<std::string> out_;
    bool writing_ = false;
    bool closed_ = false;
    bool welcomed_ = false;
    std::shared_ptr<Room> room_ptr_;  // keeps the room alive while handlers run
    Room& room_;
    int index_;
    int64_t next_id_ = 1;
    // game state as the client needs it
    bool awaiting_ = false;
    double sent_at_ = 0;
    uint64_t version_ = 0;
    uint64_t min_version_ = 0;
    json legal_actions_ = json::array();
    int discard_ = 0;
    std::array<int, 5> hand_{};
    std::unique_ptr<asio::steady_timer> timer_;
};

struct Generator;

struct Room {
    Generator& gen;
    int slot;
    std::string id;
    std::vector<std::shared_ptr<LoadClient>> clients;
    int joined = 0;
    bool started = false;
    bool over = false;
    double started_at = 0;
    double next_action_at = 0;  // pace mode
    uint64_t generation = 0;
    struct Track {
        double sent = -1;
        int acker = -1;
        std::vector<double> early;  // arrivals before the ack was seen (the acker's excluded later)
        std::vector<int> early_seat;
    };
    std::unordered_map<uint64_t, Track> tracks;
    explicit Room(Generator& g, int s) : gen(g), slot(s) {}
};

const char* kResources[5] = {"brick", "grain", "lumber", "ore", "wool"};

struct Generator {
    asio::io_context io;
    Options o;
    int proc = 0;
    std::vector<std::shared_ptr<Room>> rooms;
    Stats st;
    double window_start = 0, end_at = 0;
    std::mt19937_64 rng;
    std::vector<tcp::endpoint> servers;  // the nodes
    bool in_window() const { return now_s() >= window_start && now_s() < end_at; }

    void open_room(int slot);
    void room_over(Room& r);
    void setup_failed(Room& r);
    void ack(Room& r, int seat, uint64_t version, double sent) {
        if (in_window()) {
            ++st.actions;
            st.ack.add((now_s() - sent) * 1e6);
        }
        Room::Track& t = r.tracks[version];
        t.sent = sent;
        t.acker = seat;
        for (size_t i = 0; i < t.early.size(); ++i)
            if (t.early_seat[i] != seat && in_window()) st.fanout.add((t.early[i] - sent) * 1e6);
        t.early.clear();
        t.early_seat.clear();
        if (version > 64) r.tracks.erase(version - 64);
    }
    void patch_seen(Room& r, int seat, uint64_t version) {
        if (in_window()) ++st.patches;
        Room::Track& t = r.tracks[version];
        if (t.sent >= 0) {
            if (seat != t.acker && in_window()) st.fanout.add((now_s() - t.sent) * 1e6);
        } else {
            t.early.push_back(now_s());
            t.early_seat.push_back(seat);
        }
        if (version > 64) r.tracks.erase(version - 64);
    }
};

LoadClient::LoadClient(asio::io_context& io, std::shared_ptr<Room> room, int index)
    : io_(io), room_ptr_(std::move(room)), room_(*room_ptr_), index_(index) {
    const size_t first = size_t(room_.slot) + (room_.gen.o.spread_seats ? size_t(index) : 0);
    endpoint_ = room_.gen.servers[first % room_.gen.servers.size()];
}

void LoadClient::next_node() {
    const auto& servers = room_.gen.servers;
    size_t at = 0;
    for (size_t i = 0; i < servers.size(); ++i)
        if (servers[i] == endpoint_) at = i;
    endpoint_ = servers[(at + 1) % servers.size()];
}

void LoadClient::start() { connect(); }

void LoadClient::connect() {
    auto self = shared_from_this();
    ws_ = std::make_unique<websocket::stream<tcp::socket>>(io_);
    const int conn = ++conn_;
    wire_seen_ = 0;
    buf_.consume(buf_.size());
    out_.clear();
    writing_ = false;
    auto& sock = beast::get_lowest_layer(*ws_);
    boost::system::error_code ec;
    sock.open(tcp::v4(), ec);
    if (!ec && !room_.gen.o.source_base.empty()) {
        sock.set_option(tcp::socket::reuse_address(true), ec);
        sock.bind(tcp::endpoint(asio::ip::make_address(room_.gen.o.source_base + std::to_string(room_.gen.proc + 1)), 0),
                  ec);
    }
    if (ec) {
        std::fprintf(stderr, "socket: %s\n", ec.message().c_str());
        return room_.gen.setup_failed(room_);
    }
    sock.async_connect(endpoint_, [self, conn](boost::system::error_code e) {
        if (conn != self->conn_ || self->closed_) return;
        if (e) {
            if (self->lost_at_ >= 0) return self->lost();  // a dead node: try the next one
            // Before the game, too; a node a `moved` named may have died since it was chosen: back
            // to the nodes given (it does not count as one of them).
            if (std::exchange(self->followed_, false) || ++self->connect_failures_ < self->room_.gen.servers.size()) {
                self->next_node();
                return self->connect();
            }
            std::fprintf(stderr, "connect: %s\n", e.message().c_str());
            return self->room_.gen.setup_failed(self->room_);
        }
        beast::get_lowest_layer(*self->ws_).set_option(tcp::no_delay(true));
        if (self->room_.gen.o.deflate) {
            websocket::permessage_deflate deflate;
            deflate.client_enable = true;
            self->ws_->set_option(deflate);
        }
        self->ws_->async_handshake(self->room_.gen.o.host, "/ws", [self, conn](boost::system::error_code e2) {
            if (conn != self->conn_ || self->closed_) return;
            if (e2) {
                if (self->lost_at_ >= 0) return self->lost();
                std::fprintf(stderr, "handshake: %s\n", e2.message().c_str());
                return self->room_.gen.setup_failed(self->room_);
            }
            self->on_connected();
        });
    });
}

// Mid-game, the connection failed (its node died or handed the room over): with --resume the client
// connects again after a short wait, to the next node when this one cannot be reached, and presents
// its session token; the node that owns the room seats it again (or answers `moved`).
void LoadClient::lost() {
    Generator& g = room_.gen;
    if (!g.o.resume || !room_.started || room_.over || closed_) {
        if (!closed_ && !room_.over) ++g.st.setup_failures;
        return;
    }
    const bool first = lost_at_ < 0;
    if (first) lost_at_ = now_s();
    else next_node();  // this node could not be reached (or stopped serving the room): the next one
    boost::system::error_code ec;
    beast::get_lowest_layer(*ws_).close(ec);
    ++conn_;  // the old connection's handlers end here
    awaiting_ = false;
    if (!timer_) timer_ = std::make_unique<asio::steady_timer>(io_);
    timer_->expires_after(std::chrono::milliseconds(first ? 20 : 100));
    timer_->async_wait([self = shared_from_this()](boost::system::error_code e) {
        if (!e && !self->closed_) self->connect();
    });
}

void LoadClient::on_connected() {
    connect_failures_ = 0;
    followed_ = false;
    read();
    json hello = {{"type", "hello"}, {"name", "load" + std::to_string(index_)}};
    if ((lost_at_ >= 0 || rejoin_) && !token_.empty()) hello["token"] = token_;
    request(hello);
}

// `moved` (docs/protocol.md), at a join or at any point of the game: another node serves the room
// (`url`: connect there at once), or this node stopped serving it (no `url`: as a lost connection,
// the next node shortly). Mid-game the client then resumes with its session token; before the game
// it says hello with the token and joins again there.
void LoadClient::on_moved(const std::string& url) {
    Generator& g = room_.gen;
    ++g.st.moved;
    if (!room_.started) {
        ++g.st.moved_join;
        rejoin_ = true;
    }
    const size_t colon = url.rfind(':');
    if (url.empty() || colon == std::string::npos) {
        if (room_.started) return lost();
        next_node();
    } else {
        endpoint_ = tcp::endpoint(endpoint_.address(), static_cast<unsigned short>(std::atoi(url.c_str() + colon + 1)));
        followed_ = true;
        if (room_.started && lost_at_ < 0) {
            if (!g.o.resume) return lost();  // counted as a failure, as a lost connection is
            lost_at_ = now_s();
        }
    }
    ++conn_;
    boost::system::error_code ec;
    beast::get_lowest_layer(*ws_).close(ec);
    connect();
}

void LoadClient::close() {
    if (closed_) return;
    closed_ = true;
    if (timer_) timer_->cancel();
    boost::system::error_code ec;
    beast::get_lowest_layer(*ws_).close(ec);
}

void LoadClient::send(std::string text) {
    if (closed_) return;
    out_.push_back(std::move(text));
    if (!writing_) write_next();
}

void LoadClient::write_next() {
    if (out_.empty() || closed_) {
        writing_ = false;
        return;
    }
    writing_ = true;
    ws_->text(true);
    ws_->async_write(asio::buffer(out_.front()), [self = shared_from_this(), conn = conn_](boost::system::error_code ec, size_t) {
        if (conn != self->conn_) return;
        if (ec) {
            self->writing_ = false;
            return;
        }
        self->out_.pop_front();
        self->write_next();
    });
}

void LoadClient::read() {
    ws_->async_read(buf_, [self = shared_from_this(), conn = conn_](boost::system::error_code ec, size_t n) {
        if (conn != self->conn_) return;
        if (ec) {
            if (!self->closed_ && !self->room_.over) {
                if (!self->room_.gen.o.resume || !self->room_.started)
                    std::fprintf(stderr, "read: %s\n", ec.message().c_str());
                self->lost();
            }
            return;
        }
        // The socket's bytes so far (TCP_INFO): what arrived since the last read counts in the window.
        const uint64_t wire = tcp_bytes_received(beast::get_lowest_layer(*self->ws_).native_handle(), self->wire_seen_);
        if (self->room_.gen.in_window()) {
            self->room_.gen.st.bytes += n;
            self->room_.gen.st.wire += wire - self->wire_seen_;
        }
        self->wire_seen_ = wire;
        std::string text = beast::buffers_to_string(self->buf_.data());
        self->buf_.consume(self->buf_.size());
        self->on_message(text);
        if (!self->closed_ && conn == self->conn_) self->read();  // (a `moved` began another connection)
    });
}

// The envelope's "type" is the last "type" key of a dumped (sorted-key) server message.
std::string envelope_type(const std::string& t) {
    const size_t p = t.rfind("\"type\":\"");
    if (p == std::string::npos) return {};
    const size_t b = p + 8, e = t.find('"', b);
    return t.substr(b, e - b);
}

void LoadClient::on_message(const std::string& text) {
    const std::string type = envelope_type(text);
    if (type == "patch") return on_patch_fast(text);
    json m = json::parse(text, nullptr, false);
    if (m.is_discarded()) return;
    Generator& g = room_.gen;
    if (type == "moved") return on_moved(m.value("url", ""));
    if (lost_at_ >= 0) {  // resuming: `welcome`, then `moved` or `joined` and the snapshot
        if (type == "welcome" && seat < 0) on_room_known();  // a spectator joins again
        if (type == "snapshot") {
            g.st.resume.add((now_s() - lost_at_) * 1e6);
            lost_at_ = -1;
            return on_game_json(m);
        }
        if (type == "error") return lost();  // not seated there (yet): the next node, shortly
        return;
    }
    if (type == "welcome") {
        welcomed_ = true;
        token_ = m.value("session", "");
        if (index_ == 0 && room_.id.empty()) {
            json c = {{"type", "createRoom"}, {"players", g.o.players}, {"seed", g.o.seed + room_.generation * 7919u + uint64_t(room_.slot)}};
            if (!g.o.game.empty()) c["game"] = g.o.game;
            request(c);
        } else if (!room_.id.empty()) {
            on_room_known();
        }
    } else if (type == "roomCreated") {
        room_.id = m.value("room", "");
        // Bots first (host only), then the joins.
        for (int s = g.o.players - g.o.bots; s < g.o.players; ++s)
            request({{"type", "addBot"}, {"room", room_.id}, {"seat", s}, {"bot", g.o.bot}});
        for (auto& c : room_.clients) c->on_room_known();
    } else if (type == "joined") {
        joined = true;
        rejoin_ = false;
        if (++room_.joined == static_cast<int>(room_.clients.size()))
            room_.clients[0]->request({{"type", "start"}, {"room", room_.id}});
    } else if (type == "started") {
        if (index_ == 0) {
            room_.started = true;
            room_.started_at = now_s();
            ++g.st.rooms_started;
        }
    } else if (type == "room") {
        if (m.value("over", false) && m.contains("result") && room_.started && !room_.over) return g.room_over(room_);
    } else if (type == "snapshot") {
        on_game_json(m);
    } else if (type == "ack") {
        awaiting_ = false;
        min_version_ = m.value("version", uint64_t{0});
        g.ack(room_, seat, min_version_, sent_at_);
    } else if (type == "error") {
        const std::string code = m.value("code", "");
        if (!room_.started && code != "illegal_action") {
            std::fprintf(stderr, "room %d: lobby error %s: %s\n", room_.slot, code.c_str(), m.value("message", "").c_str());
            return g.setup_failed(room_);
        }
        if (g.in_window()) ++g.st.errors;
        awaiting_ = false;
        // The view or hand may be stale (e.g. another seat's action came first): fetch a snapshot.
        ++g.st.resyncs;
        awaiting_ = true;
        sent_at_ = now_s();
        request({{"type", "resync"}});
        return;
    }
}

void LoadClient::on_room_known() {
    if (!welcomed_ || closed_) return;  // joins after its welcome
    json j = {{"type", "joinRoom"}, {"room", room_.id}};
    if (seat >= 0) j["seat"] = seat;
    else j["seat"] = nullptr;
    request(j);
}

// A patch: parsed fully only when it may matter to this client (its legal actions are not empty, a
// discard is owed, its hand changed, or the game ended); otherwise only "to" is read.
void LoadClient::on_patch_fast(const std::string& text) {
    const size_t p = text.rfind("\"to\":");
    const uint64_t to = p == std::string::npos ? 0 : std::strtoull(text.c_str() + p + 5, nullptr, 10);
    version_ = to;
    room_.gen.patch_seen(room_, seat, to);
    const bool idle = seat < 0 || text.find("\"legal\":[]") != std::string::npos ||
                      (text.find("\"legal\":{\"actions\":[],") != std::string::npos &&
                       text.find("\"discard\":0,") != std::string::npos);
    const std::string hand_path = "\"/players/" + std::to_string(seat) + "/hand";
    const bool relevant = !idle || text.find(hand_path) != std::string::npos ||
                          text.find("\"path\":\"\"") != std::string::npos;
    if (!relevant) {
        legal_actions_ = json::array();
        discard_ = 0;
        return;
    }
    json m = json::parse(text, nullptr, false);
    if (m.is_discarded()) return;
    on_game_json(m);
}

void LoadClient::on_game_json(const json& m) {
    if (m.contains("game") && m["game"].is_string()) game = m["game"].get<std::string>();
    const json& c = m[game];
    if (m.value("type", "") == "snapshot") {
        version_ = m.value("version", uint64_t{0});
        awaiting_ = false;
        const json& v = c["view"];
        // The hand as resource counts (the discard family needs it); other games' hands are skipped.
        if (seat >= 0 && v.contains("players") && v["players"].is_array() && size_t(seat) < v["players"].size() &&
            v["players"][size_t(seat)].is_object() && v["players"][size_t(seat)].contains("hand") &&
            v["players"][size_t(seat)]["hand"].is_object())
            for (int r = 0; r < 5; ++r) hand_[size_t(r)] = v["players"][size_t(seat)]["hand"].value(kResources[r], 0);
    } else {
        const std::string hp = "/players/" + std::to_string(seat) + "/hand";
        for (const json& op : m["ops"]) {
            const std::string path = op.value("path", "");
            if (seat < 0 || path.compare(0, hp.size(), hp) != 0) continue;
            if (!op.contains("value")) continue;
            if (path.size() == hp.size()) {
                if (op["value"].is_object())
                    for (int r = 0; r < 5; ++r) hand_[size_t(r)] = op["value"].value(kResources[r], 0);
            } else if (op["value"].is_number_integer()) {
                for (int r = 0; r < 5; ++r)
                    if (path.compare(hp.size() + 1, std::string::npos, kResources[r]) == 0)
                        hand_[size_t(r)] = op["value"].get<int>();
            }
        }
    }
    if (c.contains("legal") && c["legal"].is_array()) {  // every action listed concretely
        legal_actions_ = c["legal"];
        discard_ = 0;
    } else if (c.contains("legal") && c["legal"].is_object()) {  // actions, and a discard owed by count
        legal_actions_ = c["legal"].value("actions", json::array());
        discard_ = c["legal"].value("discard", 0);
    } else {
        legal_actions_ = json::array();
        discard_ = 0;
    }
    maybe_act();
}

void LoadClient::maybe_act() {
    if (closed_ || room_.over || seat < 0 || awaiting_ || version_ < min_version_) return;
    if (legal_actions_.empty() && discard_ == 0) return;
    const int pace = room_.gen.o.pace_ms;
    if (pace > 0) {
        const double now = now_s();
        if (now < room_.next_action_at) {
            if (!timer_) timer_ = std::make_unique<asio::steady_timer>(room_.gen.io);
            timer_->expires_after(std::chrono::microseconds(static_cast<int64_t>((room_.next_action_at - now) * 1e6) + 1));
            timer_->async_wait([self = shared_from_this()](boost::system::error_code ec) {
                if (!ec) self->maybe_act();
            });
            return;
        }
        room_.next_action_at = now + pace / 1000.0;
    }
    act();
}

void LoadClient::act() {
    Generator& g = room_.gen;
    json intent;
    if (discard_ > 0) {
        std::vector<int> cards;
        for (int r = 0; r < 5; ++r)
            for (int k = 0; k < hand_[size_t(r)]; ++k) cards.push_back(r);
        std::shuffle(cards.begin(), cards.end(), g.rng);
        intent = {{"type", "discard"}, {"cards", json::object()}};
        for (int i = 0; i < discard_ && i < static_cast<int>(cards.size()); ++i)
            intent["cards"][kResources[cards[size_t(i)]]] = intent["cards"].value(kResources[cards[size_t(i)]], 0) + 1;
    } else {
        intent = legal_actions_[g.rng() % legal_actions_.size()];
    }
    awaiting_ = true;
    sent_at_ = now_s();
    legal_actions_ = json::array();
    discard_ = 0;
    request({{"type", "action"}, {"game", game}, {game, std::move(intent)}});
}

void Generator::open_room(int slot) {
    auto& r = rooms[size_t(slot)];
    const uint64_t gen = r ? r->generation + 1 : 0;
    if (r) {
        r->over = true;
        for (auto& c : r->clients) c->close();
        r->clients.clear();  // the clients' pending handlers keep the old room alive until they finish
    }
    r = std::make_shared<Room>(*this, slot);
    r->generation = gen;
    const int players = o.bots >= o.players ? 1 : o.players - o.bots;
    for (int i = 0; i < players; ++i) {
        auto c = std::make_shared<LoadClient>(io, r, i);
        c->seat = o.bots >= o.players ? -1 : i;
        r->clients.push_back(c);
    }
    for (int i = 0; i < o.spectators; ++i) {
        auto c = std::make_shared<LoadClient>(io, r, players + i);
        c->seat = -1;
        r->clients.push_back(c);
    }
    for (auto& c : r->clients) c->start();
}

void Generator::room_over(Room& r) {
    r.over = true;
    if (in_window()) {
        ++st.games;
        st.game_seconds += now_s() - r.started_at;
    }
    const int slot = r.slot;
    // Open the next room from the io loop (not from inside this room's handlers).
    asio::post(io, [this, slot] {
        if (now_s() < end_at) open_room(slot);
        else
            for (auto& c : rooms[size_t(slot)]->clients) c->close();
    });
}

void Generator::setup_failed(Room& r) {
    ++st.setup_failures;
    if (r.over) return;
    r.over = true;
    for (auto& c : r.clients) c->close();
}

Stats run_generator(const Options& o, int proc, int rooms) {
    Generator g;
    g.o = o;
    g.proc = proc;
    g.rng.seed(o.seed * 1000003u + uint64_t(proc));
    for (int port : o.ports.empty() ? std::vector<int>{o.port} : o.ports) g.servers.emplace_back(asio::ip::make_address(o.host), static_cast<unsigned short>(port));
    g.window_start = now_s() + o.warmup;
    g.end_at = now_s() + o.seconds;
    g.rooms.resize(size_t(rooms));
    // Open rooms gradually (100 per 10 ms) so that the accept queue does not overflow.
    auto opener = std::make_shared<asio::steady_timer>(g.io);
    auto next = std::make_shared<int>(0);
    std::function<void()> open_batch = [&, opener, next]() {
        for (int k = 0; k < 100 && *next < rooms; ++k) g.open_room((*next)++);
        if (*next < rooms) {
            opener->expires_after(std::chrono::milliseconds(10));
            opener->async_wait([&](boost::system::error_code) { open_batch(); });
        }
    };
    open_batch();
    asio::steady_timer stop(g.io);
    stop.expires_after(std::chrono::microseconds(static_cast<int64_t>(o.seconds * 1e6)));
    stop.async_wait([&](boost::system::error_code) {
        g.io.stop();
    });
    g.io.run();
    return g.st;
}

// ------------------------------------------------------------------ server /proc sampling
struct ProcSample {
    double cpu = 0;       // utime + stime, seconds
    double rss_kib = 0;   // VmRSS
    double hwm_kib = 0;   // VmHWM (peak)
    double run = 0, wait = 0;  // summed over the threads (schedstat): on CPU, and runnable but waiting for a CPU
    bool ok = false;
};

ProcSample sample_proc(int pid) {
    ProcSample s;
    if (pid <= 0) return s;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return s;
    const size_t rp = line.rfind(')');
    std::istringstream in(line.substr(rp + 2));
    std::string f;
    unsigned long long ut = 0, stt = 0;
    for (int i = 3; i <= 15; ++i) {
        in >> f;
        if (i == 14) ut = std::stoull(f);
        if (i == 15) stt = std::stoull(f);
    }
    s.cpu = double(ut + stt) / double(sysconf(_SC_CLK_TCK));
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) s.rss_kib = std::atof(line.c_str() + 6);
        if (line.rfind("VmHWM:", 0) == 0) s.hwm_kib = std::atof(line.c_str() + 6);
    }
    // Per-thread scheduler statistics: a starved server (a loaded machine) shows a large wait.
    const std::string task_dir = "/proc/" + std::to_string(pid) + "/task";
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator(task_dir, ec)) {
        std::ifstream ss(task.path() / "schedstat");
        double run_ns = 0, wait_ns = 0;
        if (ss >> run_ns >> wait_ns) {
            s.run += run_ns * 1e-9;
            s.wait += wait_ns * 1e-9;
        }
    }
    s.ok = true;
    return s;
}

void usage() {
    std::fprintf(stderr,
                 "usage: load_gen --port P [--host H] [--rooms R] [--seconds S] [--warmup W] [--pace-ms MS]\n"
                 "                [--bots N] [--bot KIND] [--procs K] [--source-base 127.0.0.] [--server-pid PID]\n"
                 "                [--seed S] [--game NAME] [--players N] [--spectators N] [--deflate 0|1]\n"
                 "                [--ports P1,P2,...] [--resume 0|1] [--spread-seats 0|1]\n");
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) return usage(), 2;
        const char* v = argv[++i];
        if (a == "--host") o.host = v;
        else if (a == "--port") o.port = std::atoi(v);
        else if (a == "--rooms") o.rooms = std::atoi(v);
        else if (a == "--seconds") o.seconds = std::atof(v);
        else if (a == "--warmup") o.warmup = std::atof(v);
        else if (a == "--pace-ms") o.pace_ms = std::atoi(v);
        else if (a == "--bots") o.bots = std::atoi(v);
        else if (a == "--bot") o.bot = v;
        else if (a == "--procs") o.procs = std::max(1, std::atoi(v));
        else if (a == "--source-base") o.source_base = v;
        else if (a == "--server-pid") o.server_pid = std::atoi(v);
        else if (a == "--seed") o.seed = std::strtoull(v, nullptr, 10);
        else if (a == "--game") o.game = v;
        else if (a == "--players") o.players = std::atoi(v);
        else if (a == "--spectators") o.spectators = std::atoi(v);
        else if (a == "--deflate") o.deflate = std::atoi(v) != 0;
        else if (a == "--resume") o.resume = std::atoi(v) != 0;
        else if (a == "--spread-seats") o.spread_seats = std::atoi(v) != 0;
        else if (a == "--ports") {
            o.ports.clear();
            for (const char* q = v; *q;) {
                o.ports.push_back(std::atoi(q));
                while (*q && *q != ',') ++q;
                if (*q == ',') ++q;
            }
        }
        else return usage(), 2;
    }
    if (o.players < 1 || o.players > 16 || o.bots < 0 || o.bots > o.players || o.spectators < 0 || o.rooms < 1 || o.seconds <= o.warmup) return usage(), 2;
    rlimit rl{};
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    const ProcSample before = sample_proc(o.server_pid);
    std::vector<std::pair<pid_t, int>> children;  // pid, read end of its pipe
    for (int k = 0; k < o.procs; ++k) {
        const int share = o.rooms / o.procs + (k < o.rooms % o.procs ? 1 : 0);
        int fd[2];
        if (pipe(fd) != 0) return std::perror("pipe"), 1;
        const pid_t pid = fork();
        if (pid == 0) {
            close(fd[0]);
            const Stats s = run_generator(o, k, share);
            const char* p = reinterpret_cast<const char*>(&s);
            size_t left = sizeof s;
            while (left) {
                const ssize_t w = write(fd[1], p, left);
                if (w <= 0) break;
                p += w;
                left -= size_t(w);
            }
            _exit(0);
        }
        close(fd[1]);
        children.emplace_back(pid, fd[0]);
    }
    // Sample the server during the run: at the window start, and at its end (rooms still open).
    const double t0 = now_s();
    ProcSample at_start, at_end, peak;
    double rss_max = 0;
    while (now_s() - t0 < o.seconds - 0.3) {
        usleep(100000);
        const double t = now_s() - t0;
        if (!at_start.ok && t >= o.warmup) at_start = sample_proc(o.server_pid);
        const ProcSample s = sample_proc(o.server_pid);
        if (s.ok) {
            rss_max = std::max(rss_max, s.rss_kib);
            at_end = s;
        }
    }
    const double t_start = o.warmup, t_end = now_s() - t0;
    Stats total;
    for (auto& [pid, fd] : children) {
        Stats s;
        char* p = reinterpret_cast<char*>(&s);
        size_t got = 0;
        while (got < sizeof s) {
            const ssize_t r = read(fd, p + got, sizeof s - got);
            if (r <= 0) break;
            got += size_t(r);
        }
        close(fd);
        waitpid(pid, nullptr, 0);
        if (got != sizeof s) {
            std::fprintf(stderr, "child %d: no statistics\n", int(pid));
            continue;
        }
        total.actions += s.actions;
        total.errors += s.errors;
        total.patches += s.patches;
        total.bytes += s.bytes;
        total.wire += s.wire;
        total.games += s.games;
        total.game_seconds += s.game_seconds;
        total.rooms_started += s.rooms_started;
        total.setup_failures += s.setup_failures;
        total.resyncs += s.resyncs;
        total.ack.merge(s.ack);
        total.fanout.merge(s.fanout);
        total.resume.merge(s.resume);
        total.moved += s.moved;
        total.moved_join += s.moved_join;
    }
    const double window = o.seconds - o.warmup;
    std::printf("rooms %d (%d load clients + %d bots + %d spectators each), procs %d, pace %s, window %.1f s (warmup %.1f s)\n", o.rooms,
                o.bots >= o.players ? 0 : o.players - o.bots, o.bots, o.spectators, o.procs,
                o.pace_ms ? (std::to_string(o.pace_ms) + " ms/room").c_str() : "as fast as replies", window, o.warmup);
    std::printf("rooms started %llu, setup/connection failures %llu, games finished %llu (%.1f games/min)\n",
                (unsigned long long)total.rooms_started, (unsigned long long)total.setup_failures,
                (unsigned long long)total.games, double(total.games) * 60.0 / window);
    std::printf("validated actions %llu = %.0f actions/s; action errors %llu; patches received %.0f/s; %.1f MB/s received\n",
                (unsigned long long)total.actions, double(total.actions) / window, (unsigned long long)total.errors,
                double(total.patches) / window, double(total.bytes) / window / 1e6);
    if (total.actions)
        std::printf("received per action: %.0f bytes of messages, %.0f bytes on the sockets%s\n",
                    double(total.bytes) / double(total.actions), double(total.wire) / double(total.actions),
                    o.deflate ? " (permessage-deflate offered)" : "");
    std::printf("action -> ack (ms):           p50 %.2f  p99 %.2f  p99.9 %.2f  (n=%llu)\n", total.ack.quantile(0.5) / 1e3,
                total.ack.quantile(0.99) / 1e3, total.ack.quantile(0.999) / 1e3, (unsigned long long)total.ack.count);
    std::printf("action -> other seats' patch (ms): p50 %.2f  p99 %.2f  p99.9 %.2f  (n=%llu)\n",
                total.fanout.quantile(0.5) / 1e3, total.fanout.quantile(0.99) / 1e3, total.fanout.quantile(0.999) / 1e3,
                (unsigned long long)total.fanout.count);
    if (o.resume || total.resume.count || total.moved)
        std::printf("resumed after a lost connection %llu times (%llu moved replies followed, %llu of them at a join); "
                    "lost -> snapshot again (ms): p50 %.0f  p99 %.0f  max %.0f\n",
                    (unsigned long long)total.resume.count, (unsigned long long)total.moved,
                    (unsigned long long)total.moved_join, total.resume.quantile(0.5) / 1e3,
                    total.resume.quantile(0.99) / 1e3, total.resume.quantile(1.0) / 1e3);
    if (at_start.ok && at_end.ok) {
        const double cpu = at_end.cpu - at_start.cpu;
        const double dt = t_end - t_start;
        std::printf("server pid %d: CPU %.2f s over %.1f s = %.2f cores; %.1f us CPU/action", o.server_pid, cpu, dt,
                    cpu / dt, total.actions ? cpu * 1e6 / double(total.actions) : 0.0);
        if (total.games) std::printf("; %.2f CPU-s/game", cpu / double(total.games));
        std::printf("\n");
        std::printf("server threads: on CPU %.2f s, runnable but waiting for a CPU %.2f s (machine load)\n",
                    at_end.run - at_start.run, at_end.wait - at_start.wait);
        std::printf("server RSS: before %.1f MiB, at end %.1f MiB (max sampled %.1f, VmHWM %.1f); (end - before)/rooms = %.1f KiB/room\n",
                    before.rss_kib / 1024, at_end.rss_kib / 1024, rss_max / 1024, at_end.hwm_kib / 1024,
                    (at_end.rss_kib - before.rss_kib) / o.rooms);
    }
    return 0;
}
