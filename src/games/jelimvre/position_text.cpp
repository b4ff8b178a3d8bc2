// The position as text: the canonical position string (notation/jfen.md) and the diagram.
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <iterator>
#include <optional>

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel {

namespace {

char piece_char(Piece p) {
    char c = kind_char(kind_of(p));
    return color_of(p) == Color::white ? c : static_cast<char>(c - 'A' + 'a');
}

// The base a piece can stand on besides the ground: a wall (W/w), or a regenerator (R/r).
char base_char(Cell cell) {
    if (cell.has_regenerator()) return cell.regenerator_color() == Color::white ? 'R' : 'r';
    switch (cell.terrain()) {
        case Terrain::white_wall:
            return 'W';
        case Terrain::black_wall:
            return 'w';
        case Terrain::water:
            return '~';
        case Terrain::ground:
            break;
    }
    return 0;
}

// The lost pool's letters in army order, or '-' when it is empty.
void append_pool_letters(std::string& out, const Position& position, Color c) {
    const std::size_t before = out.size();
    for (PieceKind k : army_kinds)
        out.append(static_cast<std::size_t>(position.lost(c, k)), kind_char(k));
    if (out.size() == before) out += '-';
}

}  // namespace

// Both texts are written once per game, so they are built with plain appends into a reserved
// string rather than a format call per square (which cost more than refereeing a short game).
std::string format_position(const Position& position, const GameEnd& end) {
    // The board goes into a buffer first: a cell takes at most 4 characters ("(Wk)"), so the
    // 121 cells and 10 slashes fit in 494, and no append needs a check of the string's room.
    std::array<char, board_size * board_size * 4 + board_size> board;
    char* at = board.data();
    for (int rank = board_size - 1; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < board_size; ++file) {
            const Cell cell = position.cell(make_square(file, rank));
            if (cell.empty()) {
                ++empty_run;
                continue;
            }
            if (empty_run > 0) at = std::to_chars(at, at + 2, empty_run).ptr;
            empty_run = 0;
            const char base = base_char(cell);
            if (cell.piece() == 0) {
                *at++ = base;
            } else if (base == 0) {
                *at++ = piece_char(cell.piece());
            } else {
                *at++ = '(';
                *at++ = base;
                *at++ = piece_char(cell.piece());
                *at++ = ')';
            }
        }
        if (empty_run > 0) at = std::to_chars(at, at + 2, empty_run).ptr;
        if (rank > 0) *at++ = '/';
    }
    std::string out;
    out.reserve(static_cast<std::size_t>(at - board.data()) + 160);
    out.append(board.data(), at);
    auto append_number = [&](int n) {
        char digits[12];
        auto [last, ec] = std::to_chars(digits, digits + sizeof digits, n);
        out.append(digits, last);
    };
    out += "|side=";
    out += position.side_to_move() == Color::white ? 'w' : 'b';
    out += "|turn=";
    append_number(static_cast<int>(position.turn_number()));
    out += "|counter=w:";
    append_number(position.counter(Color::white));
    out += ",b:";
    append_number(position.counter(Color::black));
    out += "|lost=w:";
    append_pool_letters(out, position, Color::white);
    out += ",b:";
    append_pool_letters(out, position, Color::black);
    out += "|supply=w:";
    append_number(position.wall_supply(Color::white));
    out += ",b:";
    append_number(position.wall_supply(Color::black));
    out += ",~:";
    append_number(position.water_supply());
    out += "|double=";
    bool any_double_step = false;
    position.state().double_step.for_each([&](Square s) {
        if (any_double_step) out += ',';
        any_double_step = true;
        append_square_name(out, s);
    });
    if (!any_double_step) out += '-';
    out += "|over=";
    if (end.over) {
        out += result_text(end.result());
        out += ':';
        out += end.reason;
    } else {
        out += '-';
    }
    return out;
}

