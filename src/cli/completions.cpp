// jelimvre completions bash|zsh|fish
//
// The scripts are written from the command line itself, after every subcommand has registered
// its options, so that they cannot drift from it: the subcommands, their options and help texts
// come from CLI11, the values of an option from its IsMember check, and the option names of
// --set from each game's option table. Where no check lists the values, the option's type name
// says what they are (the table `value_kinds` below): a file, a game, or OPTION=VALUE.
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/output.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::cli {

namespace {

enum class ValueKind { none, choices, files, games, settings };

struct TypeNameKind {
    std::string_view type_name;
    ValueKind kind;
};

// The type names (the metavariables of --help) whose values a shell can complete.
constexpr TypeNameKind value_kinds[] = {
    {"FILE", ValueKind::files}, {"IN", ValueKind::files},     {"OUT", ValueKind::files},
    {"A B", ValueKind::files},  {"A.jgn", ValueKind::files},  {"B.jgn", ValueKind::files},
    {"NAME", ValueKind::games}, {"N|NAME", ValueKind::games}, {"OPTION=VALUE", ValueKind::settings},
};

struct OptionInfo {
    std::vector<std::string> names;  // "--format", "-o"
    std::string help;
    std::string type_name;
    int values = 0;           // values per use; 0 for a flag
    bool repeatable = false;  // may be given again (--set) or takes any number of values
    ValueKind kind = ValueKind::none;
    std::vector<std::string> choices;
};

struct CommandInfo {
    std::string name;
    std::string help;
    std::vector<OptionInfo> options;
    std::vector<OptionInfo> positionals;
};

struct Setting {
    std::string name;
    std::vector<std::string> values;
};

struct Model {
    std::vector<OptionInfo> root_options;
    std::vector<CommandInfo> commands;
    std::vector<std::string> games;  // as --game takes them, in lower case
    std::vector<Setting> settings;   // every game's options, each name once
};

// Whether a value can stand unquoted in every script (case patterns, word lists). Every value
// of today's tables is; one that is not is left out rather than break a script.
bool plain(std::string_view word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-' || c == '.' || c == '+';
    });
}

// The values an IsMember check accepts. CLI11 describes such a check as "{a,b,c}"; each value
// read back from the description is run through the check, so that a description of another
// shape yields no value rather than a wrong one.
std::vector<std::string> checked_values(CLI::Option& option) {
    std::vector<std::string> values;
    for (int i = 0;; ++i) {
        CLI::Validator* validator = nullptr;
        try {
            validator = option.get_validator(i);  // throws past the last one
        } catch (const CLI::OptionNotFound&) {
        }
        if (validator == nullptr) break;
        const std::string description = validator->get_description();
        if (description.size() < 2 || description.front() != '{' || description.back() != '}')
            continue;
        std::string_view list(description);
        list = list.substr(1, list.size() - 2);
        while (!list.empty()) {
            const std::size_t comma = std::min(list.find(','), list.size());
            std::string value(list.substr(0, comma));
            std::string checked = value;
            if (plain(value) && (*validator)(checked).empty() && checked == value)
                values.push_back(std::move(value));
            list.remove_prefix(std::min(comma + 1, list.size()));
        }
    }
    return values;
}

OptionInfo option_info(CLI::Option& option) {
    OptionInfo info;
    for (const std::string& name : option.get_lnames()) info.names.push_back("--" + name);
    for (const std::string& name : option.get_snames()) info.names.push_back("-" + name);
    info.help = option.get_description();
    // get_type_name() appends the checks' descriptions after a ':'.
    info.type_name = option.get_type_name();
    info.type_name = info.type_name.substr(0, info.type_name.find(':'));
    const int min = option.get_items_expected_min();
    const int max = option.get_items_expected_max();
    if (option.get_expected_max() > 0) {  // flags expect none
        info.values = std::max(min, 1);
        info.repeatable = max > min;
        if (info.repeatable && !option.get_allow_extra_args()) info.values = 1;
        info.choices = checked_values(option);
        if (!info.choices.empty()) {
            info.kind = ValueKind::choices;
        } else {
            for (const TypeNameKind& known : value_kinds)
                if (info.type_name == known.type_name) info.kind = known.kind;
        }
    }
    return info;
}

