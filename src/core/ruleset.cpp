#include "core/ruleset.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv {

std::string FileDiagnostic::render(DiagnosticStyle style) const {
    if (source) return render_diagnostic(*source, diagnostic, style);
    return render_located_message(path, diagnostic.severity, diagnostic.message, style);
}

std::optional<std::size_t> find_option(const Game& game, std::string_view name) {
    const std::span<const OptionSpec> options = game.options();
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].name == name) return i;
    return std::nullopt;
}

std::string unknown_option_message(const Game& game, std::string_view name) {
    const OptionSpec* closest = nullptr;
    std::size_t best = 4;
    std::string known;
    for (const OptionSpec& option : game.options()) {
        known += (known.empty() ? "" : ", ") + std::string(option.name);
        std::size_t d = edit_distance(name, option.name);
        if (d < best) best = d, closest = &option;
    }
    if (closest != nullptr)
        // TRANSLATORS: {0} is the option given, {1} an option of the game's ruleset.
        return trf("unknown option '{}'; did you mean '{}'?", name, closest->name);
    // TRANSLATORS: {0} is the option given, {1} the list of the game's options.
    return trf("unknown option '{}'; the options are: {}", name, known);
}

namespace {

bool is_control(char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
}

// "'hold' (default) or 'advance'"; with more values "'a' (default), 'b', 'c' or 'd'".
std::string values_of(const OptionSpec& option) {
    if (option.values.empty()) return {};
    // TRANSLATORS: {} is an option's default value, quoted ('hold').
    std::string out = trf("'{}' (default)", option.values.front());
    for (std::size_t i = 1; i + 1 < option.values.size(); ++i)
        out += fmt::format(", '{}'", option.values[i]);
    if (option.values.size() > 1)
        // TRANSLATORS: the end of a list of choices: {0} is the list so far ("J7.1, J7.2", or
        // "'a' (default), 'b'"), {1} its last item; the list reads "J7.1, J7.2 or J7.10".
        out = trf("{} or {}", out, fmt::format("'{}'", option.values.back()));
    return out;
}

std::optional<std::uint8_t> find_value(const OptionSpec& option, std::string_view value) {
    for (std::size_t i = 0; i < option.values.size(); ++i)
        if (option.values[i] == value) return static_cast<std::uint8_t>(i);
    return std::nullopt;
}

// The keys of a ruleset file, as messages list them: translated where a message is made.
// TRANSLATORS: the keys of a ruleset file: keep each quoted word.
constexpr const char* keys_text = N_("'name', 'game', 'extends', 'description' and 'options'");

class Loader {
  public:
    Loader(const GameCatalog& catalog, const RulesetFileReader& read)
        : catalog_(catalog), read_(read) {}
    RulesetLoad out;

    // The ruleset of `path`; `game` is set to the game it is for.
    std::optional<Ruleset> load(const std::string& path, const Game* standard_game,
                                const Game*& game, std::vector<std::string>& chain) {
        if (path == "standard") {
            game = standard_game != nullptr ? standard_game : &catalog_.default_game();
            return game->standard_ruleset();
        }
        std::string text;
        std::string error;
        if (!read_(path, text, error)) {
            out.errors.push_back({nullptr, path, Diagnostic{Severity::error, {}, "", error}});
            return std::nullopt;
        }
        auto source = std::make_shared<const SourceFile>(path, std::move(text));
        std::string canonical = std::filesystem::weakly_canonical(path).string();
        if (std::find(chain.begin(), chain.end(), canonical) != chain.end()) {
            out.errors.push_back(
                {source, path,
                 Diagnostic{Severity::error,
                            {},
                            "",
                            tr("this ruleset extends itself (through 'extends:')")}});
            return std::nullopt;
        }
        chain.push_back(canonical);
        std::optional<Ruleset> result = read(source, path, game, chain);
        chain.pop_back();
        return result;
    }

