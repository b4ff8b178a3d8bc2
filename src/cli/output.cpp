#include "cli/output.hpp"

#include <cerrno>
#include <cstring>

#include "cli/terminal.hpp"
#include "core/translate.hpp"

namespace jv::cli {

bool finish_output() {
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    const int error = errno;
    print_command_error(
        // TRANSLATORS: {} is the system's reason ("No space left on device").
        trf("cannot write the output: {}", std::strerror(error)));
    return false;
}

}  // namespace jv::cli
