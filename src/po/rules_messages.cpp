// jelimvre_rules_messages OUTPUT ROOT PAGE...: writes the texts that `jelimvre rules --explain`
// shows from the rules references (each entry's title and each of its markdown blocks, as
// core/rules_reference reads them) into OUTPUT, as calls of tr_in() on C++ raw string literals,
// with the page as their context.
//
// The file is never compiled: xgettext reads it beside the sources (update_catalogues.cmake,
// tests/i18n/check_catalogues.py), so that the pages' texts join the template through the same
// tool, with no escaping of ours. Each text carries a TRANSLATORS comment naming its page, its
// entry and its part; report/rule_explanation.cpp looks the same texts up with tr_text(), in the
// same context.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>

#include "core/rules_reference.hpp"
#include "core/source.hpp"

namespace {

// Closes every raw literal; a text holding it cannot be written, and is refused.
constexpr std::string_view kDelimiter = "jvmd";

bool write_text(std::ostream& out, std::string_view page, std::string_view id,
                std::string_view part, std::string_view text) {
    const std::string closing = ")" + std::string(kDelimiter) + "\"";
    if (text.find(closing) != std::string_view::npos) {
        std::cerr << "jelimvre_rules_messages: " << page << ", " << id << ": a text holds "
                  << closing << ", which ends the literal it is written in\n";
        return false;
    }
    // xgettext takes a comment only when it ends on the line above the literal's first line.
    out << "// TRANSLATORS: " << page << ", " << id << ": " << part << "\n";
    // The page is the context: a text found on two pages may need two translations ("Knight"
    // is Ritter in Jelimvre and Springer in ChessMe).
    out << "tr_in(\"" << page << "\", R\"" << kDelimiter << "(" << text << closing << ");\n";
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: jelimvre_rules_messages OUTPUT ROOT PAGE...\n";
        return 2;
    }
    const std::string output = argv[1];
    const std::string root = argv[2];
    std::ostringstream out;
    out << "// Written by jelimvre_rules_messages from the rules references: do not edit.\n";
    bool good = true;
    for (std::string_view page : std::span(argv + 3, static_cast<std::size_t>(argc - 3))) {
        const std::string path = root + "/" + std::string(page);
        std::string markdown;
        std::string error;
        if (!jv::load_source(path, markdown, error)) {
            std::cerr << "jelimvre_rules_messages: " << path << ": " << error << "\n";
            return 1;
        }
        for (const jv::RuleEntry& entry : jv::parse_rules_reference(markdown)) {
            good &= write_text(out, page, entry.id, "the rule's title", entry.title);
            for (std::string_view block : entry.text)
                good &= write_text(out, page, entry.id, "the rule's text (markdown)", block);
            for (std::string_view block : entry.options)
                good &= write_text(out, page, entry.id,
                                   "an option's paragraph (markdown; keep the option's name, in "
                                   "backquotes, as the first backquoted text)",
                                   block);
            for (std::string_view block : entry.booklet)
                good &= write_text(out, page, entry.id, "the booklet passages (markdown)", block);
        }
    }
    if (!good) return 1;
    // Written whole or not at all: the build compares it, and a half file would pass for new.
    const std::string temporary = output + ".part";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file << out.str();
        if (!file.flush()) {
            std::cerr << "jelimvre_rules_messages: cannot write " << temporary << "\n";
            return 1;
        }
    }
    if (std::rename(temporary.c_str(), output.c_str()) != 0) {
        std::cerr << "jelimvre_rules_messages: cannot write " << output << "\n";
        return 1;
    }
    return 0;
}
