// Drives the HTTP fuzz target (fuzz_http.cpp) without libFuzzer: a fixed corpus of hostile
// requests, then seeded mutations of it (byte flips, inserted NUL / 0xFF / % / CR LF, long
// headers, truncation). Deterministic; any crash or missing /healthz answer fails the test.
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 600;
    const std::vector<std::string> corpus = {
        "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /standings?rooms=%ff HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /standings?rooms=\xff\xfe,abc&teams=%5B%7B%22name%22%3A1%7D%5D HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /standings?rooms=" + std::string(5000, ',') + " HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /standings?teams=%E0%80%80&rooms=00000000 HTTP/1.1\r\n\r\n",
        "GET /games/../../etc/passwd/record HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /games/%00/replay?invite=%ff HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /games/abcdef/record?invite= HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /index.html\x00.png HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /standings HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n",
        "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + std::string(70000, 'a') + "\r\n\r\n",
        "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n",
        "GET /standings?rooms=a%2 HTTP/1.1\r\n\r\n",
        "\r\n\r\n\r\n",
        "GET",
        "HEAD /standings?rooms=abc HTTP/1.0\r\n\r\n",
        // The tournaments API (@T: the fuzz server's tournament, @O: its organiser token, @I: its invite, @L: the body's length).
        "POST /tournaments HTTP/1.1\r\nContent-Length: @L\r\n\r\n{\"name\":\"x\",\"settings\":{\"rounds\":99999,\"tableSize\":-1}}",
        "POST /tournaments HTTP/1.1\r\nContent-Length: @L\r\n\r\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        "GET /tournaments/@T HTTP/1.1\r\nAuthorization: Bearer @O\r\n\r\n",
        "POST /tournaments/@T/entrants HTTP/1.1\r\nContent-Length: @L\r\n\r\n{\"name\":\"=cmd|' /C calc'!A0\",\"invite\":\"@I\"}",
        "POST /tournaments/@T/entrants HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"name\":\"B\",\"bot\":\"random\"}",
        "PATCH /tournaments/@T/entrants/e1 HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"withdraw\":true}",
        "POST /tournaments/@T/entrants/e1/substitute HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"name\":\"S\"}",
        "POST /tournaments/@T/groups HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"name\":\"g\",\"members\":[\"e1\",1]}",
        "POST /tournaments/@T/close HTTP/1.1\r\nAuthorization: Bearer @O\r\n\r\n",
        "POST /tournaments/@T/rounds HTTP/1.1\r\nAuthorization: Bearer @O\r\n\r\n",
        "POST /tournaments/@T/rounds/1/swap HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"a\":\"e1\",\"b\":\"e1\"}",
        "POST /tournaments/@T/rounds/1/start HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"at\":99999999999999999999999}",
        "POST /tournaments/@T/rounds/0/start HTTP/1.1\r\nAuthorization: Bearer @O\r\n\r\n",
        "POST /tournaments/@T/checkin HTTP/1.1\r\nAuthorization: Bearer x\r\n\r\n",
        "POST /tournaments/@T/referee HTTP/1.1\r\nAuthorization: Bearer @O\r\nContent-Length: @L\r\n\r\n{\"round\":1,\"table\":-7,\"kind\":\"pause\",\"note\":1}",
        "GET /tournaments/@T/standings.csv?teams=1&format=csv HTTP/1.1\r\n\r\n",
        "GET /tournaments/@T/me HTTP/1.1\r\nAuthorization: Bearer \r\n\r\n",
        "DELETE /tournaments/@T HTTP/1.1\r\n\r\n",
        "GET /tournaments/%00/../@T//rounds/ HTTP/1.1\r\n\r\n",
    };
    std::mt19937_64 rng(20261124);
    auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
    const char* inserts[] = {"\0", "\xff", "%", "%f", "\r\n", "?", "&", "=", ",", "/..", "%00", "\r\n\r\n"};
    int runs = 0;
    for (const std::string& c : corpus) {
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(c.data()), c.size());
        ++runs;
    }
    for (int i = 0; i < rounds; ++i) {
        std::string s = corpus[pick(corpus.size())];
        const int edits = 1 + static_cast<int>(pick(4));
        for (int e = 0; e < edits && !s.empty(); ++e) {
            switch (pick(4)) {
                case 0: s[pick(s.size())] = static_cast<char>(rng()); break;
                case 1: {
                    const char* ins = inserts[pick(std::size(inserts))];
                    s.insert(pick(s.size() + 1), ins, ins[0] ? std::char_traits<char>::length(ins) : 1);
                    break;
                }
                case 2: s.resize(pick(s.size() + 1)); break;
                default: s.insert(pick(s.size() + 1), std::string(pick(300), static_cast<char>('A' + pick(26)))); break;
            }
        }
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
        ++runs;
    }
    std::printf("fuzz_http_smoke: %d inputs, the server answered /healthz after each\n", runs);
    return 0;
}
