#include "games/catan/protocol/view_stream.hpp"

#include "games/catan/protocol/view_text.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <openssl/evp.h>

namespace hexhall::protocol {
using namespace hexhall::catan;

struct ViewCache::Ctx {
    EVP_MD_CTX* prefix = EVP_MD_CTX_new();
    EVP_MD_CTX* work = EVP_MD_CTX_new();
    Ctx() {
        if (!prefix || !work) throw std::bad_alloc();
    }
    ~Ctx() {
        EVP_MD_CTX_free(prefix);
        EVP_MD_CTX_free(work);
    }
    Ctx(const Ctx&) = delete;
    Ctx& operator=(const Ctx&) = delete;
};

ViewCache::ViewCache() : ctx_(std::make_unique<Ctx>()) {}
ViewCache::~ViewCache() = default;

namespace {
static_assert(std::has_unique_object_representations_v<Event>, "Event is compared bytewise");

bool same_events(const std::vector<Event>& a, const EventList& b, size_t first) {
    const size_t n = b.size() - first;
    return a.size() == n && (n == 0 || std::memcmp(a.data(), b.data() + first, n * sizeof(Event)) == 0);
}

// The memo entry of events_json(events, seat, first) in the cache (per set of visible events), or
// nullptr when the events are too many to memoise (more than 64).
}  // namespace

ViewCache::Events* ViewStream::cached_events(ViewCache& cache, const EventList& events, int seat, size_t first) {
    std::vector<Event>& memo_events = cache.events_;
    std::vector<ViewCache::Events>& memo = cache.events_json_;
    const size_t n = events.size() - first;
    if (n > 64) return nullptr;
    if (!same_events(memo_events, events, first)) {
        memo_events.assign(events.begin() + static_cast<std::ptrdiff_t>(first), events.end());
        memo.clear();
    }
    uint64_t mask = 0;
    for (size_t i = 0; i < n; ++i)
        if (visible_to(memo_events[i], seat)) mask |= uint64_t{1} << i;
    for (ViewCache::Events& e : memo)
        if (e.mask == mask) return &e;
    json a = json::array();
    for (size_t i = 0; i < n; ++i)
        if (mask >> i & 1) a.push_back(event_json(memo_events[i]));
    memo.push_back(ViewCache::Events{mask, std::move(a), {}, false});
    return &memo.back();
}

json ViewStream::events_for(ViewCache* cache, const EventList& events, size_t first) const {
    if (first >= events.size()) return json::array();
    if (cache)
        if (ViewCache::Events* e = cached_events(*cache, events, seat_, first)) return e->value;
    return events_json(events, seat_, first);
}

void ViewStream::append_events_text(std::string& out, ViewCache* cache, const EventList& events, size_t first) const {
    if (first >= events.size()) return out.append("[]"), void();
    if (cache)
        if (ViewCache::Events* e = cached_events(*cache, events, seat_, first)) {
            if (!e->has_text) {
                e->text = e->value.dump();
                e->has_text = true;
            }
            out.append(e->text);
            return;
        }
    out.append(events_json(events, seat_, first).dump());
}

namespace {

// Everything legal_json reads besides the action list.
std::array<uint8_t, 4 + kResourceTypes> legal_flags(const LegalActions& la) {
    std::array<uint8_t, 4 + kResourceTypes> f{la.discard, la.offer_trade, la.counter_offer, la.bank_trade_bundles};
    for (int i = 0; i < kResourceTypes; ++i) f[size_t(4 + i)] = la.bank_rate[i];
    return f;
}

// Scratch for legal_actions(): one per thread instead of 4 KiB in every stream.
LegalActions& legal_scratch() {
    thread_local LegalActions la;
    return la;
}

void append_op_text(std::string& out, const std::string& text) {
    if (text.empty()) return;
    if (!out.empty()) out.push_back(',');
    out.append(text);
}

void check(int ok) {
    if (ok != 1) throw std::runtime_error("OpenSSL SHA-256 failed");
}
}  // namespace

ViewStream::ViewStream(int seat, uint64_t version, bool include_legal)
    : seat_(seat), version_(version), include_legal_(include_legal && seat >= 0) {}

namespace {
// The section and player texts last built by rebuild_all on this thread: the streams of a game take
// their snapshots one after another, so they share one immutable text per equal section instead of
// holding five copies (memory per room). A pure memo keyed by the section values.
struct SnapshotMemo {
    struct Entry {
        bool valid = false;
        SeatView view{};
        std::shared_ptr<const std::string> text;
    };
    struct PlayerEntry {
        bool valid = false;
        PlayerView player{};
        std::shared_ptr<const std::string> text;
    };
    std::array<Entry, kViewSections> section;
    std::array<PlayerEntry, kMaxPlayers> player;
};
SnapshotMemo& snapshot_memo() {
    thread_local SnapshotMemo m;
    return m;
}

std::shared_ptr<const std::string> section_text(ViewSection s, const SeatView& v) {
    std::string t;
    append_section_text(t, s, v);
    return std::make_shared<const std::string>(std::move(t));
}
std::shared_ptr<const std::string> player_text(const PlayerView& p, int index) {
    std::string t;
    append_player_text(t, p, index);
    return std::make_shared<const std::string>(std::move(t));
}
}  // namespace

void ViewStream::rebuild_all(const SeatView& v) {
    SnapshotMemo& memo = snapshot_memo();
    for (int i = 0; i < kViewSections; ++i) {
        const auto s = static_cast<ViewSection>(i);
        if (s == ViewSection::Players) continue;
        SnapshotMemo::Entry& e = memo.section[i];
        if (!(e.valid && section_equal(s, e.view, v))) {
            e.valid = false;
            e.text = section_text(s, v);
            e.view = v;
            e.valid = true;
        }
        text_[i] = e.text;
    }
    for (int p = 0; p < v.players; ++p) {
        SnapshotMemo::PlayerEntry& e = memo.player[p];
        if (!(e.valid && e.player == v.player[p])) {
            e.valid = false;
            e.text = player_text(v.player[p], p);
            e.player = v.player[p];
            e.valid = true;
        }
        player_text_[p] = e.text;
    }
    last_ = v;
    update_digest();
}

// The canonical text of the whole view is assembled from the cached section texts: the sections are
// declared in sorted key order, so this is exactly view().dump(). It is split before "players": the
// prefix ("{" and the sections before "players", each followed by ",") and the rest.
void ViewStream::append_sections(std::string& out, int from, int to) const {
    for (int i = from; i < to; ++i) {
        const auto s = static_cast<ViewSection>(i);
        if (i > from && s != ViewSection::Players) out.push_back(',');
        out.push_back('"');
        out.append(section_key(s));
        out.append("\":");
        if (s == ViewSection::Players) {
            out.push_back('[');
            for (int p = 0; p < last_.players; ++p) {
                if (p) out.push_back(',');
                out.append(*player_text_[p]);
            }
            out.push_back(']');
        } else {
            out.append(*text_[i]);
        }
        if (i + 1 == static_cast<int>(ViewSection::Players)) out.push_back(',');
    }
}

void ViewStream::update_digest(ViewCache* cache) {
    constexpr int kP = static_cast<int>(ViewSection::Players);
    static_assert(kP > 0);
    // Scratch for the canonical text (one per thread rather than a few KiB kept in every stream).
    thread_local std::string canonical_;
    canonical_.clear();
    if (!cache) {
        canonical_.push_back('{');
        append_sections(canonical_, 0, kP);
        append_sections(canonical_, kP, kViewSections);
        canonical_.push_back('}');
        digest_ = sha256_hex(canonical_);
        return;
    }
    // The same bytes hashed the same way: SHA-256 state after the shared prefix, then the rest.
    ViewCache::Ctx& c = *cache->ctx_;
    bool same_texts = true;
    for (int i = 0; i < kP && same_texts; ++i) same_texts = cache->prefix_text_[i] == text_[i];
    if (!same_texts) {
        canonical_.push_back('{');
        append_sections(canonical_, 0, kP);
        if (cache->prefix_ != canonical_) {
            check(EVP_DigestInit_ex(c.prefix, EVP_sha256(), nullptr));
            check(EVP_DigestUpdate(c.prefix, canonical_.data(), canonical_.size()));
            cache->prefix_ = canonical_;
        }
        for (int i = 0; i < kP; ++i) cache->prefix_text_[i] = text_[i];
        canonical_.clear();
    }
    append_sections(canonical_, kP, kViewSections);
    canonical_.push_back('}');
    check(EVP_MD_CTX_copy_ex(c.work, c.prefix));
    check(EVP_DigestUpdate(c.work, canonical_.data(), canonical_.size()));
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    check(EVP_DigestFinal_ex(c.work, md, &len));
    static const char* hex = "0123456789abcdef";
    digest_.resize(2 * len);
    for (unsigned i = 0; i < len; ++i) {
        digest_[2 * i] = hex[md[i] >> 4];
        digest_[2 * i + 1] = hex[md[i] & 15];
    }
}

// The stream's current view: its canonical text, parsed.
json ViewStream::view() const {
    std::string t = "{";
    append_sections(t, 0, kViewSections);
    t.push_back('}');
    return json::parse(t);
}

std::optional<json> ViewStream::legal(const GameState& s) {
    if (!include_legal_) return std::nullopt;
    LegalActions& la = legal_scratch();
    legal_actions(s, seat_, la);
    return legal_json(la);
}

json ViewStream::snapshot(const GameState& s, std::optional<int64_t> reply_to) {
    rebuild_all(make_view(s, seat_));
    started_ = true;
    return snapshot_message(version_, view(), legal(s), digest_, reply_to);
}

// Moves the stream to s's view (version + 1). After a rebuild (the first patch, or a new player
// count) whole() gives the ops; otherwise section(i, v) for each changed section but the players and
// player(p, v) for each changed player, while last_ is still the old view. Then the digest.
template <class Whole, class Section, class Player>
void ViewStream::advance(const GameState& s, ViewCache* cache, Whole&& whole, Section&& section, Player&& player) {
    const SeatView v = make_view(s, seat_);
    if (!started_ || v.players != last_.players) {
        rebuild_all(v);
        whole();
    } else {
        bool changed = false;
        for (int i = 0; i < kViewSections; ++i) {
            const auto sec = static_cast<ViewSection>(i);
            if (section_equal(sec, last_, v)) continue;
            changed = true;
            if (sec != ViewSection::Players) {
                section(i, v);
                continue;
            }
            for (int p = 0; p < v.players; ++p)
                if (!(v.player[p] == last_.player[p])) player(p, v);
        }
        last_ = v;
        if (changed) update_digest(cache);
    }
    started_ = true;
    ++version_;
}

// The reference: each changed section (and player) as JSON, diffed by json::diff.
void ViewStream::advance_json(const GameState& s, json& ops) {
    auto append = [&ops](json&& list) {
        for (json& op : list) ops.push_back(std::move(op));
    };
    advance(
        s, nullptr, [&] { ops.push_back(json{{"op", "replace"}, {"path", ""}, {"value", view()}}); },
        [&](int i, const SeatView& v) {
            const auto sec = static_cast<ViewSection>(i);
            const json b = section_json(sec, v);
            append(json::diff(section_json(sec, last_), b, std::string("/") + section_key(sec)));
            text_[i] = std::make_shared<const std::string>(b.dump());
        },
        [&](int p, const SeatView& v) {
            const json b = player_json(v.player[p], p);
            append(json::diff(player_json(last_.player[p], p), b, "/players/" + std::to_string(p)));
            player_text_[p] = std::make_shared<const std::string>(b.dump());
        });
}

// The same ops as text, from the typed writers; a changed section's text and ops are shared through the
// cache by the streams that see the same change.
void ViewStream::advance_text(const GameState& s, ViewCache* cache, std::string& ops) {
    auto whole = [&] {
        append_op_text(ops, "{\"op\":\"replace\",\"path\":\"\",\"value\":{");
        append_sections(ops, 0, kViewSections);
        ops.append("}}");
    };
    auto section = [&](int i, const SeatView& v) {
        const auto sec = static_cast<ViewSection>(i);
        if (!cache) {
            append_section_ops(ops, sec, last_, v);
            text_[i] = section_text(sec, v);
            return;
        }
        ViewCache::Section& e = cache->section_[i];
        if (!(e.valid && section_equal(sec, e.from, last_) && section_equal(sec, e.to, v))) {
            e.valid = false;
            e.ops_text.clear();
            append_section_ops(e.ops_text, sec, last_, v);
            e.text = section_text(sec, v);
            e.from = last_;
            e.to = v;
            e.valid = true;
        }
        append_op_text(ops, e.ops_text);
        text_[i] = e.text;
    };
    auto player = [&](int p, const SeatView& v) {
        const PlayerView& from = last_.player[p];
        const PlayerView& to = v.player[p];
        if (!cache) {
            append_player_ops(ops, from, to, p);
            player_text_[p] = player_text(to, p);
            return;
        }
        ViewCache::Player* e = nullptr;
        for (ViewCache::Player& slot : cache->player_[p])
            if (slot.valid && slot.from == from && slot.to == to) e = &slot;
        if (!e) {
            int& next = cache->next_slot_[p];
            e = &cache->player_[p][next];
            next = (next + 1) % ViewCache::kPlayerSlots;
            e->valid = false;
            e->ops_text.clear();
            append_player_ops(e->ops_text, from, to, p);
            e->text = player_text(to, p);
            e->from = from;
            e->to = to;
            e->valid = true;
        }
        append_op_text(ops, e->ops_text);
        player_text_[p] = e->text;
    };
    advance(s, cache, whole, section, player);
}

json ViewStream::patch(const GameState& s, const EventList& events, size_t first, ViewCache* cache) {
    json ops = json::array();
    advance_json(s, ops);
    return patch_message(version_ - 1, version_, std::move(ops), events_for(cache, events, first), legal(s),
                         digest_);
}

// patch_message(...).dump() assembled directly: the members in key order, as json's std::map dumps them.
std::string ViewStream::patch_text(const GameState& s, const EventList& events, size_t first, ViewCache* cache,
                                   std::string_view clock) {
    std::string ops;
    advance_text(s, cache, ops);
    std::string out;
    out.reserve(ops.size() + 512);
    out.append("{\"");
    out.append(kGame);
    out.append("\":{\"events\":");
    append_events_text(out, cache, events, first);
    if (include_legal_) {
        out.append(",\"legal\":");
        LegalActions& la = legal_scratch();
        legal_actions(s, seat_, la);
        const auto flags = legal_flags(la);
        if (!legal_text_valid_ || flags != legal_flags_ ||
            !std::equal(la.begin(), la.end(), legal_list_.begin(), legal_list_.end())) {
            legal_text_ = legal_json(la).dump();
            legal_list_.assign(la.begin(), la.end());
            legal_flags_ = flags;
            legal_text_valid_ = true;
        }
        out.append(legal_text_);
    }
    out.push_back('}');
    if (!clock.empty()) {
        out.append(",\"clock\":");
        out.append(clock);
    }
    out.append(",\"digest\":\"");
    out.append(digest_);
    out.append("\",\"from\":");
    out.append(std::to_string(version_ - 1));
    out.append(",\"game\":\"");
    out.append(kGame);
    out.append("\",\"ops\":[");
    out.append(ops);
    out.append("],\"to\":");
    out.append(std::to_string(version_));
    out.append(",\"type\":\"patch\",\"v\":");
    out.append(std::to_string(kProtocolVersion));
    out.push_back('}');
    return out;
}

}  // namespace hexhall::protocol
