// --from, and reading a record input in its format, on every command that reads records: JGN,
// or the JSON and YAML record documents that `convert` writes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/encoding.hpp"
#include "report/record_formats.hpp"
#include "report/record_input.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

// Adds --from jgn|yaml|json to `app`, stored in `from`.
void add_from_option(CLI::App& app, std::string& from);

// The format of an input: --from when given, else the file name's extension (.jgn, .yaml,
// .yml, .json), else its first bytes (`head`; report::record_format_of_text). Standard input
// has no name: --from, else its first bytes.
report::RecordFormat input_format(const std::string& from, const std::string& path,
                                  std::string_view head);

// Prints why a document cannot be read as records: each fault at its place in it.
void print_document_faults(const report::RecordInput& input);

// Reads a whole input ("-" is standard input) in its format: loaded and converted from
// `encoding` (load_record_text), then read as JGN or as a record document. On failure (the
// file cannot be read, or is not a record document) prints why on standard error and returns
// null: the exit status is exit_unreadable. `command` names the subcommand in the advice about
// an encoding.
std::unique_ptr<report::RecordInput> load_record_input(const std::string& path,
                                                       const std::string& from,
                                                       std::optional<Encoding> encoding,
                                                       std::string_view command);

}  // namespace jv::cli
