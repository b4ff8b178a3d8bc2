#include "games/imbriquation/pictures.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "core/svg_text.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "games/imbriquation/position_text.hpp"
#include "games/imbriquation/rules.hpp"

namespace jv::imb {

namespace {

// The squares the last turn touched: its placement, the acting pawn's path, a removal.
struct Marks {
    Squares placed = 0;
    Squares path = 0;
};

Marks marks_of(std::span<const Action> last_turn) {
    Marks out;
    for (const Action& a : last_turn) switch (a.type) {
            case Action::Type::place:
                out.placed |= bit(a.from);
                break;
            case Action::Type::move:
                out.path |= bit(a.from) | bit(a.to);
                break;
            case Action::Type::chain:
                out.path |= bit(a.from);
                for (std::size_t i = 0; i < a.jumps; ++i) out.path |= bit(a.landings[i]);
                break;
            case Action::Type::removal:
                out.path |= bit(a.from);
                break;
            case Action::Type::tile:
                break;
        }
    return out;
}

std::string turn_text(std::span<const Action> turn) {
    std::string out;
    for (const Action& a : turn) out += (out.empty() ? "" : ",") + format_action(a);
    return out;
}

// ---------------------------------------------------------------------------------------------
// The refused action

// The line from `from` to `to` (a rank, a file or a diagonal): its step and length.
struct Line {
    int file = 0;
    int rank = 0;
    int length = 0;
};
std::optional<Line> line_between(Square from, Square to) {
    const int df = file_of(to) - file_of(from);
    const int dr = rank_of(to) - rank_of(from);
    if ((df == 0 && dr == 0) || (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)))
        return std::nullopt;
    return Line{(df > 0) - (df < 0), (dr > 0) - (dr < 0), std::max(std::abs(df), std::abs(dr))};
}
Square step(Square from, const Line& line, int i) {
    return square_at(file_of(from) + line.file * i, rank_of(from) + line.rank * i);
}

std::string squares_list(Squares set) {
    std::string out;
    for (; set != 0; set &= set - 1)
        out += (out.empty() ? "" : ", ") + square_name(first_square(set));
    return out;
}

// The two enemy pawns on either side of `s` along a rank or a file (I4.2): the neighbours, or
// under `sandwich = line` the nearest pawns past empty squares. The picture has no ruleset: the
// neighbours are looked for first.
std::optional<std::pair<Square, Square>> enclosing_pawns(const Position& position, Color mover,
                                                         Square s) {
    const Squares enemy = position.pawns(opponent(mover));
    for (const bool nearest : {false, true})
        for (const Line axis : {Line{1, 0, 0}, Line{0, 1, 0}}) {
            std::array<std::optional<Square>, 2> ends;
            for (int side = 0; side < 2; ++side) {
                const int sign = side == 0 ? -1 : 1;
                for (int i = 1;
                     on_board(file_of(s) + sign * axis.file * i, rank_of(s) + sign * axis.rank * i);
                     ++i) {
                    const Square at = square_at(file_of(s) + sign * axis.file * i,
                                                rank_of(s) + sign * axis.rank * i);
                    if ((position.occupied() & bit(at)) != 0) {
                        ends[static_cast<std::size_t>(side)] = at;
                        break;
                    }
                    if (!nearest) break;
                }
            }
            if (ends[0] && ends[1] && (enemy & bit(*ends[0])) != 0 && (enemy & bit(*ends[1])) != 0)
                return std::pair{*ends[0], *ends[1]};
        }
    return std::nullopt;
}

bool rule_in(std::string_view rule, std::initializer_list<std::string_view> rules) {
    return std::find(rules.begin(), rules.end(), rule) != rules.end();
}

// What is at fault in a chain of jumps (I6.5 to I6.8), judged jump by jump as the referee does:
// the pawns that keep the first faulty jump from being one, and the words for them.
void jump_culprits(Position board, Color mover, const Action& chain, bool long_jump, FaultView& out,
                   std::string& words) {
    Square at = chain.from;
    for (std::size_t j = 0; j < chain.jumps; ++j) {
        const Square landing = chain.landings[j];
        const std::optional<Line> line = line_between(at, landing);
        out.target = landing;
        if (!line || (!long_jump && line->length != 2)) return;
        if ((board.occupied() & bit(landing)) != 0) {
            out.culprits = bit(landing);
            words = trf(
                // TRANSLATORS: why a jump is refused, under a board: {0} is a pawn with its
                // colour ("the light pawn"), {1} a square (e4).
                "{} on {} stands on the landing square", the_pawns(*board.pawn_at(landing), false),
                square_name(landing));
            return;
        }
        Squares own = 0;
        Squares enemy = 0;
        std::optional<std::pair<Square, Square>> neighbours;
        for (int i = 1; i < line->length; ++i) {
            const Square s = step(at, *line, i);
            if ((board.pawns(mover) & bit(s)) != 0) own |= bit(s);
            if ((board.pawns(opponent(mover)) & bit(s)) != 0) {
                if (i > 1 && (enemy & bit(step(at, *line, i - 1))) != 0 && !neighbours)
                    neighbours = std::pair{step(at, *line, i - 1), s};
                enemy |= bit(s);
            }
        }
        if (own != 0) {
            out.culprits = own;
            words = trn(
                // TRANSLATORS: why a jump is refused, under a board: {0} is the jumping player's
                // pawn or pawns with their colour ("the light pawns"), {1} one or more squares.
                "it passes over {} on {}, of its own colour",
                "it passes over {} on {}, of its own colour",
                static_cast<unsigned long>(std::popcount(own)),
                the_pawns(mover, std::popcount(own) > 1), squares_list(own));
            return;
        }
        if (enemy == 0) {
            // TRANSLATORS: why a jump is refused, under a board.
            words = tr("it passes over no enemy pawn, so it captures nothing");
            return;
        }
        if (neighbours) {
            out.culprits = bit(neighbours->first) | bit(neighbours->second);
            words = trf(
                // TRANSLATORS: why a jump is refused, under a board: {0} is the pawns with their
                // colour ("the dark pawns"), {1} and {2} squares (c4, d4).
                "it passes over {} on {} and {}, two neighbours", the_pawns(opponent(mover), true),
                square_name(neighbours->first), square_name(neighbours->second));
            return;
        }
        if (std::popcount(enemy) > 1) {
            out.culprits = enemy;
            words = trf(
                // TRANSLATORS: why a jump is refused, under a board: {0} is the pawns with their
                // colour ("the dark pawns"), {1} the squares (c4, e4).
                "it passes over {} on {}, and a jump captures one",
                the_pawns(opponent(mover), true), squares_list(enemy));
            return;
        }
        board.remove(first_square(enemy));
        board.move_pawn(at, landing);
        at = landing;
    }
}

}  // namespace

