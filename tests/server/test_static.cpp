// Serving the web client (issue 18, "Serving"): hashed files come precompressed (br, else gzip, as
// the browser accepts) with a year-long immutable cache; index.html is never cached; a browser
// that accepts neither gets the plain file.
#include "tests/server/ws_client.hpp"

#include <filesystem>
#include <fstream>

using namespace hexhall::test;

namespace {

struct StaticReply {
    int status = 0;
    std::string body, encoding, cache, vary;
};

StaticReply get_static(uint16_t port, const std::string& target, const std::string& accept_encoding) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    if (!accept_encoding.empty()) req.set(http::field::accept_encoding, accept_encoding);
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    return {static_cast<int>(res.result_int()), res.body(), std::string(res[http::field::content_encoding]),
            std::string(res[http::field::cache_control]), std::string(res[http::field::vary])};
}

void write(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("static files: precompressed twins by Accept-Encoding, hashed files cached for a year", "[server][static]") {
    Watchdog wd(60);
    const auto root = std::filesystem::temp_directory_path() / ("hexhall-static-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root / "chunks");
    write(root / "index.html", "<html>plain</html>");
    write(root / "index.html.gz", "GZ-INDEX");
    write(root / "app-ABCD1234.js", "plain js");
    write(root / "app-ABCD1234.js.gz", "GZ-JS");
    write(root / "app-ABCD1234.js.br", "BR-JS");
    write(root / "chunks" / "game-WXYZ5678.css", "plain css");
    write(root / "chunks" / "game-WXYZ5678.css.gz", "GZ-CSS");
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.web_root = root.string();
    hexhall::server::Server server(o);
    const uint16_t port = server.start();

    StaticReply r = get_static(port, "/app-ABCD1234.js", "gzip, deflate, br");
    CHECK(r.status == 200);
    CHECK(r.body == "BR-JS");
    CHECK(r.encoding == "br");
    CHECK(r.cache == "public, max-age=31536000, immutable");
    CHECK(r.vary == "Accept-Encoding");
    r = get_static(port, "/app-ABCD1234.js", "gzip");
    CHECK(r.body == "GZ-JS");
    CHECK(r.encoding == "gzip");
    r = get_static(port, "/app-ABCD1234.js", "br;q=0, gzip;q=0.5");
    CHECK(r.encoding == "gzip");
    r = get_static(port, "/app-ABCD1234.js", "");
    CHECK(r.body == "plain js");
    CHECK(r.encoding.empty());
    CHECK(r.cache == "public, max-age=31536000, immutable");
    r = get_static(port, "/chunks/game-WXYZ5678.css", "br, gzip");  // no .br: the .gz
    CHECK(r.body == "GZ-CSS");
    CHECK(r.encoding == "gzip");
    // The page itself is revalidated on every load, so a new build is seen at once.
    r = get_static(port, "/", "gzip");
    CHECK(r.body == "GZ-INDEX");
    CHECK(r.cache == "no-cache");
    r = get_static(port, "/index.html", "identity");
    CHECK(r.body == "<html>plain</html>");
    CHECK(r.cache == "no-cache");
    server.stop();
    std::filesystem::remove_all(root);
}
