// The wall clock as the server stores and sends it: Unix milliseconds (core/unix_time.hpp).
#pragma once
#include "core/unix_time.hpp"

namespace hexhall::server {

using core::unix_ms_now;

}  // namespace hexhall::server
