// A game's rules reference (notation/rules.md and its siblings) read as a list of rule entries,
// for `jelimvre rules --explain`. Game-neutral: a game names its page (Game::rules_reference()),
// and the page's headings name its ids.
//
// An entry is a `### J7.1 Title` heading and the text up to the next heading or `---` line; a
// `## J15 Title` section is one too when no `###` entry sits inside it. The entry's paragraphs
// fall into three parts, which every page writes the same way: the rule's text, the options that
// change it (paragraphs that start "Option `name`:"), and the booklet passages it rests on
// ("Booklets:", "Booklet:", "Sources:" and "Differences:" paragraphs).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jv {

struct RuleEntry {
    std::string_view id;     // as the heading writes it: "J7.1"
    std::string_view title;  // the rest of the heading, in markdown
    std::size_t line = 0;    // the heading's line in the page, from 1
    // Markdown blocks (paragraphs, lists, tables), each as in the page with its line breaks.
    std::vector<std::string_view> text;
    std::vector<std::string_view> options;
    std::vector<std::string_view> booklet;
    // The option each Option paragraph names, in the same order (empty: it names none).
    std::vector<std::string_view> option_names;
};

// The entries of a page, in its order. The views point into `markdown`.
std::vector<RuleEntry> parse_rules_reference(std::string_view markdown);

// The entry with this id, in any case ("j7.1"); none if there is none.
const RuleEntry* find_rule(std::span<const RuleEntry> entries, std::string_view id);

// Why `id` names no entry of `ids` (every id of the pages asked, in their order), with a hint:
// "no rule J7.11; did you mean J7.1 or J7.10?" for ids a typo away (one character added, dropped
// or changed, in any case), "no rule J7; section J7 holds J7.1 to J7.10" for a section's id, else
// "no rule J99.9; `jelimvre rules --explain` lists the rules". `id` is quoted for a message.
std::string unknown_rule_message(std::span<const std::string_view> ids, std::string_view id);

// The page at `path` ("notation/rules.md") as the build embedded it, none when the build has no
// such page. Defined in the source that src/core/embed_files.cmake writes, in the
// library jv_rules_references.
std::optional<std::string_view> embedded_rules_reference(std::string_view path);

}  // namespace jv
