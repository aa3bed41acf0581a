#include "server/logging.hpp"

#include <cstdio>
#include <memory>

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>

#include "server/safe_text.hpp"

namespace hexhall::server {

std::string json_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (unsigned char ch : s) {
        switch (ch) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (ch < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", ch);
                    out += buf;
                } else {
                    out += static_cast<char>(ch);
                }
        }
    }
    return out;
}

namespace {

// %* in a pattern: the message, escaped for a JSON string.
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
public:
    void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
        const std::string e = json_escape(std::string_view(msg.payload.data(), msg.payload.size()));
        dest.append(e.data(), e.data() + e.size());
    }
    std::unique_ptr<custom_flag_formatter> clone() const override { return std::make_unique<JsonMessageFlag>(); }
};

// %* in the text format: the message with control characters and invalid UTF-8 escaped, so that
// text from a client (a name with a newline) cannot forge log lines.
class TextMessageFlag final : public spdlog::custom_flag_formatter {
public:
    void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
        const std::string e = printable(std::string_view(msg.payload.data(), msg.payload.size()), 4096);
        dest.append(e.data(), e.data() + e.size());
    }
    std::unique_ptr<custom_flag_formatter> clone() const override { return std::make_unique<TextMessageFlag>(); }
};

}  // namespace

void setup_logging(const std::string& level, const std::string& format) {
    spdlog::set_level(spdlog::level::from_str(level));
    if (format == "json") {
        auto f = std::make_unique<spdlog::pattern_formatter>();
        f->add_flag<JsonMessageFlag>('*').set_pattern(
            R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","thread":%t,"msg":"%*"})");
        spdlog::set_formatter(std::move(f));
    } else {
        auto f = std::make_unique<spdlog::pattern_formatter>();
        f->add_flag<TextMessageFlag>('*').set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %*");
        spdlog::set_formatter(std::move(f));
    }
}

}  // namespace hexhall::server