std::string draw_position(const Position& position) {
    static constexpr std::string_view files = "      a   b   c   d   e   f   g   h   i   j   k\n";
    std::string out;
    out.reserve(1024);
    out += files;
    for (int rank = board_size - 1; rank >= 0; --rank) {
        // The rank's number, right-aligned in three columns on the left, after one blank on
        // the right.
        const int number = rank + 1;
        const char units = static_cast<char>('0' + number % 10);
        out += ' ';
        out += number >= 10 ? '1' : ' ';
        out += units;
        out += "  ";
        for (int file = 0; file < board_size; ++file) {
            Cell cell = position.cell(make_square(file, rank));
            char middle = cell.piece() != 0 ? piece_char(cell.piece()) : '.';
            char left = ' ';
            char right = ' ';
            if (cell.has_regenerator()) {
                left = '(';
                right = ')';
                if (cell.piece() == 0) middle = base_char(cell);
            } else if (cell.terrain() == Terrain::white_wall) {
                left = '[';
                right = ']';
            } else if (cell.terrain() == Terrain::black_wall) {
                left = '<';
                right = '>';
            } else if (cell.terrain() == Terrain::water) {
                left = middle = right = '~';
            }
            const char square[4] = {left, middle, right, ' '};
            out.append(square, 4);
        }
        out += ' ';
        if (number >= 10) out += '1';
        out += units;
        out += '\n';
    }
    out += files;
    out += "  ";
    out += tr(
        // TRANSLATORS: the legend of the text diagram of a position: keep the marks [ ], < >, ~~~
        // and ( ) as they are
        "key: upper case White, lower case Black; [ ] White wall, < > Black wall, ~~~ water, "
        "( ) regenerator");
    out += "\n      ";
    // The pieces' letters, the notation's, with their names in the message language.
    for (PieceKind kind : army_kinds) {
        out += ' ';
        out += kind_char(kind);
        out += ' ';
        out += kind_name(kind);
        if (kind != army_kinds.back()) out += ',';
    }
    out += '\n';
    for (Color c : {Color::white, Color::black}) {
        std::string lost;
        append_pool_letters(lost, position, c);
        out += "  ";
        if (position.regenerator_captured(c))
            // TRANSLATORS: {0} is a side, White or Black; {1} a counter position, 1 to 12; {2}
            // the lost pieces' letters in the notation, such as KQN, or -; {3} a number
            out += trf("{}: counter {}, lost {}, walls in supply {}, regenerator captured",
                       color_name(c), position.counter(c), lost, position.wall_supply(c));
        else
            // TRANSLATORS: {0} is a side, White or Black; {1} a counter position, 1 to 12; {2}
            // the lost pieces' letters in the notation, such as KQN, or -; {3} a number
            out += trf("{}: counter {}, lost {}, walls in supply {}", color_name(c),
                       position.counter(c), lost, position.wall_supply(c));
        out += '\n';
    }
    out += "  ";
    // TRANSLATORS: {0} is a number; {1} a side, White or Black; {2} a turn number
    out += trf("water in supply {}; {} to play turn {}", position.water_supply(),
               color_name(position.side_to_move()), position.turn_number());
    out += '\n';
    return out;
}

}  // namespace jv::jel

namespace jv::jel {

namespace {

class JfenReader {
  public:
    explicit JfenReader(std::string_view text) : text_(text) {}

    std::optional<ParsedPosition> read(PositionParseError& error) {
        try {
            return read_all();
        } catch (const PositionParseError& e) {
            error = e;
            return std::nullopt;
        }
    }

