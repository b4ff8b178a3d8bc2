#include "cli/input_format.hpp"

#include <cstdio>

#include <CLI/CLI.hpp>

#include "cli/terminal.hpp"
#include "core/translate.hpp"

namespace jv::cli {

void add_from_option(CLI::App& app, std::string& from) {
    app.add_option("--from", from,
                   // TRANSLATORS: jgn, yaml and json are the values of --from: keep them.
                   tr("the input format (jgn, yaml or json), instead of the file's extension or "
                      "first bytes"))
        ->check(CLI::IsMember({"jgn", "yaml", "yml", "json"}))
        ->type_name("FORMAT");
}

report::RecordFormat input_format(const std::string& from, const std::string& path,
                                  std::string_view head) {
    if (std::optional<report::RecordFormat> named = report::record_format_by_name(from, path))
        return *named;
    return report::record_format_of_text(head);
}

void print_document_faults(const report::RecordInput& input) {
    for (const report::DocumentFault& fault : input.faults()) {
        const std::string shown =
            fault.located ? render_diagnostic(input.shown(), fault.diagnostic, stderr_style())
                          : render_located_message(input.shown().path(), fault.diagnostic.severity,
                                                   fault.diagnostic.message, stderr_style());
        std::fputs(shown.c_str(), stderr);
    }
}

std::unique_ptr<report::RecordInput> load_record_input(const std::string& path,
                                                       const std::string& from,
                                                       std::optional<Encoding> encoding,
                                                       std::string_view command) {
    const std::string shown = path == "-" ? "<stdin>" : path;
    std::string text;
    std::string problem;
    if (!load_record_text(path, shown, encoding, command, text, problem, stderr_style())) {
        std::fputs(problem.c_str(), stderr);
        return nullptr;
    }
    const report::RecordFormat format = input_format(from, path, text);
    auto input = std::make_unique<report::RecordInput>(shown, std::move(text), format);
    if (!input->ok()) {
        print_document_faults(*input);
        return nullptr;
    }
    return input;
}

}  // namespace jv::cli