  private:
    const GameCatalog& catalog_;
    const RulesetFileReader& read_;

    void error(const std::shared_ptr<const SourceFile>& source, const YAML::Node& at,
               std::string message) {
        out.errors.push_back(
            {source, source->path(),
             Diagnostic{Severity::error, region(*source, at), "", std::move(message)}});
    }

    static SourceRegion region(const SourceFile& source, const YAML::Node& node) {
        YAML::Mark mark = node.Mark();
        if (mark.is_null() || mark.pos < 0) return {};
        auto begin = std::min(static_cast<std::uint32_t>(mark.pos), source.size());
        std::uint32_t length =
            node.IsScalar() ? static_cast<std::uint32_t>(node.Scalar().size()) : 1;
        return {begin, std::min(begin + std::max<std::uint32_t>(length, 1), source.size())};
    }

    // The game the file names (the default game when it names none), found before the other
    // keys are read: the options belong to it.
    const Game* game_of(const std::shared_ptr<const SourceFile>& source, const YAML::Node& root) {
        const YAML::Node value = root["game"];
        if (!value) return &catalog_.default_game();
        if (value.IsScalar())
            if (const Game* game = catalog_.find_any_case(value.Scalar())) return game;
        std::string known;
        for (std::string_view name : catalog_.names())
            known += (known.empty() ? "" : ", ") + std::string(name);
        if (value.IsScalar())
            error(
                source, value,
                // TRANSLATORS: 'game' is a key of the ruleset file: keep it. {0} is the list of
                // the games this tool knows, {1} the value the file gives.
                trf("'game' names a game this tool referees: {}, not '{}'", known, value.Scalar()));
        else
            // TRANSLATORS: 'game' is a key of the ruleset file: keep it. {} is the list of the
            // games this tool knows.
            error(source, value, trf("'game' names a game this tool referees: {}", known));
        return nullptr;
    }

