#include "games/jelimvre/board_unicode.hpp"

#include <fmt/format.h>

#include "games/jelimvre/turn_marks.hpp"

#include "core/record.hpp"
#include "core/translate.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel::board_unicode {

namespace {

using jel::Cell;
using jel::Color;
using jel::PieceKind;
using jel::Square;
using jel::SquareSet;
using jel::Terrain;

char piece_char(jel::Piece p) {
    char c = jel::kind_char(jel::kind_of(p));
    return jel::color_of(p) == Color::white ? c : static_cast<char>(c - 'A' + 'a');
}

// SGR sequences (256-colour palette).
constexpr std::string_view reset = "\x1b[0m";
constexpr std::string_view style_piece = "\x1b[1m";
constexpr std::string_view style_white_wall = "\x1b[48;5;250;38;5;16m";
constexpr std::string_view style_black_wall = "\x1b[48;5;94;38;5;52m";
constexpr std::string_view style_water = "\x1b[48;5;25;38;5;159m";
constexpr std::string_view style_regenerator = "\x1b[48;5;160;38;5;231m";
constexpr std::string_view style_last_turn = "\x1b[48;5;179;38;5;16m";
constexpr std::string_view style_dim = "\x1b[2m";
// A piece on a coloured square: bold, dark on light backgrounds and light on dark ones.
constexpr std::string_view style_piece_dark = "\x1b[1;38;5;16m";
constexpr std::string_view style_piece_light = "\x1b[1;38;5;231m";

// One square: three columns of text, with its colours when `color` is on.
std::string cell_text(Cell cell, Square s, const TurnMarks& marks, bool color) {
    std::string left = " ";
    std::string middle = " ";
    std::string right = " ";
    std::string_view style;
    const bool has_piece = cell.piece() != 0;
    if (has_piece) middle = std::string(1, piece_char(cell.piece()));
    if (cell.has_regenerator()) {
        left = "(";
        right = ")";
        if (!has_piece) middle = cell.regenerator_color() == Color::white ? "R" : "r";
        style = style_regenerator;
    } else if (cell.terrain() == Terrain::white_wall) {
        left = right = "░";
        if (!has_piece) middle = "░";
        style = style_white_wall;
    } else if (cell.terrain() == Terrain::black_wall) {
        left = right = "▓";
        if (!has_piece) middle = "▓";
        style = style_black_wall;
    } else if (cell.terrain() == Terrain::water) {
        left = middle = right = "≈";
        style = style_water;
    } else if (marks.reached(s) && has_piece) {
        left = "›";
        right = "‹";
    } else if (marks.removed.contains(s) && !has_piece) {
        middle = "×";
    } else if (marks.from.contains(s) && !has_piece) {
        middle = "·";
    }
    if (!color) return left + middle + right;
    if (marks.any(s)) style = style_last_turn;
    if (style.empty()) {
        if (!has_piece) return left + middle + right;
        return fmt::format("{}{}{}{}{}", style_piece, left, middle, right, reset);
    }
    const bool dark_background = style == style_black_wall || style == style_regenerator;
    if (!has_piece) return fmt::format("{}{}{}{}{}", style, left, middle, right, reset);
    return fmt::format("{}{}{}{}{}{}{}", style, left,
                       dark_background ? style_piece_light : style_piece_dark, middle, style, right,
                       reset);
}

std::string pool_words(const jel::Position& position, Color c) {
    std::string out;
    for (PieceKind k : jel::army_kinds) {
        int n = position.lost(c, k);
        if (n == 0) continue;
        if (!out.empty()) out += ", ";
        if (n == 1)
            out += jel::kind_name(k);
        else
            out += fmt::format("{} {}", n, jel::kind_name_plural(k));
    }
    // TRANSLATORS: no lost piece, as in "lost: none"
    return out.empty() ? tr_in("piece", "none") : out;
}

std::string legend(bool color, bool last_turn) {
    auto sample = [&](Cell cell) { return cell_text(cell, 0, TurnMarks{}, color); };
    Cell white_wall;
    white_wall.set_terrain(Terrain::white_wall);
    Cell black_wall;
    black_wall.set_terrain(Terrain::black_wall);
    Cell soldier_on_black_wall = black_wall;
    soldier_on_black_wall.set_piece(jel::make_piece(Color::black, PieceKind::soldier));
    Cell soldier_on_white_wall = white_wall;
    soldier_on_white_wall.set_piece(jel::make_piece(Color::white, PieceKind::soldier));
    Cell water;
    water.set_terrain(Terrain::water);
    Cell white_regenerator;
    white_regenerator.set_regenerator(Color::white);
    Cell black_regenerator;
    black_regenerator.set_regenerator(Color::black);
    Cell dragon_on_regenerator = white_regenerator;
    dragon_on_regenerator.set_piece(jel::make_piece(Color::white, PieceKind::dragon));

    std::string out = "  ";
    // TRANSLATORS: the first line of the legend of a board drawn in a terminal: keep the letters,
    // which are the notation's, and the colon
    out += tr("key: K king, Q queen, D dragon, T tower, G royal guard, N knight, S soldier;");
    out += "\n       ";
    // TRANSLATORS: the second line of the legend of a board drawn in a terminal
    out += tr("upper case White, lower case Black");
    out += "\n       ";
    // TRANSLATORS: a line of the legend of a board drawn in a terminal: each {} is a square drawn
    // as a sample: a white wall, a soldier on it, a black wall, a soldier on it, then water
    out += trf("{} {} White wall   {} {} Black wall   {} water", sample(white_wall),
               sample(soldier_on_white_wall), sample(black_wall), sample(soldier_on_black_wall),
               sample(water));
    out += "\n       ";
    // TRANSLATORS: a line of the legend of a board drawn in a terminal: each {} is a square drawn
    // as a sample: White's regenerator, Black's, then a piece standing on its own regenerator
    out += trf("{} {} regenerators of White and Black   {} a piece on its own",
               sample(white_regenerator), sample(black_regenerator), sample(dragon_on_regenerator));
    out += '\n';
    if (!last_turn) {
        // Nothing to explain.
    } else if (color) {
        Cell knight;
        knight.set_piece(jel::make_piece(Color::white, PieceKind::knight));
        TurnMarks last;
        last.to.insert(0);
        out += "       ";
        // TRANSLATORS: a line of the legend of a board drawn in a terminal: {} is a square drawn
        // as a sample
        out += trf("{} a square of the last turn", cell_text(knight, 0, last, true));
        out += '\n';
    } else {
        out += "       ";
        // TRANSLATORS: a line of the legend of a board drawn in a terminal: keep the marks › ‹ and
        // ·
        out += tr("last turn: › ‹ around a piece that arrived or was placed, · a square left,");
        out += "\n       ";
        // TRANSLATORS: the line after "last turn: › ‹ around a piece ..." in the legend of a board
        // drawn in a terminal: keep the mark ×
        out += tr("× a square emptied by a removal");
        out += '\n';
    }
    return out;
}

}  // namespace

