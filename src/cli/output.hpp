// Standard output written in large blocks, with write errors (a full disk) noticed.
#pragma once

#include <cstdio>
#include <string_view>

namespace jv::cli {

inline void write_out(std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
}

// Flushes standard output; on failure prints why to standard error and returns false.
bool finish_output();

}  // namespace jv::cli