    std::optional<Ruleset> read(const std::shared_ptr<const SourceFile>& source,
                                const std::string& path, const Game*& game,
                                std::vector<std::string>& chain) {
        YAML::Node root;
        try {
            root = YAML::Load(std::string(source->text()));
        } catch (const YAML::Exception& e) {
            // yaml-cpp marks an error at the end of the text (an unclosed '[') one past the
            // last character: the region is kept inside the file.
            const std::uint32_t pos =
                std::min(static_cast<std::uint32_t>(std::max(e.mark.pos, 0)), source->size());
            out.errors.push_back({source, path,
                                  Diagnostic{Severity::error,
                                             {pos, std::min(pos + 1, source->size())},
                                             "",
                                             // TRANSLATORS: {} is the YAML reader's message.
                                             trf("this is not valid YAML: {}", e.msg)}});
            return std::nullopt;
        }
        if (!root.IsMap()) {
            out.errors.push_back(
                {source, path,
                 Diagnostic{Severity::error, region(*source, root), "",
                            // TRANSLATORS: {} is the list of the keys ('name', 'game' ...).
                            trf("a ruleset file is a mapping with {}", tr(keys_text))}});
            return std::nullopt;
        }
        game = game_of(source, root);
        if (game == nullptr) return std::nullopt;
        const std::size_t errors_before = out.errors.size();
        std::optional<std::string> name;
        Ruleset rules = game->standard_ruleset();
        std::vector<std::pair<std::size_t, std::uint8_t>> settings;
        std::vector<std::string> seen_keys;
        for (auto it = root.begin(); it != root.end(); ++it) {
            const YAML::Node key = it->first;
            const YAML::Node value = it->second;
            std::string k = key.IsScalar() ? key.Scalar() : "";
            if (std::find(seen_keys.begin(), seen_keys.end(), k) != seen_keys.end()) {
                // TRANSLATORS: {} is a key of the ruleset file (name).
                error(source, key, trf("'{}' is given twice", k));
                continue;
            }
            seen_keys.push_back(k);
            if (k == "game") continue;  // read first, by game_of
            if (k == "name" || k == "description") {
                if (!value.IsScalar() || value.Scalar().empty())
                    error(source, value.IsNull() ? key : value,
                          // TRANSLATORS: {} is a key of the ruleset file (name, description).
                          trf("'{}' is a text, such as \"club-2026\"", k));
                // Other bytes would not survive `rules --write`: YAML escapes them as code
                // points, which read back as different bytes.
                else if (find_invalid_utf8(value.Scalar()) != std::string::npos)
                    // TRANSLATORS: {} is a key of the ruleset file (name, description).
                    error(source, value, trf("'{}' is not valid UTF-8 text", k));
                // yaml-cpp keeps a carriage return that ends the file in the value and writes
                // it back unquoted, where it reads as a line end; a name is one line anyway.
                else if (k == "name" &&
                         std::any_of(value.Scalar().begin(), value.Scalar().end(), is_control))
                    error(source, value,
                          tr("'name' is one line of text, without control characters"));
                else if (k == "name")
                    name = value.Scalar();
            } else if (k == "extends") {
                if (!value.IsScalar() || value.Scalar().empty()) {
                    error(source, value.IsNull() ? key : value,
                          tr("'extends' names another ruleset file, or 'standard'"));
                    continue;
                }
                std::string parent = value.Scalar();
                if (parent != "standard")
                    parent = (std::filesystem::path(path).parent_path() / parent).string();
                std::size_t before = out.errors.size();
                const Game* parent_game = nullptr;
                std::optional<Ruleset> base = load(parent, game, parent_game, chain);
                if (base && parent_game != game)
                    error(source, value,
                          // TRANSLATORS: {0} is the ruleset file extended, {1} its game, {2} the
                          // game of this file.
                          trf("'{}' is a ruleset of {}, and this one is of {}", value.Scalar(),
                              parent_game->name(), game->name()));
                else if (base)
                    rules = *base;
                else if (out.errors.size() == before)
                    // TRANSLATORS: {} is the ruleset file extended.
                    error(source, value, trf("cannot use the ruleset '{}'", value.Scalar()));
                else
                    error(
                        source, value,
                        // TRANSLATORS: {} is the ruleset file extended.
                        trf("the ruleset '{}' that this file extends has errors", value.Scalar()));
            } else if (k == "options") {
                if (value.IsNull()) continue;
                if (!value.IsMap()) {
                    error(source, value, tr("'options' maps option names to values, one per line"));
                    continue;
                }
                std::vector<std::string> seen_options;
                for (auto o = value.begin(); o != value.end(); ++o) {
                    const YAML::Node option_key = o->first;
                    const YAML::Node option_value = o->second;
                    std::string option_name = option_key.IsScalar() ? option_key.Scalar() : "";
                    const std::optional<std::size_t> index = find_option(*game, option_name);
                    if (!index) {
                        error(source, option_key, unknown_option_message(*game, option_name));
                        continue;
                    }
                    const OptionSpec& option = game->options()[*index];
                    if (std::find(seen_options.begin(), seen_options.end(), option_name) !=
                        seen_options.end()) {
                        error(source, option_key,
                              // TRANSLATORS: {} is an option's name (early_end).
                              trf("option '{}' is given twice", option_name));
                        continue;
                    }
                    seen_options.push_back(option_name);
                    if (!option_value.IsScalar()) {
                        error(
                            source, option_value.IsNull() ? option_key : option_value,
                            // TRANSLATORS: {0} is an option's name, {1} its values ("'hold'
                            // (default) or 'advance'").
                            trf("option '{}' takes one value: {}", option_name, values_of(option)));
                        continue;
                    }
                    std::optional<std::uint8_t> v = find_value(option, option_value.Scalar());
                    if (!v) {
                        error(source, option_value,
                              // TRANSLATORS: {0} is an option's name, {1} its rule id (J12.4),
                              // {2} its values ("'hold' (default) or 'advance'"), {3} the value
                              // given.
                              trf("option '{}' ({}) takes {}, not '{}'", option_name, option.rule,
                                  values_of(option), option_value.Scalar()));
                        continue;
                    }
                    settings.emplace_back(*index, *v);
                }
            } else {
                if (find_option(*game, k))
                    error(source, key,
                          // TRANSLATORS: {0} is the key given, an option's name; {1} the list of
                          // the keys ('name', 'game' ...).
                          trf("unknown key '{}'; a ruleset file has {} (options go under "
                              "'options:')",
                              k, tr(keys_text)));
                else
                    error(source, key,
                          // TRANSLATORS: {0} is the key given, {1} the list of the keys ('name',
                          // 'game' ...).
                          trf("unknown key '{}'; a ruleset file has {}", k, tr(keys_text)));
            }
        }
        if (!name && out.errors.size() == errors_before)
            error(source, root, tr("a ruleset file needs a 'name', such as 'name: club-2026'"));
        if (out.errors.size() != errors_before) return std::nullopt;
        for (auto [option, v] : settings) rules.values[option] = v;
        rules.name = *name;
        return rules;
    }
};

}  // namespace

