#include "cli/usage_errors.hpp"

#include <algorithm>
#include <regex>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::cli {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = text.find(separator, at);
        if (end == std::string::npos) end = text.size();
        if (end > at) out.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

// The candidate nearest to `typed`, at most two letters off and closer than the word is long:
// a typo, not another word.
std::string closest(std::string_view typed, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = 3;
    for (const std::string& candidate : candidates) {
        const std::size_t d = edit_distance(typed, candidate);
        if (d < best_distance && d < typed.size()) best_distance = d, best = candidate;
    }
    return best;
}

// The options `command` takes as they are written: "--format", "-q", and those of the commands
// it belongs to (--lang, --version).
std::vector<std::string> option_names(const CLI::App& command) {
    std::vector<std::string> names;
    for (const CLI::App* app = &command; app != nullptr; app = app->get_parent())
        for (const CLI::Option* option : app->get_options()) {
            for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
            for (const std::string& name : option->get_snames()) names.push_back("-" + name);
        }
    return names;
}

// A number as CLI11 prints a decimal bound ("1.000000"), without its trailing zeros ("1").
std::string plain_number(std::string number) {
    if (number.find('.') == std::string::npos) return number;
    while (number.ends_with('0')) number.pop_back();
    if (number.ends_with('.')) number.pop_back();
    return number;
}

std::string quoted_list(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& word : words) out += (out.empty() ? "'" : ", '") + word + "'";
    return out;
}

std::string extras_message(const std::string& listed, const CLI::App& command) {
    // CLI11 lists the unexpected arguments last first.
    std::vector<std::string> arguments = split(listed, ' ');
    std::reverse(arguments.begin(), arguments.end());
    if (arguments.size() == 1 && arguments[0].size() > 1 && arguments[0][0] == '-') {
        const std::string typed = arguments[0].substr(0, arguments[0].find('='));
        const std::string meant = closest(typed, option_names(command));
        if (!meant.empty())
            // TRANSLATORS: {0} is an option as typed (--formt), {1} the nearest option.
            return trf("unknown option '{}'; did you mean '{}'?", arguments[0], meant);
        // TRANSLATORS: {} is an option as typed (--bogus).
        return trf("unknown option '{}'", arguments[0]);
    }
    // TRANSLATORS: {} is the list of arguments the command does not take ('a.jgn', 'b.jgn').
    return trn("unexpected argument {}", "unexpected arguments {}", arguments.size(),
               quoted_list(arguments));
}

std::string required_message(const std::string& name, const CLI::App& command) {
    const CLI::Option* option = command.get_option_no_throw(name);
    if (option != nullptr && option->get_lnames().empty() && option->get_snames().empty())
        // TRANSLATORS: {0} is the name of a command's argument (files), {1} what it takes
        // (FILE ...), as the command's --help lists it.
        return trf("the argument {} ({}) is missing", name, option->get_type_name());
    // TRANSLATORS: {} is an option (--output).
    return trf("the option {} is required", name);
}

}  // namespace

std::string usage_error_message(const CLI::ParseError& error, const CLI::App& command) {
    const std::string words = error.what();
    // CLI11 2.1's sentences, as its Error.hpp and Validators.hpp write them. A sentence none of
    // these matches is shown as CLI11 wrote it. Made here: only a wrong command line pays them.
    const std::regex extras_words(R"(The following arguments? (?:was|were) not expected: (.*))");
    const std::regex typed_missing_words(R"((\S+): \d+ required (.+) missing)");
    const std::regex member_words(R"((\S+): (.*) not in \{(.*)\})");
    const std::regex range_words(R"((\S+): Value (.*) not in range (\S+) to (\S+))");
    const std::regex conversion_words(R"(Could not convert: (\S+) = (.*))");
    const std::regex excludes_words(R"((\S+) excludes (\S+))");
    const std::regex requires_words(R"((\S+) requires (\S+))");
    const std::regex required_words(R"((\S+) is required)");
    if (words == "A subcommand is required") return tr("no command given");
    std::smatch m;
    if (std::regex_match(words, m, extras_words)) return extras_message(m[1], command);
    if (std::regex_match(words, m, typed_missing_words))
        // TRANSLATORS: {0} is an option (--games), {1} the value it takes (N (0 to 100)).
        return trf("the option {} needs a value: {}", m.str(1), m.str(2));
    if (std::regex_match(words, m, range_words))
        // TRANSLATORS: {0} is an option (--jobs), {1} and {2} the smallest and the largest
        // value it takes, {3} the value given.
        return trf("{} takes a number from {} to {}; '{}' is not one", m.str(1),
                   plain_number(m.str(3)), plain_number(m.str(4)), m.str(2));
    if (std::regex_match(words, m, member_words)) {
        const std::vector<std::string> values = split(m[3], ',');
        std::string list;
        for (const std::string& value : values) list += (list.empty() ? "" : ", ") + value;
        const std::string meant = closest(m.str(2), values);
        if (!meant.empty())
            // TRANSLATORS: {0} is the value given, {1} the option (--format), {2} the nearest
            // value it takes, {3} all the values it takes (text, json, jsonl).
            return trf("'{}' is not a value of {}; did you mean '{}'? (its values are {})",
                       m.str(2), m.str(1), meant, list);
        // TRANSLATORS: {0} is the value given, {1} the option (--format), {2} the values it
        // takes (text, json, jsonl).
        return trf("'{}' is not a value of {}; its values are {}", m.str(2), m.str(1), list);
    }
    if (std::regex_match(words, m, conversion_words))
        // TRANSLATORS: {0} is the value given, {1} the option (--seed).
        return trf("'{}' is not a value {} takes", m.str(2), m.str(1));
    if (std::regex_match(words, m, excludes_words))
        // TRANSLATORS: {0} and {1} are options (--quiet, --summary).
        return trf("{} and {} cannot be given together", m.str(1), m.str(2));
    if (std::regex_match(words, m, requires_words))
        // TRANSLATORS: {0} and {1} are options: {0} is given only with {1}.
        return trf("{} is given only with {}", m.str(1), m.str(2));
    if (std::regex_match(words, m, required_words)) return required_message(m[1], command);
    return words;
}

void number_in_range(CLI::Option& option, std::string_view value_name, long long min,
                     long long max) {
    // TRANSLATORS: the value of a number option in the help: {0} its name (N), {1} and {2} the
    // smallest and the largest number it takes: "N (1 to 256)".
    option.type_name(trf("{} ({} to {})", value_name, min, max));
    option.check(CLI::Range(min, max).description(""));
}

void decimal_in_range(CLI::Option& option, std::string_view value_name, double min, double max) {
    option.type_name(trf("{} ({} to {})", value_name, min, max));
    option.check(CLI::Range(min, max).description(""));
}

}  // namespace jv::cli