  private:
    [[noreturn]] void fail(std::size_t at, std::string message) const {
        throw PositionParseError{static_cast<std::uint32_t>(std::min(at, text_.size())),
                                 std::move(message)};
    }
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    void expect(std::string_view literal) {
        if (text_.substr(pos_, literal.size()) != literal)
            // TRANSLATORS: {} is a part of a position string, such as |side=
            fail(pos_, trf("expected '{}' here", literal));
        pos_ += literal.size();
    }
    // `what` names the number, a literal marked with N_: translated only when a message says it.
    int number(int low, int high, const char* what) {
        std::size_t begin = pos_;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
        // TRANSLATORS: {} names a field of a position string, such as "a counter"
        if (pos_ == begin) fail(begin, trf("expected {} (a number) here", tr(what)));
        if (pos_ - begin > 1 && text_[begin] == '0')
            // TRANSLATORS: {} names a field of a position string, such as "a counter"
            fail(begin, trf("{} is written without leading zeros", tr(what)));
        // TRANSLATORS: {} names a field of a position string, such as "a counter"
        if (pos_ - begin > 6) fail(begin, trf("{} is too large", tr(what)));
        int value = std::stoi(std::string(text_.substr(begin, pos_ - begin)));
        if (value < low || value > high)
            fail(begin,
                 // TRANSLATORS: {0} names a field of a position string, such as "a counter"; {1},
                 // {2} and {3} are numbers
                 trf("{} must be from {} to {}, not {}", tr(what), low, high, value));
        return value;
    }

    static std::optional<Piece> piece_of(char c) {
        auto letter = parse_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
        if (!letter || !is_army(*letter)) return std::nullopt;
        Color color = std::isupper(static_cast<unsigned char>(c)) ? Color::white : Color::black;
        return make_piece(color, to_kind(*letter));
    }

    void read_board(Position& p) {
        for (int rank = board_size - 1; rank >= 0; --rank) {
            std::size_t rank_begin = pos_;
            int file = 0;
            while (pos_ < text_.size() && text_[pos_] != '/' && text_[pos_] != '|') {
                std::size_t at = pos_;
                char c = text_[pos_];
                if (c >= '0' && c <= '9') {
                    // Adjacent digits always read as one run, so two runs never touch.
                    // TRANSLATORS: a field of a position string, as in "expected {} (a number)
                    // here"
                    file += number(1, 11, N_("a run of empty squares"));
                } else {
                    Cell cell;
                    if (c == '(') {
                        ++pos_;
                        char base = peek();
                        if (base == 'W' || base == 'w')
                            cell.set_terrain(base == 'W' ? Terrain::white_wall
                                                         : Terrain::black_wall);
                        else if (base == 'R' || base == 'r')
                            cell.set_regenerator(base == 'R' ? Color::white : Color::black);
                        else
                            fail(pos_,
                                 // TRANSLATORS: (...), W, w, R and r are notation: keep them
                                 tr("inside '(...)' comes a wall (W, w) or a regenerator (R, r)"));
                        ++pos_;
                        auto piece = piece_of(peek());
                        if (!piece)
                            // TRANSLATORS: the letters are notation: keep them as they are
                            fail(pos_,
                                 tr("expected a piece letter (K Q D T G N S or k q d t g n s)"));
                        if (cell.has_regenerator() && color_of(*piece) != cell.regenerator_color())
                            fail(pos_, tr("a piece stands only on its own regenerator (J9.2)"));
                        PieceKind kind = kind_of(*piece);
                        if (is_wall(cell.terrain()) && kind != PieceKind::soldier &&
                            kind != PieceKind::dragon)
                            fail(pos_, tr("only soldiers and dragons stand on walls (J6.3)"));
                        cell.set_piece(*piece);
                        ++pos_;
                        if (peek() != ')') fail(pos_, tr("expected ')'"));
                        ++pos_;
                    } else if (c == 'W' || c == 'w') {
                        cell.set_terrain(c == 'W' ? Terrain::white_wall : Terrain::black_wall);
                        ++pos_;
                    } else if (c == '~') {
                        cell.set_terrain(Terrain::water);
                        ++pos_;
                    } else if (c == 'R' || c == 'r') {
                        cell.set_regenerator(c == 'R' ? Color::white : Color::black);
                        ++pos_;
                    } else if (auto piece = piece_of(c)) {
                        cell.set_piece(*piece);
                        ++pos_;
                    } else {
                        fail(at,
                             // TRANSLATORS: {} is the character read; W, w, R, r, ~ and (...) are
                             // notation: keep them as they are
                             trf("'{}' is not a square of the board (a piece letter, W, "
                                 "w, R, r, ~, (...) or a number of empty squares)",
                                 c));
                    }
                    if (file >= board_size)
                        fail(at, trf("rank {} has more than 11 squares", rank + 1));
                    Square s = make_square(file, rank);
                    if (cell.has_regenerator() &&
                        p.regenerator_square(cell.regenerator_color()) != no_square)
                        fail(at, tr("a side has one regenerator"));
                    if (cell.piece() != 0 && kind_of(cell.piece()) == PieceKind::king &&
                        p.king_square(color_of(cell.piece())) != no_square)
                        fail(at, tr("a side has one king"));
                    p.set_cell(s, cell);
                    ++file;
                }
            }
            if (file != board_size)
                fail(rank_begin, trf("rank {} describes {} squares, not 11", rank + 1, file));
            if (rank > 0) {
                if (peek() != '/') fail(pos_, trf("expected '/' before rank {}", rank));
                ++pos_;
            }
        }
    }

