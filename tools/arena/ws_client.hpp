// A minimal blocking WebSocket client for the arena (the only Beast code in tools/): text
// messages as JSON, reads with a deadline.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace hexhall::arena {

using json = nlohmann::json;

class WsClient {
public:
    // Connects to ws://host:port/ws. Throws std::runtime_error on failure.
    WsClient(const std::string& host, uint16_t port);
    ~WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;

    // Sends a request: adds "v":1 and a fresh "id"; returns the id.
    int64_t send(json request);
    // The next message, or nullopt when `timeout` passes first. Throws when the connection fails.
    std::optional<json> receive(std::chrono::milliseconds timeout);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    int64_t next_id_ = 1;
};

}  // namespace hexhall::arena
