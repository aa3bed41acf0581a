// HTTP endpoints that other parts of the server add (e.g. tournaments): a handler gets every request
// whose path starts with its prefix, any method, on the worker thread of the heavy endpoints (not
// on the I/O threads), within budgets per bearer token and per address (ServerOptions::api_limits,
// server/http_limit.hpp). Its answers allow any origin (CORS, without credentials: the API's auth is a
// bearer token, never a cookie), and net.cpp answers the CORS preflight (OPTIONS) itself, so a page
// served by one node can call another. No networking here: net.cpp calls it.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hexhall::server {

struct HttpAnswer {
    int status = 200;
    std::string body;
    std::string content_type = "application/json";
    std::vector<std::pair<std::string, std::string>> headers = {};  // extra response headers
};

struct HttpRequest {
    std::string method;         // "GET", "POST", "PATCH", …
    std::string path;           // without the query
    std::string query;          // after '?', still URL-encoded
    std::string body;           // at most 64 KiB
    std::string authorization;  // the Authorization header as sent ("" when none)
    std::string address;        // the peer's address
    std::string origin;         // the Origin header ("" when none: a browser sends it with every change)
};

using HttpHandler = std::function<HttpAnswer(const HttpRequest&)>;

}  // namespace hexhall::server
