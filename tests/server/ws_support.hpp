// For the storage, crash and fairness tests (test_store.cpp, test_crash.cpp, test_fairness.cpp):
// the shared clients of ws_client.hpp plus a one-shot HTTP GET.
#pragma once
#include "tests/server/ws_client.hpp"

namespace store_test {

using namespace hexhall::test;

inline std::string http_get(uint16_t port, const std::string& target, int& status) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    status = static_cast<int>(res.result_int());
    return res.body();
}

}  // namespace store_test