    std::array<std::uint8_t, piece_kind_slots> read_pool() {
        std::array<std::uint8_t, piece_kind_slots> pool{};
        if (peek() == '-') {
            ++pos_;
            return pool;
        }
        int last_kind = 0;
        std::size_t begin = pos_;
        while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '|') {
            auto letter = parse_letter(text_[pos_]);
            if (!letter || !is_army(*letter))
                // TRANSLATORS: the letters and '-' are notation: keep them as they are
                fail(pos_, tr("a pool lists piece letters K Q D T G N S, or is '-'"));
            int kind = static_cast<int>(*letter);
            if (kind < last_kind)
                // TRANSLATORS: the letters are notation: keep them as they are
                fail(pos_, tr("a pool lists its letters in the order K Q D T G N S"));
            last_kind = kind;
            if (++pool[static_cast<std::size_t>(kind)] >
                army_count[static_cast<std::size_t>(kind)]) {
                const int count = army_count[static_cast<std::size_t>(kind)];
                const auto piece = static_cast<PieceKind>(kind);
                fail(pos_,
                     // TRANSLATORS: {0} is a number; {1} the name of the pieces counted, such as
                     // "knights" or "king"
                     trf("a side has only {} {}", count,
                         count == 1 ? kind_name(piece) : kind_name_plural(piece)));
            }
            ++pos_;
        }
        if (pos_ == begin) fail(pos_, tr("an empty pool is written '-'"));
        return pool;
    }

