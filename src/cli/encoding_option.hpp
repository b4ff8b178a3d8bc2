// --encoding, on every command that reads records.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/encoding.hpp"
#include "core/game.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

// Adds --encoding NAME to `app`, stored in `name` (checked by encoding_named()).
void add_encoding_option(CLI::App& app, std::string& name);

// The encoding `name` gives; none when the option was not given.
std::optional<Encoding> chosen_encoding(const std::string& name);

// A file's encoding, when one of a game's reading faults is a byte that is not UTF-8: what the
// file looks like and the commands that fix it (not_utf8_message), said once for the file.
struct NotUtf8File {
    LineColumn at;
    std::string message;
};
std::optional<NotUtf8File> not_utf8_file(const SourceFile& source,
                                         const std::vector<Diagnostic>& faults,
                                         std::string_view command);
std::optional<NotUtf8File> not_utf8_file(const SourceFile& source, const std::vector<Fault>& faults,
                                         std::string_view command);
// The same as one line for standard error: "path:line:col: error: message\n".
std::string not_utf8_file_line(const SourceFile& source, const NotUtf8File& what);

}  // namespace jv::cli