FaultView fault_view(const Position& position, const FaultMark& fault) {
    FaultView out;
    const ActionParse parsed = parse_action(fault.action);
    const std::string rule(fault.rule);
    const Color mover = position.side_to_move();
    std::string words;  // what the culprits do
    if (parsed.action) {
        const Action& action = *parsed.action;
        Position board = position;
        const bool moves = action.type == Action::Type::move || action.type == Action::Type::chain;
        // The acting pawn is usually the one the turn placed, which the position before the turn
        // does not hold yet.
        if (moves && !position.pawn_at(action.from) && rule != "I5.1") {
            board.place(action.from);
            out.placed = action.from;
        }
        switch (action.type) {
            case Action::Type::place:
                out.squares = bit(action.from);
                out.target = action.from;
                if (const std::optional<Color> holder = position.pawn_at(action.from);
                    holder && rule == "I4.1") {
                    out.culprits = bit(action.from);
                    words = trf(
                        // TRANSLATORS: why a placement is refused, under a board: {0} is a pawn
                        // with its colour ("the light pawn"), {1} a square (e4).
                        "{} on {} already stands there", the_pawns(*holder, false),
                        square_name(action.from));
                } else if (rule == "I4.2") {
                    if (const auto pair = enclosing_pawns(position, mover, action.from)) {
                        out.culprits = bit(pair->first) | bit(pair->second);
                        words = trf(
                            // TRANSLATORS: why a placement is refused, under a board: {0} is the
                            // pawns with their colour ("the dark pawns"), {1} and {2} squares.
                            "{} on {} and {} stand on either side of it",
                            the_pawns(opponent(mover), true), square_name(pair->first),
                            square_name(pair->second));
                    }
                }
                break;
            case Action::Type::removal:
                out.squares = bit(action.from);
                out.target = action.from;
                if (rule == "I5.2") {
                    if (!position.pawn_at(action.from)) {
                        board.place(action.from);
                        out.placed = action.from;
                    }
                    const Tile tile = position.tile_to_draw().value_or(Tile::BL);
                    std::optional<Action> example;
                    if (tile != Tile::BL)
                        for_each_action(board, action.from, tile, Ruleset{}, [&](const Action& a) {
                            if (!example) example = a;
                        });
                    if (example) {
                        // The pawns the possible action would capture, if it is a jump.
                        Position after = board;
                        apply_action(after, *example, Ruleset{});
                        out.culprits = board.pawns(opponent(mover)) & ~after.pawns(opponent(mover));
                        words = trf(
                            // TRANSLATORS: why a removal is refused, under a board: {} is an
                            // action as written (e6xe4).
                            "{} was possible, and the action is compulsory",
                            format_action(*example));
                    }
                }
                break;
            case Action::Type::move: {
                out.squares = bit(action.from) | bit(action.to);
                out.target = action.to;
                const std::optional<Line> line = line_between(action.from, action.to);
                if (line)
                    for (int i = 1; i < line->length; ++i)
                        out.squares |= bit(step(action.from, *line, i));
                if (rule == "I5.1") {
                    const std::optional<Color> holder = position.pawn_at(action.from);
                    if (holder) out.culprits = bit(action.from);
                    if (holder == mover)
                        words = trf(
                            // TRANSLATORS: why an action is refused, under a board: {} is a
                            // square (d4).
                            "the pawn on {} may not act: in rounds 1 to 3 only the pawn just "
                            "placed does",
                            square_name(action.from));
                    else if (holder)
                        words = trf(
                            // TRANSLATORS: why an action is refused, under a board: {0} is a
                            // square (d4), {1} and {2} players (Light or Dark).
                            "the pawn on {} is {}'s, and only {}'s own pawns act",
                            square_name(action.from), side_name(*holder), side_name(mover));
                    else
                        // TRANSLATORS: why an action is refused, under a board: {} is a square.
                        words = trf("{} holds no pawn to act", square_name(action.from));
                } else if (line && rule_in(rule, {"I6.1", "I6.2", "I6.3", "I6.4"})) {
                    // A step or a slide blocked: the first pawn in the way.
                    for (int i = 1; i <= line->length; ++i) {
                        const Square s = step(action.from, *line, i);
                        if (const std::optional<Color> holder = board.pawn_at(s)) {
                            out.culprits = bit(s);
                            words = trf(
                                // TRANSLATORS: why a step or a slide is refused, under a board:
                                // {0} is a pawn with its colour ("the light pawn"), {1} a square.
                                "{} on {} stands in the way", the_pawns(*holder, false),
                                square_name(s));
                            break;
                        }
                    }
                }
                break;
            }
            case Action::Type::chain:
                out.squares = bit(action.from);
                for (std::size_t i = 0; i < action.jumps; ++i)
                    out.squares |= bit(action.landings[i]);
                out.target = action.destination();
                if (rule_in(rule, {"I6.5", "I6.6", "I6.7", "I6.8"}))
                    jump_culprits(board, mover, action, rule == "I6.7" || rule == "I6.8", out,
                                  words);
                break;
            case Action::Type::tile:
                break;
        }
    }
    const std::string head =
        out.squares != 0
            // TRANSLATORS: a refused action, under a board: {0} is the action as written
            // (a4-e4), {1} the rule it breaks (I6.3), {2} its squares (a4, e4).
            ? trn("{} breaks {} (square {})", "{} breaks {} (squares {})",
                  static_cast<unsigned long>(std::popcount(out.squares)), fault.action, fault.rule,
                  squares_list(out.squares))
            // TRANSLATORS: a refused action that names no square (a tile code), under a board:
            // {0} is the action as written (RO), {1} the rule it breaks (I9.2).
            : trf("{} breaks {}", fault.action, fault.rule);
    out.sentence = words.empty()
                       // TRANSLATORS: under a board; {} is "a4-e4 breaks I6.3 (squares a4, e4)".
                       ? trf("refused action: {}", head)
                       // TRANSLATORS: under a board; {0} is "a4-e4 breaks I6.3 (squares a4, e4)",
                       // {1} what is at fault ("the Light pawn on c4 stands in the way").
                       : trf("refused action: {}; {}", head, words);
    return out;
}