std::vector<OptionInfo> options_of(CLI::App& app, bool positional) {
    std::vector<OptionInfo> out;
    for (CLI::Option* option : app.get_options({}))
        if (option->get_positional() == positional && (positional || option->nonpositional()))
            out.push_back(option_info(*option));
    return out;
}

Model model_of(CLI::App& root) {
    Model model;
    model.root_options = options_of(root, false);
    for (CLI::App* sub : root.get_subcommands([](CLI::App*) { return true; })) {
        CommandInfo command{sub->get_name(), sub->get_description(), options_of(*sub, false),
                            options_of(*sub, true)};
        model.commands.push_back(std::move(command));
    }
    for (const auto& game : game_catalog().games()) {
        if (plain(game->name())) model.games.push_back(ascii_lowercase(game->name()));
        for (const OptionSpec& option : game->options()) {
            if (!plain(option.name)) continue;
            auto same = [&](const Setting& s) { return s.name == option.name; };
            auto it = std::find_if(model.settings.begin(), model.settings.end(), same);
            if (it == model.settings.end())
                it = model.settings.insert(model.settings.end(),
                                           Setting{std::string(option.name), {}});
            for (std::string_view value : option.values)
                if (plain(value) &&
                    std::find(it->values.begin(), it->values.end(), value) == it->values.end())
                    it->values.emplace_back(value);
        }
    }
    return model;
}

std::string join(const std::vector<std::string>& words, std::string_view between = " ") {
    std::string out;
    for (const std::string& word : words) out += (out.empty() ? "" : std::string(between)) + word;
    return out;
}

// A shell word in single quotes (the same in bash, zsh and fish, except for fish's backslash).
std::string shell_quoted(std::string_view text, bool fish = false) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += fish ? "\\'" : "'\\''";
        else if (c == '\\' && fish)
            out += "\\\\";
        else
            out += c;
    }
    return out + "'";
}

std::vector<std::string> setting_names(const Model& model, std::string_view suffix = "") {
    std::vector<std::string> names;
    for (const Setting& setting : model.settings)
        names.push_back(setting.name + std::string(suffix));
    return names;
}

std::vector<std::string> setting_pairs(const Model& model) {
    std::vector<std::string> pairs;
    for (const Setting& setting : model.settings)
        for (const std::string& value : setting.values) pairs.push_back(setting.name + "=" + value);
    return pairs;
}

std::vector<std::string> all_names(const std::vector<OptionInfo>& options) {
    std::vector<std::string> names;
    for (const OptionInfo& option : options)
        for (const std::string& name : option.names) names.push_back(name);
    return names;
}

// The options that take OPTION=VALUE (--set), under any subcommand.
std::vector<std::string> settings_options(const Model& model) {
    std::vector<std::string> names;
    for (const CommandInfo& command : model.commands)
        for (const OptionInfo& option : command.options)
            if (option.kind == ValueKind::settings)
                for (const std::string& name : option.names)
                    if (std::find(names.begin(), names.end(), name) == names.end())
                        names.push_back(name);
    return names;
}

// --- bash -------------------------------------------------------------------------------------

// The bash line that completes a value of this kind from "$cur".
std::string bash_values(const OptionInfo& option, const Model& model) {
    switch (option.kind) {
        case ValueKind::choices:
            return "_jelimvre_words " + shell_quoted(join(option.choices));
        case ValueKind::files:
            return "_jelimvre_files";
        case ValueKind::games:
            return "_jelimvre_words " + shell_quoted(join(model.games));
        case ValueKind::settings:
            return "_jelimvre_settings";
        case ValueKind::none:
            break;
    }
    return ":";
}

