#include "cli/output.hpp"

#include <cerrno>
#include <cstring>

namespace jv::cli {

bool finish_output() {
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    std::fprintf(stderr, "jelimvre: cannot write the output: %s\n", std::strerror(errno));
    return false;
}

}  // namespace jv::cli
