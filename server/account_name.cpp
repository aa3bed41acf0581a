#include "server/account_name.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>

namespace hexhall::server {

namespace {

bool separator(UChar32 c) { return c == ' ' || c == '_' || c == '-' || c == '.'; }

// The text as UTF-16, or nullopt when it is not UTF-8.
std::optional<icu::UnicodeString> from_utf8(const std::string& s) {
    UErrorCode e = U_ZERO_ERROR;
    int32_t length = 0;
    u_strFromUTF8(nullptr, 0, &length, s.data(), static_cast<int32_t>(s.size()), &e);
    if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e)) return std::nullopt;
    e = U_ZERO_ERROR;
    icu::UnicodeString out;
    UChar* buffer = out.getBuffer(length + 1);
    u_strFromUTF8(buffer, length + 1, nullptr, s.data(), static_cast<int32_t>(s.size()), &e);
    out.releaseBuffer(U_SUCCESS(e) ? length : 0);
    if (U_FAILURE(e)) return std::nullopt;
    return out;
}

std::string to_utf8(const icu::UnicodeString& u) {
    std::string out;
    u.toUTF8String(out);
    return out;
}

std::string code_point(UChar32 c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

const icu::Normalizer2& nfkc() {
    UErrorCode e = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(e);
    if (U_FAILURE(e) || !n) throw std::runtime_error(std::string("ICU: no NFKC: ") + u_errorName(e));
    return *n;
}
const icu::Normalizer2& nfkc_casefold() {
    UErrorCode e = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(e);
    if (U_FAILURE(e) || !n) throw std::runtime_error(std::string("ICU: no NFKC_Casefold: ") + u_errorName(e));
    return *n;
}

// The characters names may have beyond the separators: Unicode's recommended identifier characters
// (UTS #39 Identifier_Status=Allowed: modern scripts, no symbols, no obsolete or limited-use letters).
const USet* allowed_characters() {
    static const USet* set = [] {
        UErrorCode e = U_ZERO_ERROR;
        USet* s = uset_cloneAsThawed(uspoof_getRecommendedSet(&e));
        if (U_FAILURE(e)) throw std::runtime_error(std::string("ICU: no recommended set: ") + u_errorName(e));
        for (UChar32 c : {' ', '_', '-', '.'}) uset_add(s, c);
        uset_freeze(s);
        return s;
    }();
    return set;
}

// One checker for the process, configured once (ICU: a configured checker is thread-safe for checks
// and skeletons). Refuses spoofing script mixes, digits of mixed systems, stacked invisible marks
// and characters outside the allowed set.
const USpoofChecker* checker() {
    static const USpoofChecker* sc = [] {
        UErrorCode e = U_ZERO_ERROR;
        USpoofChecker* s = uspoof_open(&e);
        uspoof_setChecks(s, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS | USPOOF_INVISIBLE | USPOOF_CHAR_LIMIT, &e);
        uspoof_setRestrictionLevel(s, USPOOF_MODERATELY_RESTRICTIVE);
        uspoof_setAllowedChars(s, allowed_characters(), &e);
        if (U_FAILURE(e)) throw std::runtime_error(std::string("ICU: spoof checker: ") + u_errorName(e));
        return s;
    }();
    return sc;
}

const std::string& reserved_key() {
    static const std::string key = account_name_key("Deleted player");
    return key;
}

}  // namespace

std::string account_name_key(const std::string& name) {
    if (name.empty() || name.size() > 4 * kMaxAccountNameBytes) return "";
    const std::optional<icu::UnicodeString> u = from_utf8(name);
    if (!u) return "";
    UErrorCode e = U_ZERO_ERROR;
    // Case and compatibility forms folded (default-ignorables go), then the UTS #39 skeleton, whose
    // prototypes may be capitals ('0'→'O'), so folded again.
    icu::UnicodeString folded = nfkc_casefold().normalize(*u, e);
    icu::UnicodeString skeleton;
    uspoof_getSkeletonUnicodeString(checker(), 0, folded, skeleton, &e);
    folded = nfkc_casefold().normalize(skeleton, e);
    if (U_FAILURE(e)) return "";
    std::string k;
    for (char c : to_utf8(folded)) {
        if (separator(static_cast<unsigned char>(c)) || c == kCollidedMark) continue;
        if (c == 'i') c = 'l';  // ASCII look-alikes the skeleton keeps apart (decision 020's fold)
        if (c == '5') c = 's';
        k += c;
    }
    std::string key;
    for (size_t i = 0; i < k.size(); ++i) {
        if (k[i] == 'v' && i + 1 < k.size() && k[i + 1] == 'v') key += 'w', ++i;
        else key += k[i];
    }
    return key;
}

