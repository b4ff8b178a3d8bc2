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
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Returns an error message, in English, for a --lang
// value we do not speak; a note when the language has no catalogue installed.
struct LanguageChoice {
    std::optional<std::string> error;
    std::optional<std::string> note;
};
LanguageChoice choose_language(int argc, const char* const* argv);

// Lets CLI11 accept --lang (already read by choose_language) and show it in the help.
void add_language_option(CLI::App& app);

// CLI11's own words in help texts (Usage, OPTIONS, REQUIRED, ...) in the message language.
void translate_help_words(CLI::App& app);

}  // namespace jv::cli
