// Ruleset files: every error path of the loader, extends chains, --set, fingerprints, YAML out.
#include <filesystem>
#include <fstream>
#include <map>

#include <catch2/catch.hpp>

#include "core/ruleset.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "support.hpp"

using namespace jv::jel;
using jv::FileDiagnostic;
using jv::RulesetFileReader;

namespace {

// The neutral loader (core/ruleset.hpp) seen through Jelimvre's typed ruleset, as the referee
// builds it: what these tests check is what the referee gets.
struct Load {
    std::optional<Ruleset> ruleset;
    std::vector<FileDiagnostic> errors;
    const jv::Game* game = nullptr;
};
Load converted(jv::RulesetLoad load) {
    return {load.ruleset ? std::optional<Ruleset>(ruleset_from(*load.ruleset)) : std::nullopt,
            std::move(load.errors), load.game};
}
Load load_ruleset(const std::string& path) {
    return converted(jv::load_ruleset(jv::test::catalog(), path));
}
Load load_ruleset(const std::string& path, const RulesetFileReader& read) {
    return converted(jv::load_ruleset(jv::test::catalog(), path, nullptr, read));
}
const jv::Game& game() {
    return jv::test::catalog().default_game();
}
std::optional<std::string> apply_setting(Ruleset& rules, std::string_view setting) {
    jv::Ruleset neutral = neutral_ruleset(rules);
    auto problem = jv::apply_setting(game(), neutral, setting);
    rules = ruleset_from(neutral);
    return problem;
}
std::string fingerprint(const Ruleset& rules) {
    return jv::fingerprint(game().options(), neutral_ruleset(rules));
}
std::vector<const OptionInfo*> differing_options(const Ruleset& a, const Ruleset& b) {
    std::vector<const OptionInfo*> out;
    for (std::size_t i : jv::differing_options(neutral_ruleset(a), neutral_ruleset(b)))
        out.push_back(&option_table()[i]);
    return out;
}
std::string ruleset_to_yaml(const Ruleset& rules) {
    return jv::ruleset_to_yaml(jv::test::catalog(), game(), neutral_ruleset(rules));
}
const OptionInfo* find_option(std::string_view name) {
    auto index = jv::find_option(game(), name);
    return index ? &option_table()[*index] : nullptr;
}

// Writes `text` to a file in a fresh temporary folder and returns its path.
class TempFiles {
  public:
    TempFiles() {
        dir_ = std::filesystem::temp_directory_path() /
               ("jelimvre-ruleset-test-" + std::to_string(counter_++) + "-" +
                std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        std::filesystem::create_directories(dir_);
    }
    ~TempFiles() { std::filesystem::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name) << text;
        return (dir_ / name).string();
    }

