// The rules references as `jelimvre rules --explain` reads them: the page read into entries, the
// embedded pages against the sources, every id a fault can cite against the entries, and the
// plain text a terminal gets.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/rules_reference.hpp"
#include "core/translate.hpp"
#include "report/rule_explanation.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The words of a text, without the marks that plain text drops; sorted for a table, whose
// long cells are filled into lines side by side.
std::vector<std::string> words_of(std::string_view text, std::string_view marks, bool sorted) {
    std::vector<std::string> words;
    std::string word;
    for (char c : std::string(text) + " ") {
        if (c == ' ' || c == '\n') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else if (marks.find(c) == std::string_view::npos) {
            word += c;
        }
    }
    if (sorted) std::sort(words.begin(), words.end());
    return words;
}

constexpr std::string_view kPage = R"(# A rules reference

Words before the first rule.

## X1 Moves

### X1.1 Step `one`

A pawn steps *one* square.
It never jumps.

Option `reach`: `one` (default) | `two` — a pawn may step two squares.

Booklets: FR « PIONS »; DE „BAUERN“.

Differences: none.

---

## X2 Choosing the rule an error cites

| what | id |
| --- | --- |
| a step | X1.1 |

Booklet: none.

## X3 Readings

Introduction to the readings.

### X3.1 First reading

- *Choice.* One.
- *Why.* Two,
  and three.

### The attack test (X1.1)

Not an entry.
)";

}  // namespace

namespace {

// The length of the rule id at `at` ("J7.1": a capital letter, digits, then any groups of a dot
// and digits), or 0. Written out rather than as a std::regex: GCC 12 warns inside <regex> under
// the sanitizer build's -Werror.
std::size_t rule_id_length(std::string_view text, std::size_t at) {
    const auto digit = [&](std::size_t i) {
        return i < text.size() && text[i] >= '0' && text[i] <= '9';
    };
    std::size_t i = at;
    if (i >= text.size() || text[i] < 'A' || text[i] > 'Z' || !digit(i + 1)) return 0;
    ++i;
    while (digit(i)) ++i;
    while (i < text.size() && text[i] == '.' && digit(i + 1)) {
        ++i;
        while (digit(i)) ++i;
    }
    return i - at;
}

}  // namespace

TEST_CASE("rules reference: a page read into entries", "[rules-reference]") {
    const std::vector<jv::RuleEntry> entries = jv::parse_rules_reference(kPage);
    REQUIRE(entries.size() == 3);

    CHECK(entries[0].id == "X1.1");
    CHECK(entries[0].title == "Step `one`");
    CHECK(entries[0].line == 7);
    CHECK(entries[0].text ==
          std::vector<std::string_view>{"A pawn steps *one* square.\nIt never jumps."});
    CHECK(entries[0].options ==
          std::vector<std::string_view>{
              "Option `reach`: `one` (default) | `two` — a pawn may step two squares."});
    CHECK(entries[0].option_names == std::vector<std::string_view>{"reach"});
    CHECK(entries[0].booklet == std::vector<std::string_view>{
                                    "Booklets: FR « PIONS »; DE „BAUERN“.", "Differences: none."});

    // A section with an id and no `###` entry inside is an entry; X3, which has one, is not.
    CHECK(entries[1].id == "X2");
    CHECK(entries[1].title == "Choosing the rule an error cites");
    CHECK(entries[1].text ==
          std::vector<std::string_view>{"| what | id |\n| --- | --- |\n| a step | X1.1 |"});
    CHECK(entries[1].booklet == std::vector<std::string_view>{"Booklet: none."});

    // A heading without an id ends the entry before it.
    CHECK(entries[2].id == "X3.1");
    CHECK(entries[2].text ==
          std::vector<std::string_view>{"- *Choice.* One.\n- *Why.* Two,\n  and three."});

    CHECK(jv::find_rule(entries, "x1.1") == &entries[0]);
    CHECK(jv::find_rule(entries, "X3") == nullptr);
    CHECK(jv::find_rule(entries, "X1") == nullptr);
}

TEST_CASE("rules reference: an unknown id gets a hint", "[rules-reference]") {
    const std::vector<std::string_view> ids = {"J7.1", "J7.2", "J7.10", "J8.1", "C7.1", "J15"};
    CHECK(jv::unknown_rule_message(ids, "J7.11") == "no rule J7.11; did you mean J7.1 or J7.10?");
    CHECK(jv::unknown_rule_message(ids, "j71") == "no rule j71; did you mean J7.1?");
    CHECK(jv::unknown_rule_message(ids, "7.1") == "no rule 7.1; did you mean J7.1 or C7.1?");
    CHECK(jv::unknown_rule_message(ids, "j7") == "no rule j7; section J7 holds J7.1 to J7.10");
    CHECK(jv::unknown_rule_message(ids, "J99.9") ==
          "no rule J99.9; 'jelimvre rules --explain' lists the rules");
    CHECK(jv::unknown_rule_message(ids, "J\x01") ==
          "no rule J\\x01; 'jelimvre rules --explain' lists the rules");
}

