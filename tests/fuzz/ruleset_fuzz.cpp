// Arbitrary bytes as a ruleset file, loaded through the same code as a file on disk. The file may
// extend itself (a cycle), one fixed parent, or a file that does not exist; the fuzzer never
// reaches the real file system, so 'extends: /dev/zero' cannot hang it.
#include <string>

#include "fuzz_targets.hpp"
#include "jelimvre/ruleset_file.hpp"

namespace jv::fuzz {

namespace {

constexpr const char* input_path = "fuzz-rulesets/input.yaml";
constexpr const char* parent_path = "fuzz-rulesets/parent.yaml";
constexpr const char* written_path = "fuzz-rulesets/written.yaml";

void check_errors(const jel::RulesetLoad& load) {
    FUZZ_CHECK(!load.ruleset.has_value());
    for (const jel::FileDiagnostic& e : load.errors) {
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
    const jel::RulesetFileReader read = [&](const std::string& path, std::string& text,
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
    const jel::RulesetLoad load = jel::load_ruleset(input_path, read);
    if (!load.errors.empty()) {
        check_errors(load);
        return 0;
    }
    FUZZ_CHECK(load.ruleset.has_value());
    const jel::Ruleset& rules = *load.ruleset;
    FUZZ_CHECK(!rules.name.empty());
    // What `jelimvre rules --write` produces loads back to the same ruleset.
    written = jel::ruleset_to_yaml(rules);
    const jel::RulesetLoad again = jel::load_ruleset(written_path, read);
    FUZZ_CHECK(again.errors.empty() && again.ruleset.has_value());
    FUZZ_CHECK(again.ruleset->name == rules.name);
    FUZZ_CHECK(jel::fingerprint(*again.ruleset) == jel::fingerprint(rules));
    FUZZ_CHECK(jel::differing_options(*again.ruleset, rules).empty());
    return 0;
}

}  // namespace jv::fuzz
