#include "server/http_gzip.hpp"

#include <boost/beast/zlib/deflate_stream.hpp>
#include <boost/beast/zlib/inflate_stream.hpp>
#include <boost/crc.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace hexhall::server {
namespace zlib = boost::beast::zlib;

namespace {
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}
bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}
// q=0, q=0.0, q=0.000: refused.
bool q_zero(std::string_view params) {
    for (size_t at = 0; at < params.size();) {
        const size_t end = std::min(params.find(';', at), params.size());
        const std::string_view p = trim(params.substr(at, end - at));
        if (p.size() >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
            const std::string_view v = trim(p.substr(2));
            return !v.empty() && v.find_first_not_of("0.") == std::string_view::npos;
        }
        at = end + 1;
    }
    return false;
}
uint32_t crc32(std::string_view data) {
    boost::crc_32_type crc;
    crc.process_bytes(data.data(), data.size());
    return crc.checksum();
}
void put_le32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
uint32_t get_le32(std::string_view s) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[static_cast<size_t>(i)]);
    return v;
}
}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
    bool gzip = false, star = false, gzip_listed = false;
    for (size_t at = 0; at <= accept_encoding.size();) {
        const size_t end = std::min(accept_encoding.find(',', at), accept_encoding.size());
        const std::string_view item = trim(accept_encoding.substr(at, end - at));
        const size_t semi = item.find(';');
        const std::string_view coding = trim(item.substr(0, semi));
        const bool refused = semi != std::string_view::npos && q_zero(item.substr(semi + 1));
        if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) {
            gzip_listed = true;
            gzip = !refused;
        } else if (coding == "*") {
            star = !refused;
        }
        at = end + 1;
    }
    return gzip || (!gzip_listed && star);
}

std::string gzip(std::string_view body) {
    zlib::deflate_stream ds;
    ds.reset(6, 15, 8, zlib::Strategy::normal);
    std::string out("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10);  // no name, no time, unknown OS
    const size_t head = out.size();
    out.resize(head + ds.upper_bound(body.size()) + 16);
    zlib::z_params zs;
    zs.next_in = body.data();
    zs.avail_in = body.size();
    zs.next_out = out.data() + head;
    zs.avail_out = out.size() - head;
    boost::beast::error_code ec;
    ds.write(zs, zlib::Flush::finish, ec);  // upper_bound: one call finishes the stream
    out.resize(head + zs.total_out);
    put_le32(out, crc32(body));
    put_le32(out, static_cast<uint32_t>(body.size()));
    return out;
}

std::optional<std::string> gunzip(std::string_view member) {
    if (member.size() < 18 || static_cast<unsigned char>(member[0]) != 0x1f ||
        static_cast<unsigned char>(member[1]) != 0x8b || member[2] != 8 || member[3] != 0)
        return std::nullopt;
    const std::string_view raw = member.substr(10, member.size() - 18);
    const uint32_t crc = get_le32(member.substr(member.size() - 8)), size = get_le32(member.substr(member.size() - 4));
    zlib::inflate_stream is;
    std::string out(size + 64, '\0');  // room to see the end of the stream
    zlib::z_params zs;
    zs.next_in = raw.data();
    zs.avail_in = raw.size();
    zs.next_out = out.data();
    zs.avail_out = out.size();
    boost::beast::error_code ec;
    is.write(zs, zlib::Flush::sync, ec);
    if (ec && ec != zlib::error::end_of_stream) return std::nullopt;
    if (zs.total_out != size) return std::nullopt;
    out.resize(size);
    if (crc32(out) != crc) return std::nullopt;
    return out;
}

}  // namespace hexhall::server