TEST_CASE("rules reference: markdown as plain text", "[rules-reference]") {
    using jv::report::plain_text;
    CHECK(plain_text("a `J7.1` rule, *Neighbours* and **Rule ids.**") ==
          "a J7.1 rule, Neighbours and Rule ids.");
    // Marks inside a code span are its text; a lone star is text.
    CHECK(plain_text("the result `*` or `1-0`, a * b") == "the result * or 1-0, a * b");
    CHECK(plain_text("``a`b`` and \\*c\\*") == "a`b and *c*");
    CHECK(plain_text("an unclosed `tick and *star") == "an unclosed `tick and *star");

    using jv::report::plain_block;
    CHECK(plain_block("one two three four five", "> ", "  ", 12) ==
          "> one two\n  three four\n  five\n");
    CHECK(plain_block("- *Choice.* One two\n  three.\n- Why.", "", "", 14) ==
          "- Choice. One\n  two three.\n- Why.\n");
    CHECK(plain_block("1. `x`\n2. y", "", "", 80) == "1. x\n2. y\n");
    CHECK(plain_block("| what | id |\n| --- | --- |\n| a step | `X1.1` |", "", "", 80) ==
          "what    id\n------  ----\na step  X1.1\n");
    // Columns count characters, not bytes.
    CHECK(plain_block("| « é » | b |\n| --- | --- |\n| c | d |", "", "", 80) ==
          "« é »  b\n-----  -\nc      d\n");
}

TEST_CASE("rules reference: the embedded pages are the pages of the sources", "[rules-reference]") {
    for (const std::unique_ptr<jv::Game>& game : jv::test::catalog().games()) {
        INFO(game->name());
        const std::optional<std::string_view> embedded =
            jv::embedded_rules_reference(game->rules_reference());
        REQUIRE(embedded);
        const std::string page =
            read_file(fs::path(JELIMVRE_SOURCE_DIR) / std::string(game->rules_reference()));
        CHECK(*embedded == page);

        // Every `### X1.2` heading of the page is an entry, with its title.
        const jv::report::RulesPage parsed = jv::report::rules_page(*game);
        std::set<std::string> headings;
        for (std::size_t at = page.find("### "); at != std::string::npos;
             at = page.find("### ", at + 1)) {
            const std::size_t length = rule_id_length(page, at + 4);
            if ((at == 0 || page[at - 1] == '\n') && length > 0 && at + 4 + length < page.size() &&
                page[at + 4 + length] == ' ')
                headings.insert(page.substr(at + 4, length));
        }
        REQUIRE(headings.size() > 40);
        for (const std::string& id : headings) {
            INFO(id);
            const jv::RuleEntry* entry = jv::find_rule(parsed.entries, id);
            REQUIRE(entry != nullptr);
            CHECK(page.find("### " + id + " " + std::string(entry->title) + "\n") !=
                  std::string::npos);
            CHECK_FALSE(entry->text.empty());
        }
    }
}

TEST_CASE("rules reference: every id a fault can cite has an entry", "[rules-reference]") {
    // A fault's id is a string literal in its game's sources (the literal fault() gets, or a
    // table of them such as Imbriquation's tile rules), and an option's id is in the game's
    // table. Each game's sources are the folder named after it.
    for (const std::unique_ptr<jv::Game>& game : jv::test::catalog().games()) {
        INFO(game->name());
        const jv::report::RulesPage page = jv::report::rules_page(*game);
        std::set<std::string> cited;
        const fs::path folder =
            fs::path(JELIMVRE_SOURCE_DIR) / "src" / "games" / lower(game->name());
        for (const fs::directory_entry& file : fs::directory_iterator(folder)) {
            const std::string text = read_file(file.path());
            for (std::size_t at = text.find('"'); at != std::string::npos;
                 at = text.find('"', at + 1)) {
                const std::size_t length = rule_id_length(text, at + 1);
                if (length > 0 && at + 1 + length < text.size() && text[at + 1 + length] == '"')
                    cited.insert(text.substr(at + 1, length));
            }
        }
        for (const jv::OptionSpec& option : game->options()) cited.insert(std::string(option.rule));
        // Far more ids than any one test names: the scan found the faults.
        REQUIRE(cited.size() >= 20);
        for (const std::string& id : cited) {
            INFO(id);
            CHECK(jv::find_rule(page.entries, id) != nullptr);
        }
    }
}

