// `jelimvre rules --explain`: a rule's entry of its game's rules reference, as plain text for a
// terminal or as JSON, and the list of every rule. Game-neutral: the page is the one the game
// names (Game::rules_reference()), as the build embedded it, and the options come from the
// game's table.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/rules_reference.hpp"

namespace jv::report {

struct RulesPage {
    const Game* game = nullptr;
    std::vector<RuleEntry> entries;  // empty when the build embeds no page for the game
};

// The game's page, as embedded, read into entries.
RulesPage rules_page(const Game& game);

// Markdown's inline marks taken off a text: code spans keep their content without the backticks,
// emphasis (`*word*`, `**word**`) its words, a backslash escape its character. A `*` that opens
// no emphasis (a result token outside a code span) stays.
std::string plain_text(std::string_view markdown);

// A block of markdown (a paragraph, a list, a table) as plain text lines of at most `width`
// columns where words allow: paragraphs and list items are filled, a table's columns aligned.
// The first line starts with `first`, the others with `rest`. Ends with a line feed.
std::string plain_block(std::string_view markdown, std::string_view first, std::string_view rest,
                        std::size_t width);

// The options of the game's table that change the entry's rule, as indexes into the table, in its
// order: those the table gives to the rule, those its Option paragraphs describe, and those its
// text names in a code span (`early_end: either-player`).
std::vector<std::size_t> options_of_rule(const Game& game, const RuleEntry& entry);

// The entry as a terminal shows it: the id and title, the game and page, the rule's text, the
// options that change it, the booklet passages it rests on.
std::string rule_text(const Game& game, const RuleEntry& entry);

// The entry as one JSON document: id, game, reference, title, text, options, booklet (markdown
// as in the page, blocks joined by blank lines).
std::string rule_json(const Game& game, const RuleEntry& entry);

// Every rule of the pages, grouped by game: id and title.
std::string rule_list_text(std::span<const RulesPage> pages);
std::string rule_list_json(std::span<const RulesPage> pages);

}  // namespace jv::report
