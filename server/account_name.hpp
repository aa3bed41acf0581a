// Account names (issue 29; docs/decisions/025-unicode-account-names.md): any script, unique after
// Unicode normalisation, case folding and look-alike folding, with ICU doing the Unicode work.
//
// A name is shown as its NFKC form (fullwidth "Ａｎｎ" is "Ann", "ﬁ" is "fi"; composed and decomposed
// "Zoë" are one). Its key, which must be unique, is the UTS #39 confusable skeleton of its
// NFKC-case-folded form, folded again, with the separators dropped and a few more ASCII look-alikes
// folded (i→l, 5→s, vv→w): "Ann", "ANN", "Ａｎｎ", "A.nn" and "Аnn" (Cyrillic А) have one key, and so
// do all-Cyrillic "Сосо" and Latin "Coco". Registration also refuses what the key cannot catch:
// invisible, control and direction-changing characters, and mixes of scripts that spoof (UTS #39
// "moderately restrictive": Latin with Cyrillic or Greek, for one).
#pragma once
#include <cstddef>
#include <string>

namespace hexhall::server {

inline constexpr size_t kMinAccountName = 3, kMaxAccountName = 20;  // characters (code points, NFKC)
inline constexpr size_t kMaxAccountNameBytes = 80;

struct NameCheck {
    bool ok = false;
    std::string name;   // set when ok: the name as shown and stored (NFKC)
    std::string key;    // set when ok: what must be unique
    std::string error;  // set when not ok: why, for the player
};
// Whether `name` may be registered, and as what.
NameCheck check_account_name(const std::string& name);

// The key of any name (a log-in, a player's page, a stored account's name when the rule changes):
// "" when it is not UTF-8 or longer than kMaxAccountNameBytes. Depends on ICU's Unicode data, so
// keys are recomputed at each start (AccountBook::load).
std::string account_name_key(const std::string& name);

// What a stored account whose key another, older account took keeps as its key (AccountBook::load):
// unique, never the key of a name, and found again by its key's prefix.
std::string collided_key(const std::string& key, const std::string& id);
inline constexpr char kCollidedMark = '#';

}  // namespace hexhall::server
