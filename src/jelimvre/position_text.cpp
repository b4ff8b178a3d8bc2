// The position as text: the canonical position string (notation/jfen.md) and the diagram.
#include <fmt/format.h>

#include "jelimvre/notation.hpp"
#include "jelimvre/referee.hpp"

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

std::string pool_letters(const Position& position, Color c) {
    std::string out;
    for (PieceKind k : army_kinds)
        out.append(static_cast<std::size_t>(position.lost(c, k)), kind_char(k));
    return out.empty() ? "-" : out;
}

}  // namespace

std::string format_position(const Position& position, const GameEnd& end) {
    std::string out;
    for (int rank = board_size - 1; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < board_size; ++file) {
            Cell cell = position.cell(make_square(file, rank));
            if (cell.empty()) {
                ++empty_run;
                continue;
            }
            if (empty_run > 0) out += std::to_string(empty_run);
            empty_run = 0;
            char base = base_char(cell);
            if (cell.piece() == 0) {
                out += base;
            } else if (base == 0) {
                out += piece_char(cell.piece());
            } else {
                out += '(';
                out += base;
                out += piece_char(cell.piece());
                out += ')';
            }
        }
        if (empty_run > 0) out += std::to_string(empty_run);
        if (rank > 0) out += '/';
    }
    out += fmt::format("|side={}|turn={}", position.side_to_move() == Color::white ? 'w' : 'b',
                       position.turn_number());
    out += fmt::format("|counter=w:{},b:{}", position.counter(Color::white),
                       position.counter(Color::black));
    out += fmt::format("|lost=w:{},b:{}", pool_letters(position, Color::white),
                       pool_letters(position, Color::black));
    out += fmt::format("|supply=w:{},b:{},~:{}", position.wall_supply(Color::white),
                       position.wall_supply(Color::black), position.water_supply());
    std::string fresh;
    for (Square s = 0; s < square_count; ++s) {
        if (!position.has_double_step(s)) continue;
        if (!fresh.empty()) fresh += ',';
        fresh += square_name(s);
    }
    out += "|double=" + (fresh.empty() ? std::string("-") : fresh);
    if (end.over)
        out += fmt::format("|over={}:{}", result_text(end.result()), end.reason);
    else
        out += "|over=-";
    return out;
}

std::string draw_position(const Position& position) {
    std::string files = "     ";
    for (int file = 0; file < board_size; ++file)
        files += fmt::format(" {}  ", static_cast<char>('a' + file));
    while (!files.empty() && files.back() == ' ') files.pop_back();
    std::string out = files + "\n";
    for (int rank = board_size - 1; rank >= 0; --rank) {
        std::string line = fmt::format("{:>3}  ", rank + 1);
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
            line += left;
            line += middle;
            line += right;
            line += ' ';
        }
        out += line + fmt::format(" {}\n", rank + 1);
    }
    out += files + "\n";
    out +=
        "  key: upper case White, lower case Black; [ ] White wall, < > Black wall, ~~~ water, "
        "( ) regenerator\n";
    for (Color c : {Color::white, Color::black}) {
        out += fmt::format("  {}: counter {}, lost {}, walls in supply {}{}\n",
                           c == Color::white ? "White" : "Black", position.counter(c),
                           pool_letters(position, c), position.wall_supply(c),
                           position.regenerator_captured(c) ? ", regenerator captured" : "");
    }
    out += fmt::format("  water in supply {}; {} to play turn {}\n", position.water_supply(),
                       position.side_to_move() == Color::white ? "White" : "Black",
                       position.turn_number());
    return out;
}

}  // namespace jv::jel