NameCheck check_account_name(const std::string& raw) {
    NameCheck r;
    if (raw.size() > 4 * kMaxAccountNameBytes) {
        r.error = "a name has 3 to 20 characters";
        return r;
    }
    const std::optional<icu::UnicodeString> u = from_utf8(raw);
    if (!u) {
        r.error = "a name must be UTF-8 text";
        return r;
    }
    // What normalisation would hide is refused as typed: invisible, control, direction-changing.
    for (int32_t i = 0; i < u->length(); i = u->moveIndex32(i, 1)) {
        const UChar32 c = u->char32At(i);
        const int8_t type = u_charType(c);
        if (type == U_CONTROL_CHAR) {
            r.error = "a name may not contain control characters (" + code_point(c) + ")";
            return r;
        }
        if (type == U_FORMAT_CHAR || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
            u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) {
            r.error = "a name may not contain invisible or direction-changing characters (" + code_point(c) + ")";
            return r;
        }
        if (type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR || type == U_SURROGATE) {
            r.error = "a name may not contain unassigned or private-use characters (" + code_point(c) + ")";
            return r;
        }
    }
    UErrorCode e = U_ZERO_ERROR;
    const icu::UnicodeString shown = nfkc().normalize(*u, e);
    if (U_FAILURE(e)) {
        r.error = "a name must be UTF-8 text";
        return r;
    }
    const int32_t length = shown.countChar32();
    const std::string name = to_utf8(shown);
    if (length < static_cast<int32_t>(kMinAccountName) || length > static_cast<int32_t>(kMaxAccountName) ||
        name.size() > kMaxAccountNameBytes) {
        r.error = "a name has 3 to 20 characters";
        return r;
    }
    bool letter = false;
    UChar32 previous = 0;
    for (int32_t i = 0; i < shown.length(); i = shown.moveIndex32(i, 1)) {
        const UChar32 c = shown.char32At(i);
        const uint32_t category = U_GET_GC_MASK(c);
        const bool last = shown.moveIndex32(i, 1) >= shown.length();
        if (separator(c)) {
            if (i == 0 || last || separator(previous)) {
                r.error = "a space, '_', '-' or '.' may only stand alone between letters or digits";
                return r;
            }
        } else if (category & U_GC_M_MASK) {
            if (i == 0 || separator(previous)) {
                r.error = "a name may not start a word with a combining mark (" + code_point(c) + ")";
                return r;
            }
        } else if (category & U_GC_L_MASK) {
            letter = true;
        } else if (!(category & U_GC_ND_MASK)) {
            r.error = "a name has only letters, digits, and single spaces, '_', '-' or '.' between them (not " +
                      code_point(c) + ")";
            return r;
        }
        previous = c;
    }
    if (!letter) {
        r.error = "a name has at least one letter";
        return r;
    }
    const int32_t found = uspoof_check2UnicodeString(checker(), shown, nullptr, &e);
    if (U_FAILURE(e)) {
        r.error = "a name must be UTF-8 text";
        return r;
    }
    if (found & USPOOF_RESTRICTION_LEVEL) {
        r.error = "a name may not mix scripts that can pass for one another (such as Latin with Cyrillic or Greek)";
        return r;
    }
    if (found & USPOOF_MIXED_NUMBERS) {
        r.error = "a name may not mix digits of different scripts";
        return r;
    }
    if (found & USPOOF_CHAR_LIMIT) {
        for (int32_t i = 0; i < shown.length(); i = shown.moveIndex32(i, 1))
            if (!uset_contains(allowed_characters(), shown.char32At(i))) {
                r.error = "a name may not use " + code_point(shown.char32At(i)) +
                          " (not among Unicode's recommended characters for names)";
                return r;
            }
    }
    if (found != 0) {
        r.error = "a name may not contain invisible or repeated combining marks";
        return r;
    }
    std::string key = account_name_key(name);
    if (key.empty()) {
        r.error = "a name has at least one letter";
        return r;
    }
    if (key.starts_with(reserved_key())) {
        r.error = "this name is reserved";
        return r;
    }
    r.ok = true;
    r.name = name;
    r.key = std::move(key);
    return r;
}

std::string collided_key(const std::string& key, const std::string& id) { return key + kCollidedMark + id; }

}  // namespace hexhall::server