std::string last_turn_lines(std::span<const Action> last_turn) {
    if (last_turn.empty()) return {};
    // TRANSLATORS: under a board; {} is the last turn's actions as written (e4,SO,e4-e5).
    return "  " + trf("last turn: {}", turn_text(last_turn)) + "\n";
}

std::string fault_lines(const Position& position, const std::optional<FaultMark>& fault) {
    if (!fault) return {};
    return "  " + fault_view(position, *fault).sentence + "\n";
}

std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color,
                         const std::optional<FaultMark>& fault) {
    const Marks marks = marks_of(last_turn);
    const std::optional<FaultView> refused =
        fault ? std::optional(fault_view(position, *fault)) : std::nullopt;
    // The refused action's marks stand in for the last turn's.
    const Squares marked = refused
                               ? refused->squares | (refused->placed ? bit(*refused->placed) : 0)
                               : marks.placed | marks.path;
    const Squares culprits = refused ? refused->culprits : 0;
    const std::array<Squares, 2> owned = territories(position);
    std::string out = "   ┌────────────────────────┐\n";
    for (int rank = 7; rank >= 0; --rank) {
        out += fmt::format(" {} │", rank + 1);
        for (int file = 0; file < 8; ++file) {
            const Square s = square_at(file, rank);
            const std::optional<Color> pawn = position.pawn_at(s);
            std::string_view glyph = " · ";
            if (pawn)
                glyph = *pawn == Color::light ? " ○ " : " ● ";
            else if ((owned[0] & bit(s)) != 0)
                glyph = " ▫ ";
            else if ((owned[1] & bit(s)) != 0)
                glyph = " ▪ ";
            const std::string_view inner = glyph.substr(1, glyph.size() - 2);
            if ((culprits & bit(s)) != 0) {
                out += color ? fmt::format("\x1b[45m{}\x1b[0m", glyph) : fmt::format(">{}<", inner);
            } else if ((marked & bit(s)) != 0) {
                if (color)
                    out += fmt::format("{}{}\x1b[0m", refused ? "\x1b[41m" : "\x1b[43m", glyph);
                else
                    out += fmt::format("[{}]", inner);
            } else {
                out += glyph;
            }
        }
        out += "│\n";
    }
    out += "   └────────────────────────┘\n     a  b  c  d  e  f  g  h\n";
    // TRANSLATORS: the key under a board drawn with symbols, kept as they are: the pawns of
    // Light and of Dark (the players' names), then the squares of their territories.
    out += "  " + std::string(tr("○ Light  ● Dark  ▫ ▪ their territory")) + "\n";
    if (refused)
        out += "  " +
               std::string(color
                               // TRANSLATORS: the key under a board drawn with symbols, in
                               // colour: the squares with a red background, those in magenta.
                               ? tr("red: the refused action's squares  magenta: the pawns at "
                                    "fault")
                               // TRANSLATORS: the key under a board drawn with symbols: [ ] and
                               // > < are drawn around a square's symbol, kept as they are.
                               : tr("[ ] the refused action's squares  > < the pawns at fault")) +
               "\n";
    else if (!last_turn.empty())
        out += "  " +
               std::string(color
                               // TRANSLATORS: the key under a board drawn with symbols, in
                               // colour: the squares with a yellow background.
                               ? tr("yellow: the last turn's squares")
                               // TRANSLATORS: the key under a board drawn with symbols: [ ] is
                               // drawn around a square's symbol, kept as it is.
                               : tr("[ ] the last turn's squares")) +
               "\n";
    const std::string text = draw_position(position, end);
    // The lines under the text diagram (tiles, score, who plays) apply unchanged.
    const std::size_t key = text.find(key_words());
    const std::size_t after_key = text.find('\n', key);
    out += text.substr(after_key + 1);
    out += last_turn_lines(last_turn);
    if (refused) out += "  " + refused->sentence + "\n";
    return out;
}

