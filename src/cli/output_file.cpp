#include "cli/output_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/terminal.hpp"
#include "core/translate.hpp"

namespace jv::cli {

namespace {

namespace fs = std::filesystem;

// Writes `text` to `path` by plain writes (a device such as /dev/full, a pipe), checking every
// step. Returns an empty string or the reason of the failure.
std::string write_directly(const std::string& path, const std::string& text) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) return std::strerror(errno);
    bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    ok = std::fflush(file) == 0 && ok;
    int saved = errno;
    ok = std::fclose(file) == 0 && ok;
    if (!ok) return std::strerror(saved != 0 ? saved : errno);
    return {};
}

// Writes `text` to a temporary file in the directory of `target`, then renames it onto
// `target`, so that a reader never sees half a file and a failure leaves `target` as it was.
std::string write_atomically(const fs::path& target, const std::string& text,
                             std::optional<fs::perms> keep_perms) {
    fs::path directory = target.parent_path();
    if (directory.empty()) directory = ".";
    std::string pattern = (directory / ("." + target.filename().string() + ".jelimvre-XXXXXX"));
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    int fd = ::mkstemp(name.data());
    if (fd < 0) {
        const int error = errno;
        // TRANSLATORS: {0} is a folder, {1} the system's reason ("Permission denied").
        return trf("cannot create a file in {}: {}", directory.string(), std::strerror(error));
    }
    std::string temporary(name.data());
    auto fail = [&](int error) {
        ::unlink(temporary.c_str());
        return std::string(std::strerror(error));
    };
    // A new file gets the usual permissions (0666 less the umask); a replaced one keeps its own.
    mode_t mode = 0;
    if (keep_perms) {
        mode = static_cast<mode_t>(*keep_perms);
    } else {
        mode_t mask = ::umask(0);
        ::umask(mask);
        mode = static_cast<mode_t>(0666 & ~mask);
    }
    ::fchmod(fd, mode);
    std::size_t written = 0;
    while (written < text.size()) {
        ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            int error = errno;
            ::close(fd);
            return fail(error);
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
        int error = errno;
        ::close(fd);
        return fail(error);
    }
    if (::close(fd) != 0) return fail(errno);
    if (std::rename(temporary.c_str(), target.c_str()) != 0) return fail(errno);
    return {};
}

}  // namespace

bool may_write_output(const std::string& out, std::span<const std::string> inputs, bool force,
                      std::string_view command) {
    std::error_code ec;
    fs::file_status status = fs::status(out, ec);
    bool exists = !ec && fs::exists(status);
    if (!exists) return true;
    for (const std::string& input : inputs) {
        if (input != "-" && fs::equivalent(input, out, ec) && !ec) {
            print_error(out,
                        // TRANSLATORS: {} is a command's name (convert, publish): keep it.
                        trf("this is the input file; {} never writes over its input", command));
            return false;
        }
    }
    if (fs::is_directory(status)) {
        print_error(out, tr("this is a directory; name the file to write"));
        return false;
    }
    if (fs::is_regular_file(status) && !force) {
        // TRANSLATORS: --force is an option: keep it.
        print_error(out, tr("this file exists; add --force to replace it"));
        return false;
    }
    return true;
}

bool write_output_file(const std::string& out, const std::string& text) {
    std::error_code ec;
    fs::file_status status = fs::status(out, ec);
    bool exists = !ec && fs::exists(status);
    if (exists && !fs::is_regular_file(status)) {
        // A device or a pipe: there is nothing to replace, so write to it as it is.
        if (std::string problem = write_directly(out, text); !problem.empty()) {
            // TRANSLATORS: {} is the system's reason ("No space left on device").
            print_error(out, trf("cannot write the output: {}", problem));
            return false;
        }
        return true;
    }
    // Through a symbolic link, the file it points to is replaced, not the link.
    fs::path target = exists ? fs::canonical(out, ec) : fs::path(out);
    if (ec) target = out;
    std::optional<fs::perms> perms;
    if (exists) perms = status.permissions() & fs::perms::mask;
    if (std::string problem = write_atomically(target, text, perms); !problem.empty()) {
        // TRANSLATORS: {} is the system's reason ("No space left on device").
        print_error(out, trf("cannot write the output: {}", problem));
        return false;
    }
    return true;
}

int write_command_output(const std::string& out, std::span<const std::string> inputs, bool force,
                         std::string_view command, const std::string& text) {
    if (out.empty() || out == "-") {
        write_out(text);
        return finish_output() ? exit_ok : exit_unreadable;
    }
    if (!may_write_output(out, inputs, force, command)) return exit_unreadable;
    return write_output_file(out, text) ? exit_ok : exit_unreadable;
}

}  // namespace jv::cli
