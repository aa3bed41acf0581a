#include "protocol/view_stream.hpp"

namespace hexhall::protocol {
using namespace hexhall::catan;

ViewStream::ViewStream(int seat, uint64_t version, bool include_legal)
    : seat_(seat), version_(version), include_legal_(include_legal && seat >= 0) {}

void ViewStream::rebuild_all(const SeatView& v) {
    for (int i = 0; i < kViewSections; ++i) {
        const auto s = static_cast<ViewSection>(i);
        if (s == ViewSection::Players) continue;
        section_[i] = section_json(s, v);
        text_[i] = section_[i].dump();
    }
    for (int p = 0; p < v.players; ++p) {
        players_[p] = player_json(v.player[p], p);
        player_text_[p] = players_[p].dump();
    }
    last_ = v;
    update_digest();
}

// The canonical text of the whole view is assembled from the cached section texts: the sections are
// declared in sorted key order, so this is exactly view().dump().
void ViewStream::update_digest() {
    canonical_.clear();
    canonical_.push_back('{');
    for (int i = 0; i < kViewSections; ++i) {
        if (i) canonical_.push_back(',');
        canonical_.push_back('"');
        canonical_.append(section_key(static_cast<ViewSection>(i)));
        canonical_.append("\":");
        if (static_cast<ViewSection>(i) == ViewSection::Players) {
            canonical_.push_back('[');
            for (int p = 0; p < last_.players; ++p) {
                if (p) canonical_.push_back(',');
                canonical_.append(player_text_[p]);
            }
            canonical_.push_back(']');
        } else {
            canonical_.append(text_[i]);
        }
    }
    canonical_.push_back('}');
    digest_ = sha256_hex(canonical_);
}

json ViewStream::view() const {
    json o = json::object();
    for (int i = 0; i < kViewSections; ++i) {
        const auto s = static_cast<ViewSection>(i);
        if (s == ViewSection::Players) {
            json a = json::array();
            for (int p = 0; p < last_.players; ++p) a.push_back(players_[p]);
            o[section_key(s)] = std::move(a);
        } else {
            o[section_key(s)] = section_[i];
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

json ViewStream::patch(const GameState& s, const EventList& events, size_t first) {
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
                    json nj = player_json(v.player[p], p);
                    for (json& op : json::diff(players_[p], nj, "/players/" + std::to_string(p)))
                        ops.push_back(std::move(op));
                    players_[p] = std::move(nj);
                    player_text_[p] = players_[p].dump();
                }
                continue;
            }
            json nj = section_json(sec, v);
            if (nj == section_[i]) continue;
            for (json& op : json::diff(section_[i], nj, std::string("/") + section_key(sec))) ops.push_back(std::move(op));
            section_[i] = std::move(nj);
            text_[i] = section_[i].dump();
        }
        last_ = v;
        if (changed) update_digest();
    }
    started_ = true;
    const uint64_t from = version_++;
    return patch_message(from, version_, std::move(ops), events_json(events, seat_, first), legal(s), digest_);
}

}  // namespace hexhall::protocol
