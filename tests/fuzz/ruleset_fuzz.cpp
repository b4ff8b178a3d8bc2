// Arbitrary bytes as a ruleset file, loaded through the same code as a file on disk. The file may
// extend itself (a cycle), one fixed parent, or a file that does not exist; the fuzzer never
// reaches the real file system, so 'extends: /dev/zero' cannot hang it.
#include <string>

#include "cli/games.hpp"
#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "fuzz_targets.hpp"

namespace jv::fuzz {

namespace {

constexpr const char* input_path = "fuzz-rulesets/input.yaml";
constexpr const char* parent_path = "fuzz-rulesets/parent.yaml";
constexpr const char* written_path = "fuzz-rulesets/written.yaml";

const GameCatalog& catalog() {
    return cli::game_catalog();
}

void check_errors(const RulesetLoad& load) {
    FUZZ_CHECK(!load.ruleset.has_value());
    for (const FileDiagnostic& e : load.errors) {
        FUZZ_CHECK(!e.path.empty());
        if (e.source) {
            const SourceRegion r = e.diagnostic.region;
            FUZZ_CHECK(r.begin <= r.end && r.end <= e.source->size());
        }
        FUZZ_CHECK(!e.render().empty());
    }
}

}  // namespace

int fuzz_ruleset(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::string written;
    const RulesetFileReader read = [&](const std::string& path, std::string& text,
                                       std::string& error) {
        if (path == input_path) {
            text = input;
        } else if (path == parent_path) {
            text =
                "name: parent\noptions:\n  wall_walk: unit\n  knight_vs_dragon: cannot-capture\n";
        } else if (path == written_path) {
            text = written;
        } else {
            error = "cannot open: No such file or directory";
            return false;
        }
        return true;
    };
    const RulesetLoad load = load_ruleset(catalog(), input_path, nullptr, read);
    if (!load.errors.empty()) {
        check_errors(load);
        return 0;
    }
    FUZZ_CHECK(load.ruleset.has_value());
    const Ruleset& rules = *load.ruleset;
    const Game& game = *load.game;
    FUZZ_CHECK(!rules.name.empty());
    FUZZ_CHECK(rules.values.size() == game.options().size());
    // What `jelimvre rules --format yaml` produces loads back to the same ruleset.
    written = ruleset_to_yaml(catalog(), game, rules);
    const RulesetLoad again = load_ruleset(catalog(), written_path, nullptr, read);
    FUZZ_CHECK(again.errors.empty() && again.ruleset.has_value());
    FUZZ_CHECK(again.game == &game);
    FUZZ_CHECK(again.ruleset->name == rules.name);
    FUZZ_CHECK(fingerprint(game.options(), *again.ruleset) == fingerprint(game.options(), rules));
    FUZZ_CHECK(differing_options(*again.ruleset, rules).empty());
    return 0;
}

}  // namespace jv::fuzz
