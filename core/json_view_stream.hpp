// One seat's (or the spectators') stream of views for any game whose views are JSON: a snapshot, then
// one RFC 6902 patch per action (core/json_diff.hpp: json::diff's operations), each with the SHA-256
// digest of the canonical new view (core/envelope.hpp) so a client can check that patch ∘ snapshot
// is what the server holds.
//
// Streams that show everybody the same view (GameType::same_view) share it: one Step per action
// (the new view, its patch from the view they all hold, its digest) is computed once and handed to
// each, and they all keep that one view, not a copy each. Parts of the view may be held apart from
// what a stream keeps and diffs (decision 036): the members fixed for the game (GameRules::fixed_view),
// held once per game, and the members every viewer shares (GameRules::common_view), diffed and
// written once per action; a stream then keeps and diffs only the viewer's own members.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/envelope.hpp"
#include "core/json_diff.hpp"

namespace hexhall::core {

// An object's members, each key with its value written as canonical() would, in key order.
using MemberTexts = std::vector<std::pair<std::string, std::string>>;
MemberTexts member_texts(const json& object);
// canonical() of the object made of the parts' members (no member in two parts; null parts are
// skipped), written from the parts.
std::string canonical_of_parts(std::initializer_list<const MemberTexts*> parts);

// The members every view of a game has and keeps (GameRules::fixed_view): held once per game, left
// out of the views streams hold and diff, put back into snapshots and digests.
struct FixedMembers {
    json members;  // an object
    MemberTexts texts;
};
// Null when `members` is empty.
std::shared_ptr<const FixedMembers> make_fixed_members(json members);
// canonical() of `changing` (an object) with the fixed members put in, written without the copy.
std::string canonical_with(const json& changing, const FixedMembers& fixed);

// The members every viewer's view shares at one version (GameRules::common_view), with their
// canonical texts and the operations from the previous version's, each computed once for all.
struct CommonMembers {
    json members;  // an object
    MemberTexts texts;
    std::vector<MemberOps> ops;  // from the previous CommonMembers (none for the first)
};
std::shared_ptr<const CommonMembers> make_common_members(const CommonMembers* previous, json members);

class JsonViewStream {
public:
    // game: the payload key. version: the game's action count when the stream starts. fixed: the
    // members the views it is given leave out (null: none).
    JsonViewStream(std::string game, int seat, uint64_t version = 0, std::shared_ptr<const FixedMembers> fixed = nullptr);

    // Sets the stream to `view` and returns the snapshot message (echoing reply_to). common: the
    // current common members, when the views the stream is given leave them out.
    json snapshot(json view, std::optional<json> legal, std::optional<int64_t> reply_to = std::nullopt,
                  std::shared_ptr<const CommonMembers> common = nullptr);
    // The snapshot message of the view the stream holds (it must hold the game's current view).
    json snapshot_held(std::optional<json> legal, std::optional<int64_t> reply_to = std::nullopt) const;
    // Sets the stream to `view` at `version` without a message (after a restore).
    void rebase(json view, uint64_t version, std::shared_ptr<const CommonMembers> common = nullptr);

    // One action's new view, diffed from what `from` holds and digested: for that stream, or once for
    // every stream that holds the same view as `from`. With `common` (the new common members, made
    // from those `from` holds), `view` is the viewer's own members.
    struct Step {
        std::shared_ptr<const json> view;
        std::shared_ptr<const CommonMembers> common;
        std::string ops;  // the RFC 6902 operations, written as text (make_text)
        std::string digest;
    };
    static Step step(const JsonViewStream& from, json view, std::shared_ptr<const CommonMembers> common = nullptr);
    // After one action: the patch message of a Step (version + 1) as text, with the viewer's events,
    // legal actions (none for spectators) and clock (none without one) already written as text
    // (core::patch_message_text). The stream then holds the Step's view (shared). The stream must
    // have a view first (snapshot or rebase).
    std::string patch_text(const Step& step, std::string_view events, const std::string* legal,
                           const std::string* clock);
    // Sets the stream to what `other` holds (the same view, shared; its digest and version).
    void rebase(const JsonViewStream& other);
    // Lets the view go (nobody follows the stream); rebase() or snapshot() before the next patch.
    void forget();

    int seat() const { return seat_; }
    uint64_t version() const { return version_; }
    const std::string& digest() const { return digest_; }
    const json& view() const { return *view_; }

private:
    std::string digest_of(const json& view, const CommonMembers* common) const;
    std::string game_;
    std::shared_ptr<const FixedMembers> fixed_;
    int seat_;
    uint64_t version_;
    std::shared_ptr<const json> view_ = std::make_shared<const json>();
    std::shared_ptr<const CommonMembers> common_;  // null: the view is whole (but for fixed_)
    std::string digest_;
};

}  // namespace hexhall::core