RulesetLoad load_ruleset(const GameCatalog& catalog, const std::string& path,
                         const Game* standard_game) {
    return load_ruleset(catalog, path, standard_game, load_source);
}

RulesetLoad load_ruleset(const GameCatalog& catalog, const std::string& path,
                         const Game* standard_game, const RulesetFileReader& read) {
    Loader loader(catalog, read);
    std::vector<std::string> chain;
    const Game* game = nullptr;
    std::optional<Ruleset> rules = loader.load(path, standard_game, game, chain);
    if (loader.out.errors.empty()) {
        loader.out.ruleset = std::move(rules);
        loader.out.game = game;
    }
    return std::move(loader.out);
}

namespace {

// What is wrong with one setting, "option=value", written at `offset` of the settings' text:
// a message and the region it is about (the name, the value, or the whole setting). Applies it
// when nothing is.
std::optional<Diagnostic> setting_fault(const Game& game, Ruleset& rules, std::string_view setting,
                                        std::uint32_t offset) {
    auto located = [&](std::size_t begin, std::size_t length, std::string message) {
        const auto from = static_cast<std::uint32_t>(offset + begin);
        const auto to = static_cast<std::uint32_t>(from + std::max<std::size_t>(length, 1));
        return Diagnostic{Severity::error, {from, to}, "", std::move(message)};
    };
    const std::size_t equals = setting.find('=');
    if (equals == std::string_view::npos)
        // TRANSLATORS: {} is the value of --set; OPTION=VALUE is its form as the help shows it.
        return located(0, setting.size(), trf("'{}' is not OPTION=VALUE", setting));
    const std::string_view name = setting.substr(0, equals);
    const std::string_view value = setting.substr(equals + 1);
    const std::optional<std::size_t> index = find_option(game, name);
    if (!index) return located(0, name.size(), unknown_option_message(game, name));
    const OptionSpec& option = game.options()[*index];
    const std::optional<std::uint8_t> v = find_value(option, value);
    if (!v)
        return located(equals + 1, value.size(),
                       // TRANSLATORS: {0} is an option's name, {1} its rule id (J12.4), {2} its
                       // values ("'hold' (default) or 'advance'"), {3} the value given.
                       trf("option '{}' ({}) takes {}, not '{}'", name, option.rule,
                           values_of(option), value));
    rules.values[*index] = *v;
    return std::nullopt;
}

// Without a ruleset file or a game asked for, the game whose table has every option the
// settings name: the catalog's default game when they name none, or options of several games.
const Game& game_of_settings(const GameCatalog& catalog, std::span<const std::string> settings) {
    const Game* found = nullptr;
    for (const std::string& setting : settings) {
        const std::string_view name = std::string_view(setting).substr(0, setting.find('='));
        const Game* owner = nullptr;
        for (const auto& game : catalog.games())
            if (find_option(*game, name)) owner = owner == nullptr ? game.get() : owner;
        if (owner == nullptr) continue;
        if (found != nullptr && found != owner) return catalog.default_game();
        found = owner;
    }
    return found != nullptr ? *found : catalog.default_game();
}

}  // namespace