std::string bash_script(const Model& model) {
    std::string out =
        "# bash completion for jelimvre, written by 'jelimvre completions bash'.\n"
        "\n"
        "_jelimvre_words() {\n"
        "    COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))\n"
        "}\n"
        "\n"
        "_jelimvre_files() {\n"
        "    local IFS=$'\\n'\n"
        "    compopt -o filenames 2>/dev/null\n"
        "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "}\n"
        "\n"
        "# --set OPTION=VALUE: the option names first, then, once the word holds a '=', the\n"
        "# values (when '=' is not a word break of its own).\n"
        "_jelimvre_settings() {\n"
        "    if [[ $cur == *=* ]]; then\n"
        "        _jelimvre_words " +
        shell_quoted(join(setting_pairs(model))) +
        "\n"
        "    else\n"
        "        compopt -o nospace 2>/dev/null\n"
        "        _jelimvre_words " +
        shell_quoted(join(setting_names(model, "="))) +
        "\n"
        "    fi\n"
        "}\n"
        "\n"
        "_jelimvre() {\n"
        "    local k=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} prev= before= before2=\n"
        "    ((k >= 1)) && prev=${COMP_WORDS[k - 1]}\n"
        "    ((k >= 2)) && before=${COMP_WORDS[k - 2]}\n"
        "    ((k >= 3)) && before2=${COMP_WORDS[k - 3]}\n"
        "    # bash makes '=' a word of its own: --format=json and --set name=value come in\n"
        "    # pieces.\n"
        "    if [[ $cur == = ]]; then\n"
        "        cur= before2=$before before=$prev prev==\n"
        "    fi\n"
        "    local option= setting=\n"
        "    if [[ $prev == = ]]; then\n"
        "        if [[ $before == -* ]]; then\n"
        "            option=$before\n"
        "        else\n"
        "            case $before2 in\n"
        "            " +
        join(settings_options(model), "|") +
        ") setting=$before ;;\n"
        "            esac\n"
        "        fi\n"
        "    elif [[ $prev == -* ]]; then\n"
        "        option=$prev\n"
        "    fi\n"
        "    local command= i\n"
        "    for ((i = 1; i < k; i++)); do\n"
        "        if [[ ${COMP_WORDS[i]} != -* ]]; then\n"
        "            command=${COMP_WORDS[i]}\n"
        "            break\n"
        "        fi\n"
        "    done\n"
        "    COMPREPLY=()\n"
        "    if [[ -n $setting ]]; then\n"
        "        case $setting in\n";
    for (const Setting& setting : model.settings)
        out += "        " + setting.name + ") _jelimvre_words " +
               shell_quoted(join(setting.values)) + " ;;\n";
    out +=
        "        esac\n"
        "        return 0\n"
        "    fi\n"
        "    case $command in\n"
        "    '')\n"
        "        if [[ $cur == -* ]]; then\n"
        "            _jelimvre_words " +
        shell_quoted(join(all_names(model.root_options))) +
        "\n"
        "        else\n"
        "            _jelimvre_words ";
    std::vector<std::string> names;
    for (const CommandInfo& command : model.commands) names.push_back(command.name);
    out += shell_quoted(join(names)) +
           "\n"
           "        fi\n"
           "        ;;\n";
    for (const CommandInfo& command : model.commands) {
        out += "    " + command.name + ")\n        case $option in\n";
        for (const OptionInfo& option : command.options) {
            if (option.values == 0) continue;
            out += "        " + join(option.names, "|") + ")\n            " +
                   bash_values(option, model) + "\n            return 0\n            ;;\n";
        }
        out += "        esac\n";
        const std::string options =
            "_jelimvre_words " + shell_quoted(join(all_names(command.options)));
        const bool positional_values =
            std::any_of(command.positionals.begin(), command.positionals.end(),
                        [](const OptionInfo& p) { return p.kind != ValueKind::none; });
        if (positional_values) {
            out += "        if [[ $cur == -* ]]; then\n            " + options +
                   "\n        else\n            " +
                   bash_values(command.positionals.front(), model) + "\n        fi\n";
        } else {
            out += "        " + options + "\n";
        }
        out += "        ;;\n";
    }
    out +=
        "    esac\n"
        "    return 0\n"
        "}\n"
        "\n"
        "complete -F _jelimvre jelimvre\n";
    return out;
}

// --- zsh --------------------------------------------------------------------------------------

// Text of an _arguments specification: a description ends at ']', a message at ':'.
std::string zsh_text(std::string_view text, bool message = false) {
    std::string out;
    for (char c : text) {
        if (c == '\\' || (message ? c == ':' : (c == '[' || c == ']'))) out += '\\';
        out += c;
    }
    return out;
}