    ParsedPosition read_all() {
        ParsedPosition out;
        Position& p = out.position;
        read_board(p);
        expect("|side=");
        char side = peek();
        // TRANSLATORS: side is a field of a position string, 'w' and 'b' its values: keep them
        if (side != 'w' && side != 'b') fail(pos_, tr("side is 'w' or 'b'"));
        ++pos_;
        p.set_side_to_move(side == 'w' ? Color::white : Color::black);
        expect("|turn=");
        std::size_t turn_at = pos_;
        // TRANSLATORS: a field of a position string, as in "expected {} (a number) here" or "{} is
        // too large"
        p.set_turn_number(static_cast<std::uint32_t>(number(0, 999999, N_("the turn number"))));
        PositionState& st = p.mutable_state();
        expect("|counter=w:");
        std::size_t counter_at = pos_;
        // TRANSLATORS: a field of a position string, as in "expected {} (a number) here" or "{} is
        // too large"
        st.counter[0] = static_cast<std::uint8_t>(number(1, 12, N_("a counter")));
        expect(",b:");
        st.counter[1] = static_cast<std::uint8_t>(number(1, 12, N_("a counter")));
        expect("|lost=w:");
        std::size_t lost_at = pos_;
        st.lost[0] = read_pool();
        expect(",b:");
        st.lost[1] = read_pool();
        expect("|supply=w:");
        std::size_t supply_at = pos_;
        st.wall_supply[0] =
            // TRANSLATORS: a field of a position string, as in "expected {} (a number) here" or
            // "{} is too large"
            static_cast<std::uint8_t>(number(0, walls_per_side, N_("a wall supply")));
        expect(",b:");
        st.wall_supply[1] =
            static_cast<std::uint8_t>(number(0, walls_per_side, N_("a wall supply")));
        expect(",~:");
        water_at_ = pos_;
        st.water_supply =
            // TRANSLATORS: a field of a position string, as in "expected {} (a number) here" or "{}
            // is too large"
            static_cast<std::uint8_t>(number(0, water_pieces, N_("the water supply")));
        expect("|double=");
        if (peek() == '-') {
            ++pos_;
        } else {
            int last = -1;
            for (;;) {
                std::size_t at = pos_;
                std::size_t end = text_.find_first_of(",|", pos_);
                if (end == std::string_view::npos) end = text_.size();
                Square s = parse_square(text_.substr(pos_, end - pos_));
                if (s == no_square) fail(at, tr("expected a square (a1 to k11)"));
                if (static_cast<int>(s) <= last)
                    // TRANSLATORS: double is a field of a position string: keep it as it is
                    fail(at, tr("the squares of 'double' are listed once each, in board order"));
                last = s;
                Cell c = p.cell(s);
                if (c.piece() == 0 || kind_of(c.piece()) != PieceKind::soldier || !c.ground())
                    fail(at, trf(
                                 // TRANSLATORS: {} is a square such as e2
                                 "{} holds no soldier on the ground, so it cannot have its "
                                 "double step",
                                 square_name(s)));
                st.double_step.insert(s);
                pos_ = end;
                if (peek() != ',') break;
                ++pos_;
            }
        }
        expect("|over=");
        if (peek() == '-') {
            ++pos_;
        } else {
            std::size_t colon = text_.find(':', pos_);
            if (colon == std::string_view::npos)
                // TRANSLATORS: over is a field of a position string, '-' and result:reason its
                // values: keep them as they are
                fail(pos_, tr("over is '-' or result:reason"));
            std::string_view result = text_.substr(pos_, colon - pos_);
            std::string_view reason = text_.substr(colon + 1);
            if (result == "1/2-1/2")
                out.end.draw = true;
            else if (result == "1-0" || result == "0-1")
                out.end.winner = result == "1-0" ? Color::white : Color::black;
            else
                // TRANSLATORS: over is a field of a position string, and the results are notation:
                // keep them as they are
                fail(pos_, tr("the result in 'over' is 1-0, 0-1 or 1/2-1/2"));
            if (reason == "king-captured" || reason == "encirclement" || reason == "no-legal-turn")
                out.end.reason = reason == "king-captured"  ? "king-captured"
                                 : reason == "encirclement" ? "encirclement"
                                                            : "no-legal-turn";
            else
                fail(colon + 1,
                     // TRANSLATORS: over is a field of a position string, and the reasons are
                     // words a program reads: keep them as they are
                     tr("the reason in 'over' is king-captured, encirclement or no-legal-turn"));
            if (out.end.draw && out.end.reason != "no-legal-turn")
                fail(pos_, tr("only a game without a legal turn ends in a draw by the rules"));
            out.end.over = true;
            pos_ = text_.size();
        }
        if (pos_ != text_.size()) fail(pos_, tr("unexpected text after the position"));
        check_agreement(out, turn_at, counter_at, lost_at, supply_at);
        return out;
    }

