// Writing a command's output to a named file: never over one of its inputs, never over an
// existing file without --force, and atomically (a temporary file renamed onto the target), so
// that a reader never sees half a file and a failure leaves the target as it was. Shared by
// `convert` and `publish`.
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace jv::cli {

// What stands at `out` and whether `text` may be written there: refuses an input (by identity,
// hard and symbolic links included), a directory, and an existing file without `force`. A
// device or a pipe is written to directly. Prints the refusal as "OUT: error: ..." and returns
// false; returns true when the check passes (nothing is written). `command` names the command
// in the refusal to write over an input.
bool may_write_output(const std::string& out, std::span<const std::string> inputs, bool force,
                      std::string_view command);

// Writes `text` to `out` (checked by may_write_output first): atomically for a file, directly
// for a device or pipe. Through a symbolic link the file it points to is replaced; a replaced
// file keeps its permissions. Prints why on failure and returns false.
bool write_output_file(const std::string& out, const std::string& text);

// A command's output: to standard output when `out` is empty or "-", else to the file `out`
// (may_write_output, then write_output_file). Returns the exit status.
int write_command_output(const std::string& out, std::span<const std::string> inputs, bool force,
                         std::string_view command, const std::string& text);

}  // namespace jv::cli
