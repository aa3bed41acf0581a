// gzip (RFC 1952) for HTTP answers that are large and built per request: a finished game's record
// and replay (130–345 KB of JSON, about a tenth of that compressed), standings, profiles. Beast's own
// deflate (boost/beast/zlib: no new dependency) and Boost.CRC. Static files have precompressed twins
// instead (web-client/build.mjs).
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace hexhall::server {

// Bodies smaller than this are sent as they are (the header and framing would eat the gain).
inline constexpr size_t kGzipMinBytes = 1024;

// Whether an Accept-Encoding header value takes gzip (a "gzip" or "*" coding whose q is not 0).
bool accepts_gzip(std::string_view accept_encoding);

// `body` as a gzip member (deflate at level 6).
std::string gzip(std::string_view body);

// The body inflated from a gzip member made by gzip() (or any single-member gzip without optional
// header fields); nullopt when it is not one or its CRC or length is wrong. For tests and tools.
std::optional<std::string> gunzip(std::string_view member);

}  // namespace hexhall::server
