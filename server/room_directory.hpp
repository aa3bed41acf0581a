// Several nodes on one database (docs/decisions/017-several-nodes.md): what a node asks the shared
// store about rooms and sessions that live elsewhere, and its lease. The PostgreSQL store provides
// it when the node has an id (--node-id); a single node (SQLite, or PostgreSQL without --node-id)
// has none and the hub routes nothing.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/store.hpp"

namespace hexhall::server {

struct RoomLocation {
    enum class Kind {
        None,       // no such open or running room
        Elsewhere,  // owned by another node whose lease is live: `url` is its public URL
        Free,       // its owner's lease expired (dead or frozen node), it was released, or it was ours
    };
    Kind kind = Kind::None;
    std::string url;
};

// Another live node as its last lease renewal wrote it: where clients reach it, how many rooms it
// owns (new rooms go to the least-loaded live node: Hub::placement) and its lobby listing.
struct NodeLoad {
    std::string id, url;
    int64_t rooms = 0;
    std::string listing;        // a JSON array of its public rooms' lobby entries
    int64_t lease_left_ms = 0;  // how long its lease still ran when this node read it (the database's clock)
};

// Whether new rooms may go to that node: it renewed its lease (of `lease_ms`, renewed every
// lease_ms / 3) within about the last two renewal periods, i.e. the lease had at least lease_ms - 2
// periods left when read. A node that died stays live (its rooms are not taken over) until its lease
// runs out, but drops out of placement about two renewal periods after it died: a client is not sent
// to it meanwhile (docs/decisions/017-several-nodes.md, "Placement").
inline bool renewed_recently(const NodeLoad& node, int64_t lease_ms) {
    return node.lease_left_ms >= lease_ms - 2 * (lease_ms / 3);
}

// A Play now waiter in the shared queue (table play_queue; docs/decisions/017-several-nodes.md,
// "Play now across nodes"): one row per session, whichever node it waits on.
struct QueueRow {
    std::string session, node, queue, name, account, address;  // queue: "<game>/<players>"
    double skill = 0;         // its rating's ordinal when it joined
    double waited_s = 0;      // seconds since it joined (the database's clock)
    std::string matched;      // "": waiting; else the `matched` message for its node to send
};

class RoomDirectory {
public:
    virtual ~RoomDirectory() = default;
    virtual const std::string& node_id() const = 0;
    // The node's lease (table nodes): renews it for `ttl_ms` from the database's clock, with this
    // node's public URL, room count and lobby listing (a JSON array of its public rooms' entries),
    // and reads the other live nodes' (URL, room count, listing) into `others`. False when the
    // database cannot be reached.
    virtual bool renew_lease(const std::string& public_url, int64_t rooms, int64_t ttl_ms, const std::string& listing,
                             std::vector<NodeLoad>& others) = 0;
    // Graceful shutdown, after the last write committed: the node's rooms are released (their owner
    // is nobody) and its lease deleted, so another node takes them over at the next resume.
    virtual void release_node() = 0;
    // A session as stored (any node may have written it last).
    virtual std::optional<SessionRow> find_session(const std::string& hash) = 0;
    // The id of the open or running room with this invite code.
    virtual std::optional<std::string> room_of_invite(const std::string& invite) = 0;
    virtual RoomLocation locate(const std::string& room) = 0;
    // Takes a room over when its owner's lease expired (or it is released, or ours): epoch + 1,
    // owner this node, read in the same transaction. Nothing when another live node owns it.
    virtual std::optional<StoredRoom> take_over(const std::string& room) = 0;
    // Up to `limit` open or running rooms no live node owns (their node died or released them).
    virtual std::vector<std::string> orphans(size_t limit) = 0;

    // Play now across nodes: one shared queue, matched by one node at a time. Each throws
    // std::runtime_error when the database cannot be reached.
    // queue_join: the row is added (the database's clock starts its wait); false when the session
    // already waits (on any node).
    virtual bool queue_join(const QueueRow& row) { (void)row; return false; }
    // queue_leave: this node's row of the session goes (if it was matched meanwhile, its seat gets
    // a bot after the join wait).
    virtual void queue_leave(const std::string& session) { (void)session; }
    // queue_match: when no other node is matching (a transaction-scoped advisory lock), the rows of
    // dead nodes are deleted (their waiters leave with their lease), rows taken by a dead matcher
    // wait again, and `match` is given every waiting row; the sessions it returns are marked taken
    // by this node in the same transaction (nobody else matches them while its lease lives). False
    // when another node was matching.
    virtual bool queue_match(const std::function<std::vector<std::string>(const std::vector<QueueRow>&)>& match) {
        (void)match;
        return false;
    }
    // queue_deliver: a row this node took gets the `matched` message its node sends (nothing when
    // the row was freed meanwhile: a player is never sent two).
    virtual void queue_deliver(const std::string& session, const std::string& message) { (void)session, (void)message; }
    // queue_poll: the `matched` messages for this node's rows (the rows go), and how many wait in
    // each queue.
    virtual std::vector<QueueRow> queue_poll(std::map<std::string, int64_t>& sizes) {
        (void)sizes;
        return {};
    }
    // queue_waiting: whether anyone waits in any queue, on any node (a node with no waiters of its
    // own then matches too: docs/decisions/017, "Play now across nodes").
    virtual bool queue_waiting() { return false; }

    // Tables wanted by a tournament's owner (docs/decisions/030-tournaments-on-several-nodes.md,
    // "A table on another node"): want_room marks the room as wanted by this node (table
    // room_wants); wanted_here lists this node's rooms that another live node wants, with that
    // node's public URL; release_room gives one room of this node to nobody (after its last write
    // is committed), so the wanting node takes it over. Each throws std::runtime_error when the
    // database cannot be reached.
    virtual void want_room(const std::string& room) { (void)room; }
    virtual std::vector<std::pair<std::string, std::string>> wanted_here() { return {}; }
    virtual void release_room(const std::string& room) { (void)room; }

    // Owners of things that are not rooms (a tournament: key "tournament:<id>"; docs/decisions/
    // 030-tournaments-on-several-nodes.md), in the same owner rows and with the same fence: a
    // document (kind, id) whose key "kind:id" this store holds is written only under its epoch.
    // claim_key: the key becomes this node's (a new row at epoch 1, or epoch + 1) when nobody holds
    // it, its owner's lease expired, it was released or it was ours; nothing when a live node holds
    // it or the database cannot be reached.
    virtual std::optional<int64_t> claim_key(const std::string& key) { (void)key; return std::nullopt; }
    // Where a key is held: Elsewhere (a live node, `url`), Free (no live holder, or this node), None (no row).
    virtual RoomLocation locate_key(const std::string& key) { (void)key; return {}; }
    // Up to `limit` keys starting with `prefix` that no live node holds, or this node's (held by
    // this process or by an earlier one of the same node id).
    virtual std::vector<std::string> orphan_keys(const std::string& prefix, size_t limit) {
        (void)prefix, (void)limit;
        return {};
    }
    // The keys starting with `prefix` this store still holds at the epoch it claimed (the others
    // were taken over meanwhile). Throws std::runtime_error when the database cannot be reached.
    virtual std::vector<std::string> held_keys(const std::string& prefix) { (void)prefix; return {}; }
};

}  // namespace hexhall::server
