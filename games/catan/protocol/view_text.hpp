// Typed writers for the text the server sends: a view section's canonical JSON text and the RFC 6902
// ops between two values of a section, written straight from the engine's SeatView without building
// JSON trees. Byte-identical to section_json(...).dump() and to the dumps of json::diff(...) (the
// reference path, which ViewStream::patch still uses; the sync test compares the two on every patch).
#pragma once
#include <string>

#include "games/catan/protocol/catan_json.hpp"

namespace hexhall::protocol {

// Appends section_json(s, v).dump().
void append_section_text(std::string& out, ViewSection s, const catan::SeatView& v);
// Appends player_json(p, index).dump().
void append_player_text(std::string& out, const catan::PlayerView& p, int index);

// Appends the ops of json::diff(section_json(s, a), section_json(s, b), "/" + section_key(s)), each
// dumped and joined by ',' (a ',' first when `out` is not empty). Not for ViewSection::Players.
void append_section_ops(std::string& out, ViewSection s, const catan::SeatView& a, const catan::SeatView& b);
// The same for one player: json::diff(player_json(a, index), player_json(b, index), "/players/<index>").
void append_player_ops(std::string& out, const catan::PlayerView& a, const catan::PlayerView& b, int index);

}  // namespace hexhall::protocol
