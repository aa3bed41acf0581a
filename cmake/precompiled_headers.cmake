# Precompiled headers (docs/performance.md, "Build times"): nlohmann/json costs about 2 s of parsing
# in every translation unit that includes it, Catch2 about 1 s in every test file. Two headers are
# precompiled once each and reused by every target (REUSE_FROM): hexhall_pch (the JSON library and
# the standard headers most files use) and hexhall_test_pch (the same plus Catch2, for test programs).
# The pure rules engines (no JSON, by design) do not get them, so a JSON use there still fails to
# compile. A target with compile options of its own (the libFuzzer targets) keeps its own parsing.
option(HEXHALL_PCH "Precompiled headers for nlohmann/json and Catch2" ON)

set(HEXHALL_PCH_HEADERS <nlohmann/json.hpp> <algorithm> <functional> <map> <memory> <optional>
    <string> <string_view> <unordered_map> <vector>)

function(hexhall_pch_setup)
  if(NOT HEXHALL_PCH)
    return()
  endif()
  find_package(nlohmann_json 3.11 REQUIRED)
  add_library(hexhall_pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/pch.cpp)
  target_link_libraries(hexhall_pch PRIVATE nlohmann_json::nlohmann_json)
  target_precompile_headers(hexhall_pch PRIVATE ${HEXHALL_PCH_HEADERS})
  if(TARGET hexhall_catch_main)
    add_library(hexhall_test_pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/pch.cpp)
    target_link_libraries(hexhall_test_pch PRIVATE nlohmann_json::nlohmann_json Catch2::Catch2)
    target_precompile_headers(hexhall_test_pch PRIVATE ${HEXHALL_PCH_HEADERS} <catch2/catch.hpp>)
  endif()
endfunction()

# Every target defined under `dir` (recursively).
function(hexhall_targets_under dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    hexhall_targets_under(${sub} sub_targets)
    list(APPEND targets ${sub_targets})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Called once at the end of the top-level CMakeLists.txt, when every target exists.
function(hexhall_pch_apply)
  if(NOT HEXHALL_PCH)
    return()
  endif()
  # No JSON in the pure rules (docs/architecture.md): these targets parse only what they include.
  set(pure hexhall_engine hexhall_bots engine_playout bot_ladder board_svg)
  hexhall_targets_under(${PROJECT_SOURCE_DIR} targets)
  get_directory_property(common_options DIRECTORY ${PROJECT_SOURCE_DIR} COMPILE_OPTIONS)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|EXECUTABLE|OBJECT_LIBRARY)$" OR t IN_LIST pure
       OR t MATCHES "^hexhall_(test_)?pch$" OR t STREQUAL hexhall_catch_main)
      continue()
    endif()
    get_target_property(options ${t} COMPILE_OPTIONS)
    if(options AND NOT "${options}" STREQUAL "${common_options}")
      continue()
    endif()
    get_target_property(links ${t} LINK_LIBRARIES)
    if(links AND "hexhall_catch_main" IN_LIST links)
      target_precompile_headers(${t} REUSE_FROM hexhall_test_pch)
    else()
      target_precompile_headers(${t} REUSE_FROM hexhall_pch)
    endif()
  endforeach()
endfunction()