std::string zsh_action(const OptionInfo& option, const Model& model) {
    switch (option.kind) {
        case ValueKind::choices:
            return "(" + join(option.choices) + ")";
        case ValueKind::files:
            return "_files";
        case ValueKind::games:
            return "(" + join(model.games) + ")";
        case ValueKind::settings:
            return "_jelimvre_settings";
        case ValueKind::none:
            break;
    }
    return " ";
}

// One _arguments specification per name of the option.
// `exclude` names what else the option excludes ("- *": every option and argument after it).
std::vector<std::string> zsh_specs(const OptionInfo& option, const Model& model,
                                   std::string_view exclude = "") {
    std::vector<std::string> specs;
    std::string values;
    // "A B": one message per value.
    std::vector<std::string> messages;
    std::string_view type_name = option.type_name;
    while (!type_name.empty()) {
        const std::size_t space = std::min(type_name.find(' '), type_name.size());
        messages.emplace_back(type_name.substr(0, space));
        type_name.remove_prefix(std::min(space + 1, type_name.size()));
    }
    for (int i = 0; i < option.values; ++i) {
        const std::size_t m = static_cast<std::size_t>(i);
        const std::string message =
            m < messages.size() ? messages[m] : (messages.empty() ? "value" : messages.back());
        values += ":" + zsh_text(message, true) + ":" + zsh_action(option, model);
    }
    std::string exclusion;
    if (!exclude.empty() || option.names.size() > 1)
        exclusion =
            "(" + std::string(exclude) + (exclude.empty() ? "" : " ") + join(option.names) + ")";
    for (const std::string& name : option.names) {
        std::string spec = (option.repeatable ? "*" : exclusion) + name;
        // Long options take their value after '=' or as the next word, short ones attached or
        // as the next word.
        if (option.values == 1) spec += name.rfind("--", 0) == 0 ? "=" : "+";
        spec += "[" + zsh_text(option.help) + "]" + values;
        specs.push_back(shell_quoted(spec));
    }
    return specs;
}

std::string zsh_script(const Model& model) {
    std::string out =
        "#compdef jelimvre\n"
        "# zsh completion for jelimvre, written by 'jelimvre completions zsh'.\n"
        "\n"
        "# --set OPTION=VALUE: the option names, then the values of the one before '='.\n"
        "_jelimvre_settings() {\n"
        "    if compset -P '*='; then\n"
        "        case ${IPREFIX%=} in\n";
    for (const Setting& setting : model.settings)
        out += "        " + setting.name + ") compadd -- " + join(setting.values) + " ;;\n";
    out +=
        "        esac\n"
        "    else\n"
        "        compadd -S = -- " +
        join(setting_names(model)) +
        "\n"
        "    fi\n"
        "}\n"
        "\n"
        "_jelimvre() {\n"
        "    local curcontext=$curcontext state line\n"
        "    typeset -A opt_args\n"
        "    _arguments -C \\\n";
    for (const OptionInfo& option : model.root_options)
        for (const std::string& spec : zsh_specs(option, model, "- *"))
            out += "        " + spec + " \\\n";
    out +=
        "        '1:command:->command' \\\n"
        "        '*::argument:->argument' && return 0\n"
        "    case $state in\n"
        "    command)\n"
        "        local -a commands=(\n";
    for (const CommandInfo& command : model.commands)
        out += "            " + shell_quoted(command.name + ":" + command.help) + "\n";
    out +=
        "        )\n"
        "        _describe -t commands 'jelimvre command' commands\n"
        "        ;;\n"
        "    argument)\n"
        "        curcontext=${curcontext%:*:*}:jelimvre-$words[1]:\n"
        "        case $words[1] in\n";
    for (const CommandInfo& command : model.commands) {
        out += "        " + command.name + ")\n            _arguments";
        for (const OptionInfo& option : command.options)
            for (const std::string& spec : zsh_specs(option, model))
                out += " \\\n                " + spec;
        int position = 1;
        for (const OptionInfo& positional : command.positionals) {
            const std::string where =
                positional.repeatable ? std::string("*") : std::to_string(position++);
            out += " \\\n                " +
                   shell_quoted(where + ":" + zsh_text(positional.type_name, true) + ":" +
                                zsh_action(positional, model));
        }
        out += "\n            ;;\n";
    }
    out +=
        "        esac\n"
        "        ;;\n"
        "    esac\n"
        "}\n"
        "\n"
        "_jelimvre \"$@\"\n";
    return out;
}

