#include "protocol/view_stream.hpp"

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
std::string key_path(const std::string& path, const std::string& key) {
    std::string k;
    k.reserve(path.size() + key.size() + 1);
    k = path;
    k.push_back('/');
    for (char c : key) {
        if (c == '~') k.append("~0");
        else if (c == '/') k.append("~1");
        else k.push_back(c);
    }
    return k;
}

// Appends to `ops` exactly the ops of json::diff(a, b, path) (same algorithm and order) for a != b
// (the caller has checked), but walks objects' sorted members in one merge pass and skips equal
// members without building their paths, which json::diff does for every member.
void diff_unequal(const json& a, const json& b, const std::string& path, json& ops) {
    if (a.type() != b.type() || !(a.is_object() || a.is_array())) {
        // json::diff: a single replace of the whole value.
        ops.push_back(json{{"op", "replace"}, {"path", path}, {"value", b}});
        return;
    }
    if (!a.is_object()) {
        for (json& op : json::diff(a, b, path)) ops.push_back(std::move(op));
        return;
    }
    // Both objects: std::map, sorted by key. json::diff emits the ops of a's members in a's order
    // (recursive diffs and removes), then the adds of b's new members in b's order.
    const auto& ao = a.get_ref<const json::object_t&>();
    const auto& bo = b.get_ref<const json::object_t&>();
    auto ia = ao.begin(), ib = bo.begin();
    std::vector<json::object_t::const_iterator> adds;
    while (ia != ao.end() || ib != bo.end()) {
        if (ib == bo.end() || (ia != ao.end() && ia->first < ib->first)) {
            ops.push_back(json{{"op", "remove"}, {"path", key_path(path, ia->first)}});
            ++ia;
        } else if (ia == ao.end() || ib->first < ia->first) {
            adds.push_back(ib);
            ++ib;
        } else {
            if (ia->second != ib->second) diff_unequal(ia->second, ib->second, key_path(path, ia->first), ops);
            ++ia;
            ++ib;
        }
    }
    for (auto it : adds) ops.push_back(json{{"op", "add"}, {"path", key_path(path, it->first)}, {"value", it->second}});
}

void diff_into(const json& a, const json& b, const std::string& path, json& ops) {
    if (a != b) diff_unequal(a, b, path, ops);
}

json diff_ops(const json& a, const json& b, const std::string& path) {
    json ops = json::array();
    diff_into(a, b, path, ops);
    return ops;
}

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