std::string render(const jel::Position& position, const jel::GameEnd& end,
                   std::span<const jel::Action> last_turn, jel::Color last_side,
                   const Options& options) {
    const bool color = options.color;
    const TurnMarks marks = marks_of(last_turn);
    auto dim = [&](std::string_view text) {
        return color ? fmt::format("{}{}{}", style_dim, text, reset) : std::string(text);
    };
    auto rule = [&](std::string_view first, std::string_view middle, std::string_view last) {
        std::string line = "    ";
        line += first;
        for (int file = 0; file < jel::board_size; ++file) {
            line += "───";
            line += file + 1 < jel::board_size ? middle : last;
        }
        return dim(line) + "\n";
    };
    std::string files = "     ";
    for (int file = 0; file < jel::board_size; ++file)
        files += fmt::format(" {}  ", static_cast<char>('a' + file));
    while (!files.empty() && files.back() == ' ') files.pop_back();
    files += "\n";

    std::string out = files;
    out += rule("┌", "┬", "┐");
    for (int rank = jel::board_size - 1; rank >= 0; --rank) {
        std::string line = fmt::format(" {:>2} ", rank + 1);
        line += dim("│");
        for (int file = 0; file < jel::board_size; ++file) {
            Square s = jel::make_square(file, rank);
            line += cell_text(position.cell(s), s, marks, color);
            line += dim("│");
        }
        line += fmt::format(" {}\n", rank + 1);
        out += line;
        out += rank > 0 ? rule("├", "┼", "┤") : rule("└", "┴", "┘");
    }
    out += files;
    out += legend(color, !last_turn.empty());
    out += "\n";
    for (Color c : {Color::white, Color::black}) {
        out += "  ";
        if (position.regenerator_captured(c))
            // TRANSLATORS: {0} is a side, White or Black; {1} a counter position, 1 to 12; {2}
            // the lost pieces, such as "queen, 3 soldiers" or "none"; {3} a number
            out += trf("{}: counter {} of 12; lost: {}; walls in supply: {}; regenerator captured",
                       jel::color_name(c), position.counter(c), pool_words(position, c),
                       position.wall_supply(c));
        else
            // TRANSLATORS: {0} is a side, White or Black; {1} a counter position, 1 to 12; {2}
            // the lost pieces, such as "queen, 3 soldiers" or "none"; {3} a number
            out += trf("{}: counter {} of 12; lost: {}; walls in supply: {}", jel::color_name(c),
                       position.counter(c), pool_words(position, c), position.wall_supply(c));
        out += '\n';
    }
    out += "  ";
    out += trf("water in supply: {}", position.water_supply());
    out += '\n';
    if (!last_turn.empty()) {
        out += "  ";
        // TRANSLATORS: {0} is a side, White or Black; {1} the turn's actions in the notation,
        // such as "Ke1-e2,W@e5"
        out += trf("last turn ({}): {}", jel::color_name(last_side), jel::format_turn(last_turn));
        out += '\n';
    }
    out += "  ";
    if (end.over)
        // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
        out += trf("{} was to play turn {}", jel::color_name(position.side_to_move()),
                   position.turn_number());
    else
        // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
        out += trf("{} to play turn {}", jel::color_name(position.side_to_move()),
                   position.turn_number());
    out += '\n';
    if (end.over) {
        out += "  ";
        // TRANSLATORS: {0} is a result in the notation, such as 1-0; {1} how the game ended, in
        // words (king captured, encirclement, no legal turn left)
        out += trf("game over: {} ({})", result_text(end.result()),
                   translated(ending_words(end.reason)));
        out += '\n';
    }
    return out;
}

}  // namespace jv::jel::board_unicode