// ---------------------------------------------------------------------------------------------
// SVG

namespace {

constexpr std::string_view fault_colour = "#b00020";
constexpr std::string_view mark_colour = "#d03020";

void svg_text(std::string& out, int x, int y, std::string_view text, int size,
              std::string_view extra = {}) {
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{}>{}</text>\n", x, y, size,
                       extra.empty() ? "" : " ", extra, xml_escape(text));
}

void pawn(std::string& out, int cx, int cy, int r, Color c, std::string_view extra = {}) {
    out += fmt::format(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#202020\" "
        "stroke-width=\"2\"{}{}/>\n",
        cx, cy, r, c == Color::light ? "#fbf8ef" : "#2b2b2b", extra.empty() ? "" : " ", extra);
}

// The frame of a marked square: solid for a placement, dashed for a pawn's path.
void frame(std::string& out, int x, int y, int size, std::string_view colour, bool dashed) {
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"3\"{}/>\n",
        x + 2, y + 2, size - 4, size - 4, colour, dashed ? " stroke-dasharray=\"6 4\"" : "");
}

// A refused action's square: tinted and framed in the fault colour.
void fault_square(std::string& out, int x, int y, int size) {
    out += fmt::format(
        "<rect class=\"fault-square\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
        "fill-opacity=\"0.18\" stroke=\"{}\" stroke-width=\"3\"/>\n",
        x + 2, y + 2, size - 4, size - 4, fault_colour, fault_colour);
}