// --- fish -------------------------------------------------------------------------------------

std::string fish_values(const OptionInfo& option, const Model& model) {
    switch (option.kind) {
        case ValueKind::choices:
            return " -x -a " + shell_quoted(join(option.choices), true);
        case ValueKind::files:
            return " -r -F";
        case ValueKind::games:
            return " -x -a " + shell_quoted(join(model.games), true);
        case ValueKind::settings:
            return " -x -a " + shell_quoted(join(setting_pairs(model)), true);
        case ValueKind::none:
            break;
    }
    return " -x";
}

std::string fish_option(const std::string& condition, const OptionInfo& option,
                        const Model& model) {
    std::string out = "complete -c jelimvre -n " + condition;
    for (const std::string& name : option.names)
        out += (name.rfind("--", 0) == 0 ? " -l " + name.substr(2) : " -s " + name.substr(1));
    if (option.values > 0) out += fish_values(option, model);
    return out + " -d " + shell_quoted(option.help, true) + "\n";
}

std::string fish_script(const Model& model) {
    std::string out =
        "# fish completion for jelimvre, written by 'jelimvre completions fish'.\n"
        "\n"
        "complete -c jelimvre -f\n";
    for (const OptionInfo& option : model.root_options)
        out += fish_option("__fish_use_subcommand", option, model);
    for (const CommandInfo& command : model.commands)
        out += "complete -c jelimvre -n __fish_use_subcommand -a " + command.name + " -d " +
               shell_quoted(command.help, true) + "\n";
    for (const CommandInfo& command : model.commands) {
        const std::string condition =
            shell_quoted("__fish_seen_subcommand_from " + command.name, true);
        for (const OptionInfo& option : command.options)
            out += fish_option(condition, option, model);
        if (!command.positionals.empty()) {
            const OptionInfo& positional = command.positionals.front();
            if (positional.kind == ValueKind::files)
                out += "complete -c jelimvre -n " + condition + " -F\n";
            else if (positional.kind != ValueKind::none)
                out += "complete -c jelimvre -n " + condition + " -a " +
                       shell_quoted(join(positional.kind == ValueKind::games ? model.games
                                                                             : positional.choices),
                                    true) +
                       "\n";
        }
    }
    return out;
}

struct CompletionsOptions {
    std::string shell;
};

}  // namespace

Command setup_completions(CLI::App& parent) {
    auto options = std::make_shared<CompletionsOptions>();
    CLI::App* app = parent.add_subcommand(
        "completions",
        // TRANSLATORS: bash, zsh and fish are shells' names: keep them.
        tr("Print the completion script of bash, zsh or fish for jelimvre: its commands, their "
           "options and the values these take"));
    app->add_option("shell", options->shell,
                    // TRANSLATORS: bash, zsh and fish are the values of SHELL: keep them.
                    tr("bash, zsh or fish"))
        ->required()
        ->check(CLI::IsMember({"bash", "zsh", "fish"}))
        ->type_name("SHELL");
    app->footer(
        // TRANSLATORS: the paths are files' names: keep them.
        tr("Installed as share/bash-completion/completions/jelimvre, "
           "share/zsh/vendor-completions/_jelimvre and share/fish/vendor_completions.d/"
           "jelimvre.fish. Exit status: 0 printed; 2 the script could not be written, or a usage "
           "error."));
    // The whole command line is known only once every subcommand is registered: the model is
    // built when the command runs.
    CLI::App* root = &parent;
    return Command{app, [options, root] {
                       const Model model = model_of(*root);
                       if (options->shell == "bash")
                           write_out(bash_script(model));
                       else if (options->shell == "zsh")
                           write_out(zsh_script(model));
                       else
                           write_out(fish_script(model));
                       return finish_output() ? exit_ok : exit_unreadable;
                   }};
}

}  // namespace jv::cli