TEST_CASE("rules reference: each option is described in its rule's entry", "[rules-reference]") {
    for (const std::unique_ptr<jv::Game>& game : jv::test::catalog().games()) {
        INFO(game->name());
        const jv::report::RulesPage page = jv::report::rules_page(*game);
        std::set<std::string_view> described;
        for (const jv::RuleEntry& entry : page.entries)
            for (std::string_view name : entry.option_names) {
                INFO(entry.id << ": " << name);
                const auto& table = game->options();
                const auto option =
                    std::find_if(table.begin(), table.end(),
                                 [&](const jv::OptionSpec& o) { return o.name == name; });
                REQUIRE(option != table.end());
                CHECK(option->rule == entry.id);
                described.insert(name);
            }
        for (const jv::OptionSpec& option : game->options()) {
            INFO(option.name);
            CHECK(described.count(option.name) == 1);
            const jv::RuleEntry* entry = jv::find_rule(page.entries, option.rule);
            REQUIRE(entry != nullptr);
            const std::vector<std::size_t> found = jv::report::options_of_rule(*game, *entry);
            CHECK(std::any_of(found.begin(), found.end(), [&](std::size_t i) {
                return game->options()[i].name == option.name;
            }));
        }
    }
}

TEST_CASE("rules reference: plain text keeps every word of an entry", "[rules-reference]") {
    for (const std::unique_ptr<jv::Game>& game : jv::test::catalog().games()) {
        const jv::report::RulesPage page = jv::report::rules_page(*game);
        for (const jv::RuleEntry& entry : page.entries) {
            std::vector<std::string_view> blocks = entry.text;
            blocks.insert(blocks.end(), entry.options.begin(), entry.options.end());
            blocks.insert(blocks.end(), entry.booklet.begin(), entry.booklet.end());
            for (std::string_view block : blocks) {
                INFO(entry.id << ": " << block);
                const bool table = block.starts_with('|');
                const std::string_view marks = table ? "`*|-:" : "`*";
                CHECK(words_of(jv::report::plain_block(block, "", "", 80), marks, table) ==
                      words_of(block, marks, table));
            }
        }
    }
}

TEST_CASE("rules reference: an entry is shown in the message language", "[rules-reference]") {
    // Made-up texts that the test catalogue (tests/i18n/test-fr.po) translates; the option is
    // Jelimvre's own, so that the entry shows its paragraph.
    jv::RuleEntry entry;
    entry.id = "J8.4";
    entry.title = "A title for the tests";
    entry.text = {"A block for the tests, with `knight_vs_dragon`."};
    entry.options = {
        "Option `knight_vs_dragon`: `unrestricted` (default) | `cannot-capture` — a "
        "paragraph for the tests."};
    entry.option_names = {"knight_vs_dragon"};
    entry.booklet = {"Booklets: a passage for the tests."};
    const jv::Game& game = jv::test::catalog().default_game();

    SECTION("in English, the page's own texts") {
        CHECK(jv::report::rule_text(game, entry) ==
              "J8.4 A title for the tests\n"
              "Jelimvre, notation/rules.md\n\n"
              "A block for the tests, with knight_vs_dragon.\n\n"
              "Options that change it:\n"
              "  knight_vs_dragon: unrestricted (default) | cannot-capture — a paragraph for\n"
              "    the tests.\n\n"
              "Booklets: a passage for the tests.\n");
    }
    SECTION("in another language, the catalogue's, the option paragraph without its first word") {
        REQUIRE(jv::speak(jv::Language::french, JELIMVRE_TEST_LOCALE_DIR));
        const std::string text = jv::report::rule_text(game, entry);
        const std::string json = jv::report::rule_json(game, entry);
        jv::speak(jv::Language::english);
        // The heading is not in the test catalogue: English, as any text without a translation.
        CHECK(text ==
              "J8.4 Un titre pour les essais\n"
              "Jelimvre, notation/rules.md\n\n"
              "Un bloc pour les essais, avec knight_vs_dragon.\n\n"
              "Options that change it:\n"
              "  knight_vs_dragon : unrestricted (défaut) | cannot-capture — un paragraphe pour\n"
              "    les essais.\n\n"
              "Livrets : un passage pour les essais.\n");
        CHECK(json.starts_with("{\n  \"lang\": \"fr\",\n  \"id\": \"J8.4\","));
        CHECK(json.find("\"title\": \"Un titre pour les essais\"") != std::string::npos);
        CHECK(json.find("\"text\": \"Un bloc pour les essais, avec `knight_vs_dragon`.\"") !=
              std::string::npos);
        CHECK(json.find("\"booklet\": \"Livrets : un passage pour les essais.\"") !=
              std::string::npos);
        CHECK(json.find("Opción `knight_vs_dragon`") != std::string::npos);
    }
}
