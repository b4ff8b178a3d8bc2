#include "cli/encoding_option.hpp"

#include "cli/terminal.hpp"

#include <CLI/CLI.hpp>

#include "core/translate.hpp"

namespace jv::cli {

void add_encoding_option(CLI::App& app, std::string& name) {
    app.add_option("--encoding", name,
                   // TRANSLATORS: utf-8, latin1, cp1252 and utf-16 are the values of --encoding.
                   tr("the records' text encoding: utf-8 (default), latin1, cp1252 or utf-16; the "
                      "text is converted to UTF-8 before it is read"))
        ->check(
            [](const std::string& value) -> std::string {
                return encoding_named(value)
                           ? std::string()
                           // TRANSLATORS: the values of --encoding stay as they are; {} is
                           // the value given.
                           : trf("--encoding takes utf-8, latin1, cp1252 or utf-16, not '{}'",
                                 value);
            },
            "")
        ->type_name("ENCODING");
}

std::optional<Encoding> chosen_encoding(const std::string& name) {
    if (name.empty()) return std::nullopt;
    return encoding_named(name);
}

namespace {

std::optional<NotUtf8File> at_first_bad_byte(const SourceFile& source,
                                             const std::vector<std::uint32_t>& places,
                                             std::string_view command) {
    for (const std::uint32_t at : places) {
        if (!starts_invalid_utf8(source.text(), at)) continue;
        const NotUtf8 what{guess_single_byte(source.text(), at), false, at};
        return NotUtf8File{source.line_column(at),
                           not_utf8_message(what, source.text(), command, source.path())};
    }
    return std::nullopt;
}

}  // namespace

std::optional<NotUtf8File> not_utf8_file(const SourceFile& source,
                                         const std::vector<Diagnostic>& faults,
                                         std::string_view command) {
    std::vector<std::uint32_t> places;
    for (const Diagnostic& fault : faults) places.push_back(fault.region.begin);
    return at_first_bad_byte(source, places, command);
}

std::optional<NotUtf8File> not_utf8_file(const SourceFile& source, const std::vector<Fault>& faults,
                                         std::string_view command) {
    std::vector<std::uint32_t> places;
    for (const Fault& fault : faults) places.push_back(fault.diagnostic.region.begin);
    return at_first_bad_byte(source, places, command);
}

std::string not_utf8_file_line(const SourceFile& source, const NotUtf8File& what) {
    return render_located_message(
        source.path() + ":" + std::to_string(what.at.line) + ":" + std::to_string(what.at.column),
        Severity::error, what.message, stderr_style());
}

}  // namespace jv::cli
