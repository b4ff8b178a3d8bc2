#include "cli/output.hpp"

#include <cerrno>
#include <cstring>

#include "core/translate.hpp"

namespace jv::cli {

bool finish_output() {
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    const int error = errno;
    std::fprintf(stderr, "jelimvre: %s\n",
                 // TRANSLATORS: {} is the system's reason ("No space left on device").
                 trf("cannot write the output: {}", std::strerror(error)).c_str());
    return false;
}

}  // namespace jv::cli
