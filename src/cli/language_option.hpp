// The language of messages: `--lang en|fr|de|es` on every command, else the environment.
#pragma once

#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace jv::cli {

// Reads --lang from the arguments before CLI11 builds the commands, whose help texts are then
// written in that language, and speaks it. Without --lang, speaks the environment's language
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). A --lang value we do not speak is left to CLI11, which
// refuses it when it parses the command line. Returns a note, in English, when the language
// asked for has no catalogue installed.
std::optional<std::string> choose_language(int argc, const char* const* argv);

// Lets CLI11 accept --lang (already read by choose_language) and show it in the help.
void add_language_option(CLI::App& app);

// CLI11's own words in help texts (Usage, OPTIONS, REQUIRED, ...) in the message language.
void translate_help_words(CLI::App& app);

}  // namespace jv::cli