// The ops dumped one by one and joined by ',': the text between the brackets of ops.dump().
std::string ops_text_of(const json& ops) {
    std::string t;
    for (const json& op : ops) {
        if (!t.empty()) t.push_back(',');
        t.append(op.dump());
    }
    return t;
}

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
// The sections (and players) last built by rebuild_all on this thread: the streams of a game take their
// snapshots one after another, so they share one immutable JSON value and text per equal section
// instead of holding five copies (memory per room). A pure memo keyed by the section values.
struct SnapshotMemo {
    struct Entry {
        bool valid = false;
        SeatView view{};
        std::shared_ptr<const json> value;
        std::shared_ptr<const std::string> text;
    };
    struct PlayerEntry {
        bool valid = false;
        PlayerView player{};
        std::shared_ptr<const json> value;
        std::shared_ptr<const std::string> text;
    };
    std::array<Entry, kViewSections> section;
    std::array<PlayerEntry, kMaxPlayers> player;
};
SnapshotMemo& snapshot_memo() {
    thread_local SnapshotMemo m;
    return m;
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
            e.value = std::make_shared<const json>(section_json(s, v));
            e.text = std::make_shared<const std::string>(e.value->dump());
            e.view = v;
            e.valid = true;
        }
        section_[i] = e.value;
        text_[i] = e.text;
    }
    for (int p = 0; p < v.players; ++p) {
        SnapshotMemo::PlayerEntry& e = memo.player[p];
        if (!(e.valid && e.player == v.player[p])) {
            e.valid = false;
            e.value = std::make_shared<const json>(player_json(v.player[p], p));
            e.text = std::make_shared<const std::string>(e.value->dump());
            e.player = v.player[p];
            e.valid = true;
        }
        players_[p] = e.value;
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

json ViewStream::view() const {
    json o = json::object();
    for (int i = 0; i < kViewSections; ++i) {
        const auto s = static_cast<ViewSection>(i);
        if (s == ViewSection::Players) {
            json a = json::array();
            for (int p = 0; p < last_.players; ++p) a.push_back(*players_[p]);
            o[section_key(s)] = std::move(a);
        } else {
            o[section_key(s)] = *section_[i];
        }
    }
    return o;
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

void ViewStream::advance(const GameState& s, ViewCache* cache, json* ops, std::string* ops_text) {
    const SeatView v = make_view(s, seat_);
    // Emits one computed op list (the paths without a cache entry).
    auto emit = [&](json&& list) {
        if (ops) {
            for (json& op : list) ops->push_back(std::move(op));
        } else {
            append_op_text(*ops_text, ops_text_of(list));
        }
    };
    if (!started_ || v.players != last_.players) {
        rebuild_all(v);
        json list = json::array();
        list.push_back(json{{"op", "replace"}, {"path", ""}, {"value", view()}});
        emit(std::move(list));
    } else {
        bool changed = false;
        for (int i = 0; i < kViewSections; ++i) {
            const auto sec = static_cast<ViewSection>(i);
            if (section_equal(sec, last_, v)) continue;
            changed = true;
            if (sec == ViewSection::Players) {
                for (int p = 0; p < v.players; ++p) {
                    if (v.player[p] == last_.player[p]) continue;
                    if (cache) {
                        ViewCache::Player* e = nullptr;
                        for (ViewCache::Player& slot : cache->player_[p])
                            if (slot.valid && slot.from == last_.player[p] && slot.to == v.player[p]) e = &slot;
                        if (!e) {
                            int& next = cache->next_slot_[p];
                            e = &cache->player_[p][next];
                            next = (next + 1) % ViewCache::kPlayerSlots;
                            e->valid = false;
                            e->value = std::make_shared<const json>(player_json(v.player[p], p));
                            e->ops = diff_ops(*players_[p], *e->value, "/players/" + std::to_string(p));
                            e->has_ops_text = false;
                            e->text = std::make_shared<const std::string>(e->value->dump());
                            e->from = last_.player[p];
                            e->to = v.player[p];
                            e->valid = true;
                        }
                        if (ops) {
                            for (const json& op : e->ops) ops->push_back(op);
                        } else {
                            if (!e->has_ops_text) {
                                e->ops_text = ops_text_of(e->ops);
                                e->has_ops_text = true;
                            }
                            append_op_text(*ops_text, e->ops_text);
                        }
                        players_[p] = e->value;
                        player_text_[p] = e->text;
                        continue;
                    }
                    auto nj = std::make_shared<const json>(player_json(v.player[p], p));
                    emit(diff_ops(*players_[p], *nj, "/players/" + std::to_string(p)));
                    players_[p] = std::move(nj);
                    player_text_[p] = std::make_shared<const std::string>(players_[p]->dump());
                }
                continue;
            }
            if (cache) {
                ViewCache::Section& e = cache->section_[i];
                if (!(e.valid && section_equal(sec, e.from, last_) && section_equal(sec, e.to, v))) {
                    e.valid = false;
                    e.value = std::make_shared<const json>(section_json(sec, v));
                    e.ops = diff_ops(*section_[i], *e.value, std::string("/") + section_key(sec));
                    e.has_ops_text = false;
                    e.text = std::make_shared<const std::string>(e.value->dump());
                    e.from = last_;
                    e.to = v;
                    e.valid = true;
                }
                if (ops) {
                    for (const json& op : e.ops) ops->push_back(op);
                } else {
                    if (!e.has_ops_text) {
                        e.ops_text = ops_text_of(e.ops);
                        e.has_ops_text = true;
                    }
                    append_op_text(*ops_text, e.ops_text);
                }
                section_[i] = e.value;
                text_[i] = e.text;
                continue;
            }
            auto nj = std::make_shared<const json>(section_json(sec, v));
            if (*nj == *section_[i]) continue;
            emit(diff_ops(*section_[i], *nj, std::string("/") + section_key(sec)));
            section_[i] = std::move(nj);
            text_[i] = std::make_shared<const std::string>(section_[i]->dump());
        }
        last_ = v;
        if (changed) update_digest(cache);
    }
    started_ = true;
    ++version_;
}

json ViewStream::patch(const GameState& s, const EventList& events, size_t first, ViewCache* cache) {
    json ops = json::array();
    advance(s, cache, &ops, nullptr);
    return patch_message(version_ - 1, version_, std::move(ops), events_for(cache, events, first), legal(s),
                         digest_);
}

// patch_message(...).dump() assembled directly: the members in key order, as json's std::map dumps them.
std::string ViewStream::patch_text(const GameState& s, const EventList& events, size_t first, ViewCache* cache,
                                   std::string_view clock) {
    std::string ops;
    advance(s, cache, nullptr, &ops);
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
