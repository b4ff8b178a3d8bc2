#include "jelimvre/ruleset_file.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace jv::jel {

std::string FileDiagnostic::render() const {
    if (source) return render_diagnostic(*source, diagnostic);
    return fmt::format("{}: {}: {}\n", path, severity_name(diagnostic.severity),
                       diagnostic.message);
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

bool is_control(char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
}

std::string known_options() {
    std::string out;
    for (const OptionInfo& option : option_table())
        out += (out.empty() ? "" : ", ") + std::string(option.name);
    return out;
}

std::string unknown_option_message(std::string_view name) {
    const OptionInfo* closest = nullptr;
    std::size_t best = 4;
    for (const OptionInfo& option : option_table()) {
        std::size_t d = edit_distance(name, option.name);
        if (d < best) best = d, closest = &option;
    }
    if (closest != nullptr)
        return fmt::format("unknown option '{}'; did you mean '{}'?", name, closest->name);
    return fmt::format("unknown option '{}'; the options are: {}", name, known_options());
}

std::string values_of(const OptionInfo& option) {
    return fmt::format("'{}' (default) or '{}'", option.values[0], option.values[1]);
}

class Loader {
  public:
    explicit Loader(const RulesetFileReader& read) : read_(read) {}

    RulesetLoad out;

    std::optional<Ruleset> load(const std::string& path, std::vector<std::string>& chain) {
        if (path == "standard") return Ruleset{};
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
                 Diagnostic{
                     Severity::error, {}, "", "this ruleset extends itself (through 'extends:')"}});
            return std::nullopt;
        }
        chain.push_back(canonical);
        std::optional<Ruleset> result = read(source, path, chain);
        chain.pop_back();
        return result;
    }

  private:
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

    std::optional<Ruleset> read(const std::shared_ptr<const SourceFile>& source,
                                const std::string& path, std::vector<std::string>& chain) {
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
                                             fmt::format("this is not valid YAML: {}", e.msg)}});
            return std::nullopt;
        }
        if (!root.IsMap()) {
            out.errors.push_back({source, path,
                                  Diagnostic{Severity::error, region(*source, root), "",
                                             "a ruleset file is a mapping with 'name', "
                                             "'extends', 'description' and 'options'"}});
            return std::nullopt;
        }
        const std::size_t errors_before = out.errors.size();
        std::optional<std::string> name;
        Ruleset rules;
        std::vector<std::pair<const OptionInfo*, int>> settings;
        std::vector<std::string> seen_keys;
        for (auto it = root.begin(); it != root.end(); ++it) {
            const YAML::Node key = it->first;
            const YAML::Node value = it->second;
            std::string k = key.IsScalar() ? key.Scalar() : "";
            if (std::find(seen_keys.begin(), seen_keys.end(), k) != seen_keys.end()) {
                error(source, key, fmt::format("'{}' is given twice", k));
                continue;
            }
            seen_keys.push_back(k);
            if (k == "name" || k == "description") {
                if (!value.IsScalar() || value.Scalar().empty())
                    error(source, value.IsNull() ? key : value,
                          fmt::format("'{}' is a text, such as \"club-2026\"", k));
                // Other bytes would not survive `rules --write`: YAML escapes them as code
                // points, which read back as different bytes.
                else if (find_invalid_utf8(value.Scalar()) != std::string::npos)
                    error(source, value, fmt::format("'{}' is not valid UTF-8 text", k));
                // yaml-cpp keeps a carriage return that ends the file in the value and writes
                // it back unquoted, where it reads as a line end; a name is one line anyway.
                else if (k == "name" &&
                         std::any_of(value.Scalar().begin(), value.Scalar().end(), is_control))
                    error(source, value, "'name' is one line of text, without control characters");
                else if (k == "name")
                    name = value.Scalar();
            } else if (k == "extends") {
                if (!value.IsScalar() || value.Scalar().empty()) {
                    error(source, value.IsNull() ? key : value,
                          "'extends' names another ruleset file, or 'standard'");
                    continue;
                }
                std::string parent = value.Scalar();
                if (parent != "standard")
                    parent = (std::filesystem::path(path).parent_path() / parent).string();
                std::size_t before = out.errors.size();
                std::optional<Ruleset> base = load(parent, chain);
                if (base)
                    rules = *base;
                else if (out.errors.size() == before)
                    error(source, value,
                          fmt::format("cannot use the ruleset '{}'", value.Scalar()));
                else
                    error(source, value,
                          fmt::format("the ruleset '{}' that this file extends has errors",
                                      value.Scalar()));
            } else if (k == "options") {
                if (value.IsNull()) continue;
                if (!value.IsMap()) {
                    error(source, value, "'options' maps option names to values, one per line");
                    continue;
                }
                std::vector<std::string> seen_options;
                for (auto o = value.begin(); o != value.end(); ++o) {
                    const YAML::Node option_key = o->first;
                    const YAML::Node option_value = o->second;
                    std::string option_name = option_key.IsScalar() ? option_key.Scalar() : "";
                    const OptionInfo* option = find_option(option_name);
                    if (option == nullptr) {
                        error(source, option_key, unknown_option_message(option_name));
                        continue;
                    }
                    if (std::find(seen_options.begin(), seen_options.end(), option_name) !=
                        seen_options.end()) {
                        error(source, option_key,
                              fmt::format("option '{}' is given twice", option_name));
                        continue;
                    }
                    seen_options.push_back(option_name);
                    if (!option_value.IsScalar()) {
                        error(source, option_value.IsNull() ? option_key : option_value,
                              fmt::format("option '{}' takes one value: {}", option_name,
                                          values_of(*option)));
                        continue;
                    }
                    std::optional<int> v = find_value(*option, option_value.Scalar());
                    if (!v) {
                        error(source, option_value,
                              fmt::format("option '{}' ({}) takes {}, not '{}'", option_name,
                                          option->rule, values_of(*option), option_value.Scalar()));
                        continue;
                    }
                    settings.emplace_back(option, *v);
                }
            } else {
                error(source, key,
                      fmt::format(
                          "unknown key '{}'; a ruleset file has 'name', 'extends', "
                          "'description' and 'options'{}",
                          k, find_option(k) != nullptr ? " (options go under 'options:')" : ""));
            }
        }
        if (!name && out.errors.size() == errors_before)
            error(source, root, "a ruleset file needs a 'name', such as name: club-2026");
        if (out.errors.size() != errors_before) return std::nullopt;
        for (auto [option, v] : settings) option->set(rules, v);
        rules.name = *name;
        return rules;
    }
};

}  // namespace