    // Section 5 of jfen.md: what the fields repeat must agree with the board.
    void check_agreement(ParsedPosition& out, std::size_t turn_at, std::size_t counter_at,
                         std::size_t lost_at, std::size_t supply_at) {
        Position& p = out.position;
        PositionState& st = p.mutable_state();
        std::array<std::array<int, piece_kind_slots>, 2> on_board{};
        std::array<int, 2> walls{};
        std::array<int, 2> regenerators{};
        int water = 0;
        for (Square s = 0; s < square_count; ++s) {
            Cell c = p.cell(s);
            if (c.piece() != 0)
                ++on_board[static_cast<std::size_t>(index_of(color_of(c.piece())))]
                          [static_cast<std::size_t>(kind_of(c.piece()))];
            if (c.terrain() == Terrain::white_wall) ++walls[0];
            if (c.terrain() == Terrain::black_wall) ++walls[1];
            if (c.terrain() == Terrain::water) ++water;
            if (c.has_regenerator())
                ++regenerators[static_cast<std::size_t>(index_of(c.regenerator_color()))];
        }
        if (p.turn_number() == 0) {
            // During the setup: the side to move has placed nothing; White has placed everything
            // before Black's setup. Nothing is lost, nothing built.
            bool black_to_set_up = p.side_to_move() == Color::black;
            for (int side = 0; side < 2; ++side) {
                bool placed = side == 0 && black_to_set_up;
                for (PieceKind k : army_kinds) {
                    int expected = placed ? army_count[static_cast<std::size_t>(k)] : 0;
                    if (on_board[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)] !=
                        expected)
                        fail(turn_at,
                             tr("during the setup the board holds only White's complete setup, "
                                "and only once Black is to set up"));
                    st.unplaced[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)] =
                        static_cast<std::uint8_t>(army_count[static_cast<std::size_t>(k)] -
                                                  expected);
                }
                if (regenerators[static_cast<std::size_t>(side)] != (placed ? 1 : 0))
                    fail(turn_at,
                         tr("during the setup the board holds only White's complete setup"));
                st.unplaced[static_cast<std::size_t>(side)]
                           [static_cast<std::size_t>(Letter::regenerator)] =
                    static_cast<std::uint8_t>(placed ? 0 : 1);
            }
            if (walls[0] + walls[1] + water > 0 || st.counter[0] != 1 || st.counter[1] != 1)
                fail(counter_at,
                     tr("during the setup there are no walls or water and both counters are 1"));
            if (out.end.over) fail(turn_at, tr("the game cannot be over during the setup"));
            return;
        }
        for (int side = 0; side < 2; ++side) {
            for (PieceKind k : army_kinds) {
                int total = on_board[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)] +
                            st.lost[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)];
                if (total != army_count[static_cast<std::size_t>(k)])
                    fail(lost_at,
                         trf(
                             // TRANSLATORS: {0} is a side, White or Black; {1} the name of pieces,
                             // such as knights; {2}, {3} and {4} are numbers
                             "{}'s {}: {} on the board and {} lost, but a side has {}",
                             color_name(side == 0 ? Color::white : Color::black),
                             kind_name_plural(k),
                             on_board[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)],
                             st.lost[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)],
                             army_count[static_cast<std::size_t>(k)]));
            }
            if (walls[static_cast<std::size_t>(side)] +
                    st.wall_supply[static_cast<std::size_t>(side)] !=
                walls_per_side)
                fail(supply_at,
                     // TRANSLATORS: {0} is a side, White or Black; {1}, {2} and {3} are numbers
                     trf("{}'s walls: {} on the board and {} in supply, but a side has {}",
                         color_name(side == 0 ? Color::white : Color::black),
                         walls[static_cast<std::size_t>(side)],
                         st.wall_supply[static_cast<std::size_t>(side)], walls_per_side));
        }
        if (water + st.water_supply != water_pieces)
            // TRANSLATORS: the three {} are numbers
            fail(water_at_, trf("water: {} on the board and {} in supply, but there are {}", water,
                                st.water_supply, water_pieces));
        bool king_missing =
            p.king_square(Color::white) == no_square || p.king_square(Color::black) == no_square;
        bool says_captured = out.end.over && out.end.reason == "king-captured";
        if (king_missing != says_captured)
            fail(turn_at, king_missing
                              // TRANSLATORS: over is a field of a position string: keep it as it is
                              ? tr("a king is missing from the board, so 'over' names its capture")
                              : tr("both kings are on the board, so no king was captured"));
        if (says_captured && p.king_square(out.end.winner) == no_square)
            fail(turn_at, tr("the winner of a king capture still has its king"));
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t water_at_ = 0;
};

}  // namespace

std::optional<ParsedPosition> parse_position(std::string_view text, PositionParseError& error) {
    return JfenReader(text).read(error);
}

}  // namespace jv::jel