void cross(std::string& out, int x, int y, int size) {
    const int a = size / 5;
    out += fmt::format(
        "<path class=\"fault-target\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" "
        "stroke-width=\"3\" stroke-linecap=\"round\"/>\n",
        x + a, y + a, x + size - a, y + size - a, x + size - a, y + a, x + a, y + size - a,
        fault_colour);
}

void culprit_ring(std::string& out, int cx, int cy, int r) {
    out += fmt::format(
        "<circle class=\"fault-culprit\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"4\"/>\n",
        cx, cy, r, fault_colour);
}

void tile_box(std::string& out, int x, int y, int w, int h, bool played, bool next) {
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" "
        "stroke-width=\"{}\"/>\n",
        x, y, w, h, h > 20 ? 4 : 2, played ? "#dddddd" : "#c8dcf0",
        next ? std::string_view(mark_colour) : "#607080", next ? 3 : 1);
}

constexpr std::string_view light_territory = "#f6e27a";
constexpr std::string_view dark_territory = "#8a96a8";

}  // namespace

std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title,
                     const std::optional<FaultMark>& fault) {
    constexpr int cell = 48;
    constexpr int left = 36;
    constexpr int margin = 16;
    constexpr int board = 8 * cell;
    constexpr int side_x = left + board + 40;
    constexpr int side_width = 260 - margin;
    constexpr int width = side_x + side_width + margin;
    const Marks marks = marks_of(last_turn);
    const std::optional<FaultView> refused =
        fault ? std::optional(fault_view(position, *fault)) : std::nullopt;
    const std::array<Squares, 2> owned = territories(position);

    // The title, wrapped to the picture's width; the board comes down by its extra lines.
    const std::vector<std::string> title_lines =
        svg::wrap_text(title, width - left - margin, 16, svg::Font::sans_bold);
    const int top = 48 + 20 * static_cast<int>(title_lines.size() - 1);
    std::string body;
    svg::append_lines(body, left, 28, title_lines, 16, 20, "font-weight=\"bold\"");

    for (int rank = 7; rank >= 0; --rank)
        for (int file = 0; file < 8; ++file) {
            const Square s = square_at(file, rank);
            const int x = left + file * cell;
            const int y = top + (7 - rank) * cell;
            // Territories in their owner's colour (I7): Light's pale gold, Dark's slate.
            std::string_view fill = (file + rank) % 2 == 0 ? "#d9cfb8" : "#ece4d0";
            if ((owned[0] & bit(s)) != 0) fill = light_territory;
            if ((owned[1] & bit(s)) != 0) fill = dark_territory;
            body += fmt::format(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                "stroke=\"#9a8f78\"/>\n",
                x, y, cell, cell, fill);
            if (refused) {
                if ((refused->squares & bit(s)) != 0) fault_square(body, x, y, cell);
            } else if ((marks.placed & bit(s)) != 0) {
                frame(body, x, y, cell, mark_colour, false);
            } else if ((marks.path & bit(s)) != 0) {
                frame(body, x, y, cell, mark_colour, true);
            }
            if (const std::optional<Color> pawn_here = position.pawn_at(s))
                pawn(body, x + cell / 2, y + cell / 2, cell * 3 / 8, *pawn_here);
            else if (refused && refused->placed == s)
                // The pawn the refused turn placed before acting, not on the board yet.
                pawn(body, x + cell / 2, y + cell / 2, cell * 3 / 8, position.side_to_move(),
                     "class=\"fault-placed\" fill-opacity=\"0.5\" stroke-dasharray=\"4 3\"");
        }
    // The fault's marks over the pawns: the target crossed, the culprits ringed.
    if (refused) {
        if (refused->target)
            cross(body, left + file_of(*refused->target) * cell,
                  top + (7 - rank_of(*refused->target)) * cell, cell);
        for (Squares c = refused->culprits; c != 0; c &= c - 1)
            culprit_ring(body, left + file_of(first_square(c)) * cell + cell / 2,
                         top + (7 - rank_of(first_square(c))) * cell + cell / 2, cell * 3 / 8 + 5);
    }
    for (int i = 0; i < 8; ++i) {
        body += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>\n",
            left + i * cell + cell / 2, top + board + 18, static_cast<char>('a' + i));
        body +=
            fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>\n",
                        left - 8, top + (7 - i) * cell + cell / 2 + 5, i + 1);
    }
    // Who plays next, under the board.
    const int board_bottom =
        svg::append_wrapped(body, left, top + board + 44, next_turn_words(position, end),
                            side_x - margin - left, 12, 16);

    // The side column: the round's tile line (drawn tiles greyed, the next one framed), the
    // score, the last or the refused turn, the key.
    const int round = position.round();
    const std::optional<TileLine> line = position.line_of_round(round);
    const int drawn = position.rounds_complete() ? tile_count : position.tiles_drawn();
    const bool any_next = !end.over && !position.in_openings();
    // TRANSLATORS: the title of a round's tile line beside the board; {} is the round (1 to 5).
    int y = svg::append_wrapped(body, side_x, top + 12, trf("round {} tiles", round), side_width,
                                13, 17, svg::Font::sans_bold, "font-weight=\"bold\"");
    for (int i = 0; i < tile_count; ++i) {
        const int x = side_x + (i % 5) * 46;
        const int ty = y + 12 + (i / 5) * 36;
        const bool played = i < drawn;
        tile_box(body, x, ty, 40, 28, played, any_next && i == drawn);
        body += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" "
            "fill=\"{}\">{}</text>\n",
            x + 20, ty + 19, played ? "#888888" : "#102030",
            line ? tile_code((*line)[static_cast<std::size_t>(i)]) : "?");
    }
    y += 12 + 36 + 28 + 8;
    const Score score = score_of(position);
    const std::string lines[] = {
        // TRANSLATORS: Light's score beside the board: its territory in squares, its pawns.
        trf("Light: territory {}, pawns {}", score.territory[0], score.pawns[0]),
        // TRANSLATORS: Dark's score beside the board: its territory in squares, its pawns.
        trf("Dark: territory {}, pawns {}", score.territory[1], score.pawns[1]),
        // TRANSLATORS: under a board; {} is the last turn's actions as written (e4,SO,e4-e5).
        last_turn.empty() ? std::string() : trf("last turn: {}", turn_text(last_turn)),
    };
    for (const std::string& text : lines) {
        if (text.empty()) continue;
        y = svg::append_wrapped(body, side_x, y + 17, text, side_width, 13, 17);
    }
    if (refused)
        y = svg::append_wrapped(body, side_x, y + 20, refused->sentence, side_width, 13, 17,
                                svg::Font::sans, fmt::format("fill=\"{}\"", fault_colour));

    // The key: a sample of each mark with its words.
    y += 30;
    // TRANSLATORS: the title of the legend beside a board
    svg_text(body, side_x, y, tr("Key"), 13, "font-weight=\"bold\"");
    y += 8;
    enum class Sample {
        light_pawn,
        dark_pawn,
        light_territory,
        dark_territory,
        tile_drawn,
        tile_next,
        tile_to_come,
        placed,
        path,
        fault_square,
        fault_placed,
        fault_target,
        fault_culprit,
    };
    struct Entry {
        Sample sample;
        const char* words;  // marked with N_, translated where it is drawn
    };
    const Entry entries[] = {
        // TRANSLATORS: an entry of the legend beside Imbriquation's board.
        {Sample::light_pawn, N_("Light's pawn")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board.
        {Sample::dark_pawn, N_("Dark's pawn")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: the squares Light
        // encloses (I7 is a rule's number).
        {Sample::light_territory, N_("Light's territory (I7)")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: the squares Dark
        // encloses (I7 is a rule's number).
        {Sample::dark_territory, N_("Dark's territory (I7)")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: a tile of the round's
        // line, greyed.
        {Sample::tile_drawn, N_("tile already drawn")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: a tile of the round's
        // line, framed in red.
        {Sample::tile_next, N_("the tile the next turn draws")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board.
        {Sample::tile_to_come, N_("tile still to come")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: a square framed.
        {Sample::placed, N_("last turn: the pawn placed")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: the squares framed
        // with a dashed line: where the acting pawn came from and went, or the pawn removed.
        {Sample::path, N_("last turn: the acting pawn's path, or its removal")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: squares tinted red.
        {Sample::fault_square, N_("refused action: its squares")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: a faint pawn.
        {Sample::fault_placed, N_("refused turn: the pawn it places")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: a red cross.
        {Sample::fault_target, N_("refused action: where it places or goes")},
        // TRANSLATORS: an entry of the legend beside Imbriquation's board: pawns ringed in red.
        {Sample::fault_culprit, N_("the pawns at fault")},
    };
    for (const Entry& e : entries) {
        switch (e.sample) {
            case Sample::tile_next:
                if (!any_next) continue;
                break;
            case Sample::placed:
                if (refused || marks.placed == 0) continue;
                break;
            case Sample::path:
                if (refused || marks.path == 0) continue;
                break;
            case Sample::fault_square:
                if (!refused || refused->squares == 0) continue;
                break;
            case Sample::fault_placed:
                if (!refused || !refused->placed) continue;
                break;
            case Sample::fault_target:
                if (!refused || !refused->target) continue;
                break;
            case Sample::fault_culprit:
                if (!refused || refused->culprits == 0) continue;
                break;
            default:
                break;
        }
        constexpr int size = 20;
        const int bx = side_x;
        const int by = y + 4;
        const int cx = bx + size / 2;
        const int cy = by + size / 2;
        switch (e.sample) {
            case Sample::light_pawn:
                pawn(body, cx, cy, 8, Color::light);
                break;
            case Sample::dark_pawn:
                pawn(body, cx, cy, 8, Color::dark);
                break;
            case Sample::light_territory:
            case Sample::dark_territory:
                body += fmt::format(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                    "stroke=\"#9a8f78\"/>\n",
                    bx, by, size, size,
                    e.sample == Sample::light_territory ? light_territory : dark_territory);
                break;
            case Sample::tile_drawn:
            case Sample::tile_next:
            case Sample::tile_to_come:
                tile_box(body, bx - 2, by + 3, size + 4, 14, e.sample == Sample::tile_drawn,
                         e.sample == Sample::tile_next);
                break;
            case Sample::placed:
            case Sample::path:
                body += fmt::format(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ece4d0\"/>\n", bx,
                    by, size, size);
                frame(body, bx - 1, by - 1, size + 2, mark_colour, e.sample == Sample::path);
                break;
            case Sample::fault_square:
                body += fmt::format(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ece4d0\"/>\n", bx,
                    by, size, size);
                fault_square(body, bx - 1, by - 1, size + 2);
                break;
            case Sample::fault_placed:
                pawn(body, cx, cy, 8, position.side_to_move(),
                     "fill-opacity=\"0.5\" stroke-dasharray=\"3 2\"");
                break;
            case Sample::fault_target:
                body += fmt::format(
                    "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"3\" "
                    "stroke-linecap=\"round\"/>\n",
                    bx + 4, by + 4, bx + size - 4, by + size - 4, bx + size - 4, by + 4, bx + 4,
                    by + size - 4, fault_colour);
                break;
            case Sample::fault_culprit:
                pawn(body, cx, cy, 6, Color::dark);
                body += fmt::format(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"9\" fill=\"none\" stroke=\"{}\" "
                    "stroke-width=\"2.5\"/>\n",
                    cx, cy, fault_colour);
                break;
        }
        const int last = svg::append_wrapped(body, bx + size + 10, by + 15, tr(e.words),
                                             side_width - size - 10, 13, 16);
        y = std::max(by + size, last + 5);
    }
    const int height = std::max(board_bottom, y) + margin;

    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" font-family=\"DejaVu Sans, sans-serif\">\n"
        "<title>{}</title>\n<desc>{}</desc>\n<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
        width, height, width, height, xml_escape(title), xml_escape(format_position(position, end)),
        width, height);
    out += body;
    out += "</svg>\n";
    return out;
}

}  // namespace jv::imb
