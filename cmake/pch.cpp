// The translation unit that builds the shared precompiled header (CMakeLists.txt, HEXHALL_PCH).