  private:
    static inline int counter_ = 0;
    std::filesystem::path dir_;
};

// The errors of loading `text`, as "line:col: message".
std::vector<std::string> errors_of(const std::string& text) {
    TempFiles files;
    Load load = load_ruleset(files.write("r.yaml", text));
    std::vector<std::string> out;
    for (const FileDiagnostic& e : load.errors) {
        REQUIRE(e.source);
        jv::LineColumn at = e.source->line_column(e.diagnostic.region.begin);
        out.push_back(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
                      e.diagnostic.message);
    }
    CHECK(load.ruleset.has_value() == out.empty());
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("ruleset file: a valid file sets its options over standard", "[ruleset]") {
    TempFiles files;
    Load load = load_ruleset(
        files.write("club.yaml",
                    "name: club-2026\ndescription: our club\nextends: standard\noptions:\n"
                    "  knight_vs_dragon: cannot-capture\n  tower_guards_position_10: false\n"));
    REQUIRE(load.errors.empty());
    REQUIRE(load.ruleset);
    CHECK(load.ruleset->name == "club-2026");
    CHECK(load.ruleset->knight_vs_dragon == KnightVsDragon::cannot_capture);
    CHECK_FALSE(load.ruleset->tower_guards_position_10);
    CHECK(load.ruleset->wall_walk == WallWalk::line);  // untouched: the default
}

TEST_CASE("ruleset file: extends another file, relative to the extending one", "[ruleset]") {
    TempFiles files;
    files.write("base.yaml", "name: base\noptions:\n  wall_walk: unit\n  no_legal_turn: loss\n");
    Load load = load_ruleset(files.write(
        "child.yaml", "name: child\nextends: base.yaml\noptions:\n  no_legal_turn: draw\n"));
    REQUIRE(load.ruleset);
    CHECK(load.ruleset->name == "child");
    CHECK(load.ruleset->wall_walk == WallWalk::unit);         // inherited
    CHECK(load.ruleset->no_legal_turn == NoLegalTurn::draw);  // overridden
}

TEST_CASE("ruleset file: 'standard' is the built-in default", "[ruleset]") {
    Load load = load_ruleset("standard");
    REQUIRE(load.ruleset);
    CHECK(load.ruleset->name == "standard");
    CHECK(fingerprint(*load.ruleset) == fingerprint(Ruleset{}));
}

TEST_CASE("ruleset file: every error is reported with its position", "[ruleset]") {
    CHECK(errors_of("name: [x\n") ==
          Strings{"2:1: this is not valid YAML: end of sequence flow not found"});
    CHECK(errors_of("- a\n- b\n") ==
          Strings{"1:1: a ruleset file is a mapping with 'name', 'game', 'extends', 'description' "
                  "and 'options'"});
    CHECK(errors_of("options: {}\n") ==
          Strings{"1:1: a ruleset file needs a 'name', such as 'name: club-2026'"});
    CHECK(errors_of("name:\n") == Strings{"1:1: 'name' is a text, such as \"club-2026\""});
    CHECK(errors_of("name: a\nname: b\n") == Strings{"2:1: 'name' is given twice"});
    CHECK(errors_of("name: a\ncolour: red\n") ==
          Strings{"2:1: unknown key 'colour'; a ruleset file has 'name', 'game', 'extends', "
                  "'description' and 'options'"});
    CHECK(errors_of("name: a\nwall_walk: unit\n") ==
          Strings{"2:1: unknown key 'wall_walk'; a ruleset file has 'name', 'game', 'extends', "
                  "'description' and 'options' (options go under 'options:')"});
    CHECK(errors_of("name: a\noptions: [wall_walk]\n") ==
          Strings{"2:10: 'options' maps option names to values, one per line"});
    CHECK(errors_of("name: a\noptions:\n  wal_walk: unit\n") ==
          Strings{"3:3: unknown option 'wal_walk'; did you mean 'wall_walk'?"});
    CHECK(errors_of("name: a\noptions:\n  speed: fast\n")[0].rfind(
              "3:3: unknown option 'speed'; the options are: counter_on_timeout, ", 0) == 0);
    CHECK(errors_of("name: a\noptions:\n  wall_walk: unit\n  wall_walk: line\n") ==
          Strings{"4:3: option 'wall_walk' is given twice"});
    CHECK(errors_of("name: a\noptions:\n  wall_walk: [unit]\n") ==
          Strings{"3:14: option 'wall_walk' takes one value: 'line' (default) or 'unit'"});
    CHECK(errors_of("name: a\noptions:\n  wall_walk:\n") ==
          Strings{"3:3: option 'wall_walk' takes one value: 'line' (default) or 'unit'"});
    CHECK(errors_of("name: a\noptions:\n  tower_guards_position_10: maybe\n") ==
          Strings{"3:29: option 'tower_guards_position_10' (J5.8) takes 'true' (default) or "
                  "'false', not 'maybe'"});
    CHECK(errors_of("name: a\nextends: [x]\n") ==
          Strings{"2:10: 'extends' names another ruleset file, or 'standard'"});
}

TEST_CASE("ruleset file: 'game' names the game the ruleset is for", "[ruleset]") {
    TempFiles files;
    Load named = load_ruleset(
        files.write("g.yaml", "name: g\ngame: jelimvre\noptions:\n  wall_walk: unit\n"));
    REQUIRE(named.ruleset);
    CHECK(named.game == &game());  // the game's name in any case
    CHECK(named.ruleset->wall_walk == WallWalk::unit);
    Load plain = load_ruleset(files.write("p.yaml", "name: p\n"));
    CHECK(plain.game == &game());  // no 'game': the catalog's default game
    CHECK(errors_of("name: a\ngame: Chess\n") ==
          Strings{"2:7: 'game' names a game this tool referees: Jelimvre, ChessMe, Imbriquation, "
                  "not 'Chess'"});
    CHECK(errors_of("name: a\ngame: [Jelimvre]\n") ==
          Strings{"2:7: 'game' names a game this tool referees: Jelimvre, ChessMe, Imbriquation"});
}

TEST_CASE("ruleset file: all errors at once, never a fallback", "[ruleset]") {
    auto errors =
        errors_of("name: a\noptions:\n  wal_walk: unit\n  end_condition: never\nfoo: 1\n");
    CHECK(errors.size() == 3);
}

TEST_CASE("ruleset file: problems with extends", "[ruleset]") {
    TempFiles files;
    SECTION("a missing parent file") {
        Load load = load_ruleset(files.write("a.yaml", "name: a\nextends: nowhere.yaml\n"));
        CHECK_FALSE(load.ruleset);
        REQUIRE(load.errors.size() == 2);
        CHECK(load.errors[0].source == nullptr);
        CHECK(load.errors[0].diagnostic.message.rfind("cannot open: ", 0) == 0);
        CHECK(load.errors[1].diagnostic.message ==
              "the ruleset 'nowhere.yaml' that this file extends has errors");
    }
    SECTION("a parent with errors: both files are named") {
        files.write("p.yaml", "name: p\noptions:\n  wall_walk: zigzag\n");
        Load load = load_ruleset(files.write("c.yaml", "name: c\nextends: p.yaml\n"));
        REQUIRE(load.errors.size() == 2);
        CHECK(load.errors[0].path.find("p.yaml") != std::string::npos);
        CHECK(load.errors[1].path.find("c.yaml") != std::string::npos);
    }
    SECTION("a cycle") {
        files.write("x.yaml", "name: x\nextends: y.yaml\n");
        Load load = load_ruleset(files.write("y.yaml", "name: y\nextends: x.yaml\n"));
        CHECK_FALSE(load.ruleset);
        bool cycle = false;
        for (const auto& e : load.errors)
            cycle =
                cycle || e.diagnostic.message == "this ruleset extends itself (through 'extends:')";
        CHECK(cycle);
    }
    SECTION("a file that cannot be read at all") {
        Load load = load_ruleset("/nonexistent/rules.yaml");
        REQUIRE(load.errors.size() == 1);
        CHECK(load.errors[0].render().rfind("/nonexistent/rules.yaml: error: cannot open:", 0) ==
              0);
    }
}

TEST_CASE("ruleset: --set OPTION=VALUE", "[ruleset]") {
    Ruleset rules;
    CHECK_FALSE(apply_setting(rules, "wall_leap_may_move=true"));
    CHECK(rules.wall_leap_may_move);
    CHECK(apply_setting(rules, "wall_leap_may_move") == "'wall_leap_may_move' is not OPTION=VALUE");
    CHECK(apply_setting(rules, "wall_leap_may_mov=true") ==
          "unknown option 'wall_leap_may_mov'; did you mean 'wall_leap_may_move'?");
    CHECK(apply_setting(rules, "no_legal_turn=win") ==
          "option 'no_legal_turn' (J12.4) takes 'draw' (default) or 'loss', not 'win'");
}

TEST_CASE("ruleset: the fingerprint follows the option values, not the name", "[ruleset]") {
    Ruleset a;
    Ruleset b;
    b.name = "renamed";
    CHECK(fingerprint(a) == fingerprint(b));
    CHECK(fingerprint(a).size() == 8);
    b.tower_guard = TowerGuard::contiguous;
    CHECK(fingerprint(a) != fingerprint(b));
    REQUIRE(differing_options(a, b).size() == 1);
    CHECK(differing_options(a, b)[0]->name == "tower_guard");
}

TEST_CASE("ruleset: the YAML form reproduces the ruleset", "[ruleset]") {
    Ruleset rules;
    rules.name = "every-option-changed";
    for (const OptionInfo& option : option_table()) option.set(rules, 1);
    TempFiles files;
    Load load = load_ruleset(files.write("out.yaml", ruleset_to_yaml(rules)));
    REQUIRE(load.ruleset);
    CHECK(load.ruleset->name == "every-option-changed");
    CHECK(fingerprint(*load.ruleset) == fingerprint(rules));
    CHECK(differing_options(*load.ruleset, rules).empty());
}

TEST_CASE("ruleset: one table row per option, each read back by its own accessors", "[ruleset]") {
    CHECK(option_table().size() == 11);
    for (const OptionInfo& option : option_table()) {
        Ruleset rules;
        CHECK(option.get(rules) == 0);  // value 0 is the default
        option.set(rules, 1);
        CHECK(option.get(rules) == 1);
        CHECK(differing_options(Ruleset{}, rules).size() == 1);
        CHECK(find_option(option.name) == &option);
        CHECK(option.rule.rfind("J", 0) == 0);
    }
}

TEST_CASE("ruleset: the documentation names every option, value and J-id of the table",
          "[ruleset][docs]") {
    for (const char* doc : {"/notation/rules.md", "/README.md", "/man/jelimvre.1"}) {
        std::ifstream in(std::string(JELIMVRE_SOURCE_DIR) + doc);
        REQUIRE(in);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (std::string(doc) != "/notation/rules.md") continue;  // the others point to `rules`
        for (const OptionInfo& option : option_table()) {
            INFO(doc << ": " << option.name);
            CHECK(text.find(std::string(option.name)) != std::string::npos);
            CHECK(text.find(std::string(option.rule)) != std::string::npos);
            for (std::string_view value : option.values)
                CHECK(text.find(std::string(value)) != std::string::npos);
        }
    }
}

TEST_CASE("ruleset file: texts held in memory load like files, extends included", "[ruleset]") {
    const std::map<std::string, std::string> files = {
        {"dir/child.yaml", "name: child\nextends: parent.yaml\noptions:\n  no_legal_turn: loss\n"},
        {"dir/parent.yaml", "name: parent\noptions:\n  wall_walk: unit\n"},
        {"dir/loop.yaml", "name: loop\nextends: loop.yaml\n"},
    };
    const RulesetFileReader read = [&](const std::string& path, std::string& text,
                                       std::string& error) {
        auto it = files.find(path);
        if (it == files.end()) {
            error = "cannot open: No such file or directory";
            return false;
        }
        text = it->second;
        return true;
    };
    Load child = load_ruleset("dir/child.yaml", read);
    REQUIRE(child.ruleset);
    CHECK(child.ruleset->name == "child");
    CHECK(child.ruleset->wall_walk == WallWalk::unit);
    CHECK(child.ruleset->no_legal_turn == NoLegalTurn::loss);
    Load loop = load_ruleset("dir/loop.yaml", read);
    CHECK_FALSE(loop.ruleset);
    REQUIRE_FALSE(loop.errors.empty());
    CHECK(loop.errors[0].diagnostic.message == "this ruleset extends itself (through 'extends:')");
}

// Found by fuzz_ruleset (tests/fuzz/regressions/ruleset): yaml-cpp marks an unclosed '[' one
// past the last character, and the diagnostic pointed outside the file.
TEST_CASE("ruleset file: a YAML error at the very end stays inside the text", "[ruleset]") {
    const RulesetFileReader read = [](const std::string&, std::string& text, std::string&) {
        text = "name: [unclosed";
        return true;
    };
    Load load = load_ruleset("end.yaml", read);
    REQUIRE(load.errors.size() == 1);
    const FileDiagnostic& e = load.errors[0];
    REQUIRE(e.source);
    CHECK(e.diagnostic.region.begin <= e.diagnostic.region.end);
    CHECK(e.diagnostic.region.end <= e.source->size());
    CHECK(e.render().find("end.yaml:1:16: error: this is not valid YAML") == 0);
}

// Found by fuzz_ruleset (tests/fuzz/regressions/ruleset): a name that is not UTF-8, or that ends
// in a carriage return, was written by `rules --write` in a way that reads back as another name.
TEST_CASE("ruleset file: the name is one line of UTF-8 text", "[ruleset]") {
    CHECK(errors_of("name: \xff\xfe club\n") == Strings{"1:7: 'name' is not valid UTF-8 text"});
    CHECK(errors_of("name: club\ndescription: caf\xe9\n") ==
          Strings{"2:14: 'description' is not valid UTF-8 text"});
    CHECK(errors_of("name: caf\xc3\xa9\n").empty());
    CHECK(errors_of("name: \"a\\tb\"\n") ==
          Strings{"1:7: 'name' is one line of text, without control characters"});
    // yaml-cpp keeps a carriage return that ends the file in the name.
    CHECK(errors_of("name: club\r") ==
          Strings{"1:7: 'name' is one line of text, without control characters"});
}

// --set is read inside ruleset loading: each setting is a line of one input named "--set", so a
// fault has the setting's number as its line and a caret under the name or the value.
TEST_CASE("ruleset: --set settings are applied by the loader, their faults located", "[ruleset]") {
    const jv::GameCatalog& catalog = jv::test::catalog();
    const std::vector<std::string> good = {"knight_vs_dragon=cannot-capture", "wall_walk=unit"};
    jv::RulesetLoad load = jv::load_ruleset(catalog, "standard", nullptr, good);
    REQUIRE(load.ruleset);
    CHECK(load.ruleset->name == "standard+set");
    const Ruleset typed = ruleset_from(*load.ruleset);
    CHECK(typed.knight_vs_dragon == KnightVsDragon::cannot_capture);
    CHECK(typed.wall_walk == WallWalk::unit);

    const std::vector<std::string> bad = {"wall_walk=unit", "knight_vs_dragn=cannot-capture",
                                          "tower_guard=maybe", "no-equals"};
    load = jv::load_ruleset(catalog, "standard", nullptr, bad);
    CHECK_FALSE(load.ruleset);
    REQUIRE(load.errors.size() == 3);
    auto place = [](const FileDiagnostic& error) {
        const jv::LineColumn at = error.source->line_column(error.diagnostic.region.begin);
        return std::to_string(at.line) + ":" + std::to_string(at.column) + "+" +
               std::to_string(error.diagnostic.region.end - error.diagnostic.region.begin);
    };
    CHECK(load.errors[0].path == "--set");
    CHECK(place(load.errors[0]) == "2:1+15");  // the unknown name
    CHECK(load.errors[0].diagnostic.message ==
          "unknown option 'knight_vs_dragn'; did you mean 'knight_vs_dragon'?");
    CHECK(place(load.errors[1]) == "3:13+5");  // the value
    CHECK(load.errors[1].diagnostic.message ==
          "option 'tower_guard' (J10.4) takes 'unit' (default) or 'contiguous', not 'maybe'");
    CHECK(place(load.errors[2]) == "4:1+9");  // the whole setting
    CHECK(load.errors[0].render() ==
          "--set:2:1: error: unknown option 'knight_vs_dragn'; did you mean 'knight_vs_dragon'?\n"
          "    2 | knight_vs_dragn=cannot-capture\n"
          "      | ^~~~~~~~~~~~~~~\n");
}

TEST_CASE("ruleset: --set alone picks the game whose options it names", "[ruleset]") {
    const jv::GameCatalog& catalog = jv::test::catalog();
    const std::vector<std::string> chessme = {"check_escape=king-move"};
    jv::RulesetLoad load = jv::load_ruleset(catalog, "standard", nullptr, chessme);
    REQUIRE(load.ruleset);
    CHECK(load.game->name() == "ChessMe");
    // Options of two games: the default game, whose table lacks one of them.
    const std::vector<std::string> mixed = {"check_escape=king-move", "wall_walk=unit"};
    load = jv::load_ruleset(catalog, "standard", nullptr, mixed);
    CHECK(load.game == &catalog.default_game());
    CHECK_FALSE(load.ruleset);
    REQUIRE(load.errors.size() == 1);
    CHECK(load.errors[0].diagnostic.message.starts_with("unknown option 'check_escape'"));
}
