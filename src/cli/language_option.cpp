#include "cli/language_option.hpp"

#include <string_view>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/translate.hpp"

namespace jv::cli {

std::optional<std::string> choose_language(int argc, const char* const* argv) {
    std::optional<std::string_view> requested;
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--") break;
        if (argument == "--lang" && i + 1 < argc)
            requested = argv[++i];
        else if (argument.starts_with("--lang="))
            requested = argument.substr(7);
    }
    if (!requested) {
        speak(language_from_environment());
        return std::nullopt;
    }
    const std::optional<Language> language = language_from_code(*requested);
    // CLI11 reports the bad value itself, in its own words, when it parses --lang.
    if (!language) return std::nullopt;
    if (!speak(*language))
        return fmt::format("no {} catalogue (jelimvre.mo) is installed; messages stay in English",
                           language_code(*language));
    return std::nullopt;
}

void add_language_option(CLI::App& app) {
    // The value was read before the commands were built (choose_language); this only checks it.
    static std::string value;
    app.add_option("--lang", value,
                   tr("language of messages and help: en, fr, de or es (default: from LANGUAGE, "
                      "LC_ALL, LC_MESSAGES or LANG)"))
        ->check(CLI::IsMember({"en", "fr", "de", "es"}))
        ->type_name("LANG");
}

void translate_help_words(CLI::App& app) {
    const std::shared_ptr<CLI::FormatterBase> formatter = app.get_formatter();
    // TRANSLATORS: CLI11 writes a colon right after Usage, Positionals, Options, Subcommands,
    // Needs, Excludes and Env ("Usage: jelimvre ..."): French ends these with a no-break space,
    // which puts the space before the colon.
    formatter->label("Usage", tr_in("help", "Usage"));
    formatter->label("OPTIONS", tr_in("help", "OPTIONS"));
    formatter->label("SUBCOMMAND", tr_in("help", "SUBCOMMAND"));
    formatter->label("SUBCOMMANDS", tr_in("help", "SUBCOMMANDS"));
    formatter->label("Positionals", tr_in("help", "Positionals"));
    formatter->label("REQUIRED", tr_in("help", "REQUIRED"));
    formatter->label("Needs", tr_in("help", "Needs"));
    formatter->label("Excludes", tr_in("help", "Excludes"));
    formatter->label("Env", tr_in("help", "Env"));
    formatter->label("TEXT", tr_in("help", "TEXT"));
    formatter->label("INT", tr_in("help", "INT"));
    formatter->label("UINT", tr_in("help", "UINT"));
    formatter->label("FLOAT", tr_in("help", "FLOAT"));
    app.option_defaults()->group(tr_in("help", "Options"));
    app.set_help_flag("-h,--help", tr("Print this help message and exit"));
}

}  // namespace jv::cli