RulesetLoad load_ruleset(const std::string& path) {
    return load_ruleset(path, load_source);
}

RulesetLoad load_ruleset(const std::string& path, const RulesetFileReader& read) {
    Loader loader(read);
    std::vector<std::string> chain;
    std::optional<Ruleset> rules = loader.load(path, chain);
    if (loader.out.errors.empty()) loader.out.ruleset = rules;
    return std::move(loader.out);
}

std::optional<std::string> apply_setting(Ruleset& rules, std::string_view setting) {
    std::size_t equals = setting.find('=');
    if (equals == std::string_view::npos) return fmt::format("'{}' is not OPTION=VALUE", setting);
    std::string_view name = setting.substr(0, equals);
    std::string_view value = setting.substr(equals + 1);
    const OptionInfo* option = find_option(name);
    if (option == nullptr) return unknown_option_message(name);
    std::optional<int> v = find_value(*option, value);
    if (!v)
        return fmt::format("option '{}' ({}) takes {}, not '{}'", name, option->rule,
                           values_of(*option), value);
    option->set(rules, *v);
    return std::nullopt;
}

std::string fingerprint(const Ruleset& rules) {
    // FNV-1a over "option=value;" in table order.
    std::uint64_t hash = 14695981039346656037ull;
    auto add = [&](std::string_view text) {
        for (char c : text) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 1099511628211ull;
        }
    };
    for (const OptionInfo& option : option_table()) {
        add(option.name);
        add("=");
        add(option.values[static_cast<std::size_t>(option.get(rules))]);
        add(";");
    }
    return fmt::format("{:08x}", static_cast<std::uint32_t>(hash ^ (hash >> 32)));
}

std::string ruleset_to_yaml(const Ruleset& rules) {
    YAML::Emitter out;
    out << YAML::Comment("jelimvre ruleset: the reading of each disputed rule (notation/rules.md)");
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << rules.name;
    out << YAML::Key << "extends" << YAML::Value << "standard";
    out << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
    for (const OptionInfo& option : option_table()) {
        out << YAML::Key << std::string(option.name) << YAML::Value
            << std::string(option.values[static_cast<std::size_t>(option.get(rules))])
            << YAML::Comment(fmt::format("{}: {} (default {})", option.rule, option.description,
                                         option.values[0]));
    }
    out << YAML::EndMap << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::vector<const OptionInfo*> differing_options(const Ruleset& a, const Ruleset& b) {
    std::vector<const OptionInfo*> out;
    for (const OptionInfo& option : option_table())
        if (option.get(a) != option.get(b)) out.push_back(&option);
    return out;
}

}  // namespace jv::jel
