// One seat's (or the spectator's) stream of views: a snapshot, then one patch per engine action.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/catan/protocol/catan_messages.hpp"

namespace hexhall::protocol {

// Work shared by the streams of one game (4 seats + spectator). Pass the same ViewCache to every
// stream's patch_text() (and patch(), for its events) after an action: a changed section whose old and
// new values equal those another stream already computed (the public sections, and the public fields
// of other players) reuses that stream's text and ops, and the SHA-256 state after the canonical
// text's prefix up to "players" (identical for all streams when the public sections are) is hashed
// once. It is a pure memo keyed by the section values, so output is byte-identical with or without
// it, whatever the order or mix of streams that use it. Not thread-safe: one cache per game thread.
class ViewCache {
public:
    ViewCache();
    ~ViewCache();
    ViewCache(const ViewCache&) = delete;
    ViewCache& operator=(const ViewCache&) = delete;

private:
    friend class ViewStream;
    // A changed section (or player) between two values: the ops (dumped, joined by ',') and the new
    // value's canonical text, written by the typed writers of view_text.hpp.
    struct Section {
        bool valid = false;
        catan::SeatView from{}, to{};
        std::string ops_text;
        std::shared_ptr<const std::string> text;
    };
    struct Player {
        bool valid = false;
        catan::PlayerView from{}, to{};
        std::string ops_text;
        std::shared_ptr<const std::string> text;
    };
    static constexpr int kPlayerSlots = 2;  // a player's known (own seat) and unknown variants
    std::array<Section, kViewSections> section_;
    std::array<std::array<Player, kPlayerSlots>, catan::kMaxPlayers> player_;
    std::array<int, catan::kMaxPlayers> next_slot_{};
    std::string prefix_;  // canonical text before "players" whose hash state is prefix_ctx_
    // The (immutable, shared) section texts prefix_ was last assembled from: a stream holding the
    // same texts has the same prefix bytes, so it skips assembling and comparing them.
    std::array<std::shared_ptr<const std::string>, kViewSections> prefix_text_{};
    // Events memo: the events last passed to patch() (from `first` on) and, per set of visible
    // events (bit i: events_[i] visible), the JSON array of those events (and its text, made on demand).
    struct Events {
        uint64_t mask = 0;
        json value;
        std::string text;
        bool has_text = false;
    };
    std::vector<catan::Event> events_;
    std::vector<Events> events_json_;
    struct Ctx;
    std::unique_ptr<Ctx> ctx_;
};

class ViewStream {
public:
    // seat: 0..3, or catan::kSpectator. version: the game's action count when the stream starts.
    explicit ViewStream(int seat, uint64_t version = 0, bool include_legal = true);

    // Sets the stream to the state's view and returns the snapshot message (echoing reply_to).
    json snapshot(const catan::GameState& s, std::optional<int64_t> reply_to = std::nullopt);
    // After one engine action on `s`: the patch from the previous view to the new one, with the events
    // (of events[first..]) this seat may see. The stream must have produced a snapshot first.
    // `cache`: optional memo shared by the streams of the same game (see ViewCache).
    json patch(const catan::GameState& s, const catan::EventList& events, size_t first = 0,
               ViewCache* cache = nullptr);
    // The same patch message as text: byte-identical to patch(s, events, first, cache).dump(). patch()
    // builds JSON values and diffs them with json::diff (the reference); patch_text writes the changed
    // sections' text and ops directly from the engine's view (view_text.hpp), shared through the cache.
    // clock: when not empty, the JSON text of an envelope "clock" member (outside the view and the
    // digest), inserted in key order as json's dump would place it.
    std::string patch_text(const catan::GameState& s, const catan::EventList& events, size_t first = 0,
                           ViewCache* cache = nullptr, std::string_view clock = {});

    // The events this stream may see (events[first..]) as a JSON array's text appended to `out`
    // (memoised per set of visible events in `cache`): the room's history of what each seat saw.
    void append_events_text(std::string& out, ViewCache* cache, const catan::EventList& events, size_t first) const;

    int seat() const { return seat_; }
    uint64_t version() const { return version_; }
    const std::string& digest() const { return digest_; }
    // The current view as one JSON object (assembled; for tests and tools).
    json view() const;

private:
    void rebuild_all(const catan::SeatView& v);
    template <class Whole, class Section, class Player>
    void advance(const catan::GameState& s, ViewCache* cache, Whole&& whole, Section&& section, Player&& player);
    // Moves the stream to s's view (version + 1). advance_json appends the ops as JSON computed by
    // json::diff; advance_text appends them as text (dumps joined by ',') from the typed writers.
    void advance_json(const catan::GameState& s, json& ops);
    void advance_text(const catan::GameState& s, ViewCache* cache, std::string& ops);
    void update_digest(ViewCache* cache = nullptr);
    // The events this stream may see (events[first..]) as JSON / appended as text, memoised in the
    // cache per set of visible events when a cache is given.
    json events_for(ViewCache* cache, const catan::EventList& events, size_t first) const;
    static ViewCache::Events* cached_events(ViewCache& cache, const catan::EventList& events, int seat, size_t first);
    void append_sections(std::string& out, int from, int to) const;
    std::optional<json> legal(const catan::GameState& s);

    int seat_;
    uint64_t version_;
    bool include_legal_;
    bool started_ = false;
    catan::SeatView last_{};
    // The canonical text of each section and of each player: immutable once built, so that streams
    // sharing a ViewCache (or taking their snapshots together) share them instead of copying.
    std::array<std::shared_ptr<const std::string>, catan::kMaxPlayers> player_text_;
    std::array<std::shared_ptr<const std::string>, kViewSections> text_;
    std::string digest_;
    // patch_text: the legal actions whose text is legal_text_ (a seat's legal actions rarely change
    // while others play, so the text is reused until they do). Kept compact (the actions only, not a
    // 4 KiB LegalActions per stream): memory per room matters on a server.
    std::vector<catan::Action> legal_list_;
    std::array<uint8_t, 4 + catan::kResourceTypes> legal_flags_{};
    std::string legal_text_;
    bool legal_text_valid_ = false;
};

}  // namespace hexhall::protocol
