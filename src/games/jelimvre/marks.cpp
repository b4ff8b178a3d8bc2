#include "games/jelimvre/marks.hpp"

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/jelimvre/notation.hpp"

namespace jv::jel {

namespace {

constexpr std::size_t form_count = 5;     // ActionKind place .. timeout
constexpr std::size_t letter_count = 11;  // Letter none .. water

// mark_table indexed by form and letter, so that a move's marks cost one load to look up.
using RowIndex = std::array<std::array<std::uint8_t, letter_count>, form_count>;
constexpr RowIndex make_row_index() {
    RowIndex index{};
    for (std::size_t r = 0; r < mark_table.size(); ++r) {
        const auto form = static_cast<std::size_t>(mark_table[r].form);
        // A letter no row names (none, outside a timeout) falls to the form's first row.
        if (r == 0 || mark_table[r - 1].form != mark_table[r].form)
            for (auto& entry : index[form]) entry = static_cast<std::uint8_t>(r);
        for (char c : mark_table[r].subjects) {
            constexpr std::string_view letters = "?KQDTGNSRW~";
            index[form][letters.find(c)] = static_cast<std::uint8_t>(r);
        }
    }
    return index;
}
constexpr RowIndex row_index = make_row_index();

// J7.10, for a promotion written on a soldier's move or crossing about to be made.
std::optional<RuleFault> soldier_promotion_fault(const Position& position, Action action) {
    const Letter promotion = action.promotion();
    const Color me = position.side_to_move();
    const Cell target = position.cell(action.to());
    const SquareName to{action.to()};
    if (rank_of(action.to()) != last_rank(me))
        return fault("J7.10", [&] {
            return trf(
                // TRANSLATORS: {0} is a rank number; {1} a square such as e11; {2} the rank number
                // of that square
                "a soldier is promoted only on its last rank ({}), and "
                "{} is on rank {}",
                last_rank(me) + 1, to, rank_of(action.to()) + 1);
        });
    if (!target.ground())
        return fault("J7.10", [&] {
            return trf(
                // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying
                // what is on a square ("e5 is empty", "f10 holds the black regenerator"); the
                // others are squares (e5), pieces (queen), sides or actions.
                "a soldier is promoted only on a ground square; {}",
                square_clause(to.square, position.cell(action.to())));
        });
    if (promotion != Letter::queen && promotion != Letter::tower && promotion != Letter::guard &&
        promotion != Letter::knight)
        return fault("J7.10", [&] {
            return trf(
                // TRANSLATORS: {} is the name of what a notation letter stands for, such as tower,
                // regenerator, wall or water piece
                "a soldier becomes a queen, a tower, a royal guard or a "
                "knight, never a {}",
                letter_name(promotion));
        });
    if (position.lost(me, to_kind(promotion)) == 0)
        return fault("J7.10", [&] {
            return trf(
                // TRANSLATORS: {0} is a side, White or Black; {1} the name of what a notation
                // letter stands for, such as tower
                "a soldier is exchanged only for a lost piece, and {} "
                "has no {} in its lost pool",
                color_name(me), letter_name(promotion));
        });
    return std::nullopt;
}

}  // namespace

const MarkRow& mark_row(ActionKind form, Letter subject) {
    return mark_table[row_index[static_cast<std::size_t>(form)][slot(subject)]];
}

std::string_view letter_name(Letter letter) {
    switch (letter) {
        case Letter::regenerator:
            return tr_in("piece", "regenerator");
        case Letter::wall:
            return tr_in("piece", "wall");
        case Letter::water:
            return tr_in("piece", "water piece");
        default:
            return kind_name(to_kind(letter));
    }
}

std::optional<RuleFault> mark_fault(const Position& position, Action action, bool captures) {
    const MarkRow& row = mark_row(action.kind(), action.letter());
    const char letter = letter_char(action.letter());
    const SquareName from{action.from()};
    const SquareName to{action.to()};
    if (action.capture_mark() && !captures) {
        if (row.capture == MarkUse::when_captures)
            return fault("J14.2", [&] {
                return trf(  // TRANSLATORS: {0} is a square such as e5; {1} describes what stands
                             // there,
                    // such as "nothing" or "White's wall"; then comes a corrected action in the
                    // notation (letter, square, "-", square): keep it as it is
                    "the capture mark 'x' is written, but there is nothing to capture ({}); write "
                    "{}{}-{}",
                    square_clause(to.square, position.cell(action.to())), letter, from, to);
            });
        if (row.capture == MarkUse::never)
            return fault("J14.2", [&] {
                return trf(
                    // TRANSLATORS: {} is the name of what a notation letter stands for, such as
                    // tower, regenerator, wall or water piece; then comes a corrected action in the
                    // notation (letter, square, "-", square): keep it as it is
                    "a {} never captures when it moves, so no capture mark is written; "
                    "write {}{}-{}",
                    letter_name(action.letter()), letter, from, to);
            });
    }
    if (!action.capture_mark() && captures && row.capture == MarkUse::when_captures)
        return fault("J14.2", [&] {
            return trf(
                // TRANSLATORS: {0} is a whole clause saying what is captured ("e5 holds the
                // black knight"); then comes a corrected action in the notation (letter, square,
                // "x", square): keep it as it is
                "this move captures ({}), so it must be written with 'x': {}{}x{}",
                square_clause(action.to(), position.cell(action.to())), letter, from, to);
        });
    if (action.promotion() != Letter::none) {
        if (row.promotion == MarkUse::where_j7_10) return soldier_promotion_fault(position, action);
        if (row.promotion == MarkUse::never)
            return fault("J7.10", [&] {
                // TRANSLATORS: {} is the name of what a notation letter stands for, such as tower,
                // regenerator, wall or water piece
                return trf("only a soldier is promoted, never a {}", letter_name(action.letter()));
            });
    }
    return std::nullopt;
}

}  // namespace jv::jel
