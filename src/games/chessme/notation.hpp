// ChessMe's part of JGN (notation/chessme.md): square names on the unbounded grid, piece
// letters, the actions of a turn and the check marks.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "games/chessme/types.hpp"

namespace jv::cme {

// "e4", "'a5", "c'1", "aa27" (C1.2). The square must lie within the grid's bound.
std::string square_name(Square s);
void append_square_name(std::string& out, Square s);
// The longest name of a square within the bound: a prime and 7 letters, a prime and 10 digits.
inline constexpr std::size_t longest_square_name = 19;
// Writes the name at `out`, which has room for longest_square_name characters; returns its end.
char* write_square_name(char* out, Square s);

// A square read at the start of `text`: its length, 0 when no square starts there. When the
// name is well formed but lies beyond the bound (C13.1), `beyond` is set (and length is the
// name's length).
struct SquareRead {
    Square square;
    std::size_t length = 0;
    bool beyond = false;
};
SquareRead read_square(std::string_view text);
// The same read without read_square's shortcut for the common names: the plain version it is
// tested against.
SquareRead read_square_by_parts(std::string_view text);
// The whole of `text` as one square, or nothing.
std::optional<Square> parse_square(std::string_view text);

// 'K' ... 'P'; '?' for none. A table in the header: position strings write many letters.
constexpr char kind_letter(Kind kind) {
    constexpr char letters[] = {'?', 'K', 'Q', 'R', 'B', 'N', 'P'};
    return letters[slot(kind) < sizeof letters ? slot(kind) : 0];
}
std::optional<Kind> kind_of_letter(char c);  // upper case only
// The same as a table in the header, none for every other character: the readers of actions
// and pile tags look up every letter, where a switch cost a call and a chain of compares.
inline constexpr std::array<Kind, 256> letter_kinds = [] {
    std::array<Kind, 256> out{};
    out['K'] = Kind::king;
    out['Q'] = Kind::queen;
    out['R'] = Kind::rook;
    out['B'] = Kind::bishop;
    out['N'] = Kind::knight;
    out['P'] = Kind::pawn;
    return out;
}();
constexpr Kind kind_at(char c) {
    return letter_kinds[static_cast<unsigned char>(c)];
}

// One action word of a record, with the check mark written at its end, if any.
struct ActionWord {
    Action action;
    CheckMark mark = CheckMark::none;
};
struct ActionParse {
    std::optional<ActionWord> word;
    std::string problem;  // why the text is not a ChessMe action, when it is not
};
// The part of an action's text a reading fault is about, as offsets into it ([begin, end)): a
// square beyond the grid or misspelt; empty when the fault is about the whole text.
struct ActionFaultPart {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
};
ActionParse parse_action(std::string_view text);
// The same reading by the grammar alone, without parse_action's shortcut for the common
// shapes: the plain version it is tested against.
ActionParse parse_action_by_grammar(std::string_view text);
// Where the fault of an action parse_action refuses lies. Kept out of ActionParse: a larger
// result cost every action of a record 17 instructions (ChessMe 1,318 to 1,351 per action).
ActionFaultPart action_fault_part(std::string_view text);

// The canonical spelling ("Pd2-d3", "Pd4xc3", "Pe5-e6=R", "N@d2"), without a check mark.
std::string format_action(const Action& action);

}  // namespace jv::cme