std::optional<std::string> apply_setting(const Game& game, Ruleset& rules,
                                         std::string_view setting) {
    if (std::optional<Diagnostic> fault = setting_fault(game, rules, setting, 0))
        return std::move(fault->message);
    return std::nullopt;
}

RulesetLoad load_ruleset(const GameCatalog& catalog, const std::string& path,
                         const Game* standard_game, std::span<const std::string> settings) {
    if (standard_game == nullptr && path == "standard" && !settings.empty())
        standard_game = &game_of_settings(catalog, settings);
    RulesetLoad load = load_ruleset(catalog, path, standard_game);
    if (!load.ruleset || settings.empty()) return load;
    // The settings are the lines of one input, "--set", so that each fault has a line (which
    // --set) and a column (where in it), and a caret under the name or the value.
    std::string text;
    std::vector<std::uint32_t> offsets;
    for (const std::string& setting : settings) {
        offsets.push_back(static_cast<std::uint32_t>(text.size()));
        text += setting;
        text += '\n';
    }
    auto source = std::make_shared<const SourceFile>("--set", std::move(text));
    for (std::size_t i = 0; i < settings.size(); ++i)
        if (std::optional<Diagnostic> fault =
                setting_fault(*load.game, *load.ruleset, settings[i], offsets[i]))
            load.errors.push_back({source, "--set", std::move(*fault)});
    if (!load.errors.empty()) {
        load.ruleset.reset();
        return load;
    }
    if (load.ruleset->name.find('+') == std::string::npos) load.ruleset->name += "+set";
    return load;
}

std::string_view value_of(std::span<const OptionSpec> options, const Ruleset& rules,
                          std::size_t option) {
    return options[option].values[rules.values[option]];
}

std::string fingerprint(std::span<const OptionSpec> options, const Ruleset& rules) {
    // FNV-1a over "option=value;" in table order.
    std::uint64_t hash = 14695981039346656037ull;
    auto add = [&](std::string_view text) {
        for (char c : text) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 1099511628211ull;
        }
    };
    for (std::size_t i = 0; i < options.size(); ++i) {
        add(options[i].name);
        add("=");
        add(value_of(options, rules, i));
        add(";");
    }
    return fmt::format("{:08x}", static_cast<std::uint32_t>(hash ^ (hash >> 32)));
}

std::string ruleset_to_yaml(const GameCatalog& catalog, const Game& game, const Ruleset& rules) {
    YAML::Emitter out;
    out << YAML::Comment(fmt::format("jelimvre ruleset: the reading of each disputed rule ({})",
                                     game.rules_reference()));
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << rules.name;
    if (&game != &catalog.default_game())
        out << YAML::Key << "game" << YAML::Value << std::string(game.name());
    out << YAML::Key << "extends" << YAML::Value << "standard";
    out << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
    for (std::size_t i = 0; i < game.options().size(); ++i) {
        const OptionSpec& option = game.options()[i];
        out << YAML::Key << std::string(option.name) << YAML::Value
            << std::string(value_of(game.options(), rules, i))
            << YAML::Comment(fmt::format("{}: {} (default {})", option.rule, option.description,
                                         option.values[0]));
    }
    out << YAML::EndMap << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::vector<std::size_t> differing_options(const Ruleset& a, const Ruleset& b) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < a.values.size() && i < b.values.size(); ++i)
        if (a.values[i] != b.values[i]) out.push_back(i);
    return out;
}

}  // namespace jv
