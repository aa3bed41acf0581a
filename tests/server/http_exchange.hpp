// One HTTP request to a test server on loopback and its answer, as the tournament tests send them
// (a JSON body, a bearer token, any further headers). Shared by test_tournament.cpp and
// test_cluster_tournament.cpp.
#pragma once
#include <functional>
#include <string>

#include "tests/server/ws_client.hpp"

namespace hexhall::test {

using HttpResponse = http::response<http::string_body>;
using HttpRequestBody = http::request<http::string_body>;

inline HttpResponse http_exchange(uint16_t port, http::verb method, const std::string& target, const json& body = nullptr,
                                  const std::string& token = "",
                                  const std::function<void(HttpRequestBody&)>& more_headers = {}) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    HttpRequestBody req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    if (more_headers) more_headers(req);
    if (!body.is_null()) {
        req.set(http::field::content_type, "application/json");
        req.body() = body.dump();
    }
    req.prepare_payload();
    http::write(s, req);
    beast::flat_buffer b;
    HttpResponse res;
    http::read(s, b, res);
    return res;
}

}  // namespace hexhall::test
