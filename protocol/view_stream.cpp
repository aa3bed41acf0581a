#include "protocol/view_stream.hpp"

#include <cstring>
#include <new>
#include <stdexcept>
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

void check(int ok) {
    if (ok != 1) throw std::runtime_error("OpenSSL SHA-256 failed");
}
}  // namespace

ViewStream::ViewStream(int seat, uint64_t version, bool include_legal)
    : seat_(seat), version_(version), include_legal_(include_legal && seat >= 0) {}

void ViewStream::rebuild_all(const SeatView& v) {
    for (int i = 0; i < kViewSections; ++i) {
        const auto s = static_cast<ViewSection>(i);
        if (s == ViewSection::Players) continue;
        section_[i] = std::make_shared<const json>(section_json(s, v));
        text_[i] = std::make_shared<const std::string>(section_[i]->dump());
    }
    for (int p = 0; p < v.players; ++p) {
        players_[p] = std::make_shared<const json>(player_json(v.player[p], p));
        player_text_[p] = std::make_shared<const std::string>(players_[p]->dump());
    }
    last_ = v;
    update_digest();
}

// The canonical text of the whole view is assembled from the cached section texts: the sections are
// declared in sorted key order, so this is exactly view().dump().
void ViewStream::update_digest(ViewCache* cache) {
    canonical_.clear();
    canonical_.push_back('{');
    size_t players_at = 0;  // where the "players" key starts
    for (int i = 0; i < kViewSections; ++i) {
        if (i) canonical_.push_back(',');
        if (static_cast<ViewSection>(i) == ViewSection::Players) players_at = canonical_.size();
        canonical_.push_back('"');
        canonical_.append(section_key(static_cast<ViewSection>(i)));
        canonical_.append("\":");
        if (static_cast<ViewSection>(i) == ViewSection::Players) {
            canonical_.push_back('[');
            for (int p = 0; p < last_.players; ++p) {
                if (p) canonical_.push_back(',');
                canonical_.append(*player_text_[p]);
            }
            canonical_.push_back(']');
        } else {
            canonical_.append(*text_[i]);
        }
    }
    canonical_.push_back('}');
    if (!cache) {
        digest_ = sha256_hex(canonical_);
        return;
    }
    // The same bytes hashed the same way: SHA-256 state after the shared prefix, then the rest.
    ViewCache::Ctx& c = *cache->ctx_;
    if (cache->prefix_.size() != players_at || std::memcmp(cache->prefix_.data(), canonical_.data(), players_at)) {
        check(EVP_DigestInit_ex(c.prefix, EVP_sha256(), nullptr));
        check(EVP_DigestUpdate(c.prefix, canonical_.data(), players_at));
        cache->prefix_.assign(canonical_, 0, players_at);
    }
    check(EVP_MD_CTX_copy_ex(c.work, c.prefix));
    check(EVP_DigestUpdate(c.work, canonical_.data() + players_at, canonical_.size() - players_at));
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
    legal_actions(s, seat_, la_);
    return legal_json(la_);
}

json ViewStream::snapshot(const GameState& s, std::optional<int64_t> reply_to) {
    rebuild_all(make_view(s, seat_));
    started_ = true;
    return snapshot_message(version_, view(), legal(s), digest_, reply_to);
}

json ViewStream::patch(const GameState& s, const EventList& events, size_t first, ViewCache* cache) {
    const SeatView v = make_view(s, seat_);
    json ops = json::array();
    if (!started_ || v.players != last_.players) {
        rebuild_all(v);
        ops.push_back(json{{"op", "replace"}, {"path", ""}, {"value", view()}});
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
                            e->text = std::make_shared<const std::string>(e->value->dump());
                            e->from = last_.player[p];
                            e->to = v.player[p];
                            e->valid = true;
                        }
                        for (const json& op : e->ops) ops.push_back(op);
                        players_[p] = e->value;
                        player_text_[p] = e->text;
                        continue;
                    }
                    auto nj = std::make_shared<const json>(player_json(v.player[p], p));
                    diff_into(*players_[p], *nj, "/players/" + std::to_string(p), ops);
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
                    e.text = std::make_shared<const std::string>(e.value->dump());
                    e.from = last_;
                    e.to = v;
                    e.valid = true;
                }
                for (const json& op : e.ops) ops.push_back(op);
                section_[i] = e.value;
                text_[i] = e.text;
                continue;
            }
            auto nj = std::make_shared<const json>(section_json(sec, v));
            if (*nj == *section_[i]) continue;
            diff_into(*section_[i], *nj, std::string("/") + section_key(sec), ops);
            section_[i] = std::move(nj);
            text_[i] = std::make_shared<const std::string>(section_[i]->dump());
        }
        last_ = v;
        if (changed) update_digest(cache);
    }
    started_ = true;
    const uint64_t from = version_++;
    return patch_message(from, version_, std::move(ops), events_json(events, seat_, first), legal(s), digest_);
}

}  // namespace hexhall::protocol
