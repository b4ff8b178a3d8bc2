#include <cstdio>

#include "fuzz_targets.hpp"

namespace jv::fuzz {

void invariant_failed(const char* condition, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: fuzz invariant broken: %s\n", file, line, condition);
    std::fflush(stderr);
    __builtin_trap();
}

}  // namespace jv::fuzz
