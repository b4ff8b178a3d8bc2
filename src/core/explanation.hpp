// The lines of `validate --explain` that every game writes alike. Each game builds its own
// explanation (the faulty turn, the position before it, the nearest legal turns); these keep
// their shared words and layout in one place.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jv {

// `text`'s lines, each after `indent` and ended by a line feed (a diagram under its heading).
std::string indented(std::string_view text, std::string_view indent);

// A legal turn offered instead of the faulty one, and why it is near ("another action onto e4").
struct SuggestedTurn {
    std::string text;
    std::string why;
};

// The legal turns a game's search found near a faulty turn, nearest first as the game ranks
// them, made into the few worth offering: ranked by how many actions differ from what was written
// (a substitution counts as one), then in the game's order; a turn that only adds actions nobody
// wrote to a turn already offered is left out (the same move with every possible wall beside
// it); each labelled by what differs ("Nb1-c3 instead of Nb1xc3", "without W@e5"). Turns are
// canonical JGN, actions joined by ','; `written` is the faulty turn with its actions in their
// canonical spelling.
std::vector<SuggestedTurn> distinct_suggestions(std::string_view written,
                                                std::span<const std::string> ranked,
                                                std::size_t limit = 5);

// "  no suggestion: WHY\n", WHY in the message language.
std::string no_suggestion(std::string_view why);

// "  did you mean:" and a line per turn, the turns in one column and their reasons in the next;
// when there is none, the no_suggestion line saying that no legal turn is near.
std::string suggestion_lines(std::span<const SuggestedTurn> turns);

}  // namespace jv
