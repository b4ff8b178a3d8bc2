#include "games/imbriquation/pictures.hpp"

#include <bit>

#include <fmt/format.h>

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

}  // namespace

std::string last_turn_lines(std::span<const Action> last_turn) {
    if (last_turn.empty()) return {};
    // TRANSLATORS: under a board; {} is the last turn's actions as written (e4,SO,e4-e5).
    return "  " + trf("last turn: {}", turn_text(last_turn)) + "\n";
}

std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color) {
    const Marks marks = marks_of(last_turn);
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
            const bool mark = ((marks.placed | marks.path) & bit(s)) != 0;
            if (mark && color) out += "\x1b[43m";
            out += mark && !color ? fmt::format("[{}]", glyph.substr(1, glyph.size() - 2))
                                  : std::string(glyph);
            if (mark && color) out += "\x1b[0m";
        }
        out += "│\n";
    }
    out += "   └────────────────────────┘\n     a  b  c  d  e  f  g  h\n";
    // TRANSLATORS: the key under a board drawn with symbols, kept as they are: the pawns of
    // Light and of Dark (the players' names), then the squares of their territories.
    out += "  " + std::string(tr("○ Light  ● Dark  ▫ ▪ their territory")) + "\n";
    const std::string text = draw_position(position, end);
    // The lines under the text diagram (tiles, score, who plays) apply unchanged.
    const std::size_t key = text.find(key_words());
    const std::size_t after_key = text.find('\n', key);
    out += text.substr(after_key + 1);
    out += last_turn_lines(last_turn);
    return out;
}

std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title) {
    constexpr int cell = 48;
    constexpr int left = 36;
    constexpr int top = 48;
    constexpr int board = 8 * cell;
    constexpr int width = left + board + 40 + 260;
    constexpr int height = top + board + 100;
    const Marks marks = marks_of(last_turn);
    const std::array<Squares, 2> owned = territories(position);
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" font-family=\"DejaVu Sans, sans-serif\">\n"
        "<title>{}</title>\n<desc>{}</desc>\n<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n"
        "<text x=\"{}\" y=\"28\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
        width, height, width, height, xml_escape(title), xml_escape(format_position(position, end)),
        width, height, left, xml_escape(title));
    for (int rank = 7; rank >= 0; --rank)
        for (int file = 0; file < 8; ++file) {
            const Square s = square_at(file, rank);
            const int x = left + file * cell;
            const int y = top + (7 - rank) * cell;
            // Territories in their owner's colour (I7): Light's pale gold, Dark's slate.
            std::string_view fill = (file + rank) % 2 == 0 ? "#d9cfb8" : "#ece4d0";
            if ((owned[0] & bit(s)) != 0) fill = "#f6e27a";
            if ((owned[1] & bit(s)) != 0) fill = "#8a96a8";
            out += fmt::format(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                "stroke=\"#9a8f78\"/>\n",
                x, y, cell, cell, fill);
            if (((marks.placed | marks.path) & bit(s)) != 0)
                out += fmt::format(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
                    "stroke=\"#d03020\" stroke-width=\"3\"/>\n",
                    x + 2, y + 2, cell - 4, cell - 4);
            if (const std::optional<Color> pawn = position.pawn_at(s))
                out += fmt::format(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#202020\" "
                    "stroke-width=\"2\"/>\n",
                    x + cell / 2, y + cell / 2, cell * 3 / 8,
                    *pawn == Color::light ? "#fbf8ef" : "#2b2b2b");
        }
    for (int i = 0; i < 8; ++i) {
        out += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>\n",
            left + i * cell + cell / 2, top + board + 18, static_cast<char>('a' + i));
        out +=
            fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>\n",
                        left - 8, top + (7 - i) * cell + cell / 2 + 5, i + 1);
    }
    // The round's tile line: drawn tiles greyed, the next one framed.
    const int round = position.round();
    const std::optional<TileLine> line = position.line_of_round(round);
    const int drawn = position.rounds_complete() ? tile_count : position.tiles_drawn();
    const int side_x = left + board + 40;
    // TRANSLATORS: the title of a round's tile line beside the board; {} is the round (1 to 5).
    const std::string tiles_title = trf("round {} tiles", round);
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\">{}</text>\n",
                       side_x, top + 12, xml_escape(tiles_title));
    for (int i = 0; i < tile_count; ++i) {
        const int x = side_x + (i % 5) * 46;
        const int y = top + 24 + (i / 5) * 36;
        const bool played = i < drawn;
        const bool next = !end.over && !position.in_openings() && i == drawn;
        out += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"40\" height=\"28\" rx=\"4\" fill=\"{}\" stroke=\"{}\" "
            "stroke-width=\"{}\"/>\n",
            x, y, played ? "#dddddd" : "#c8dcf0", next ? "#d03020" : "#607080", next ? 3 : 1);
        out += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" "
            "fill=\"{}\">{}</text>\n",
            x + 20, y + 19, played ? "#888888" : "#102030",
            line ? tile_code((*line)[static_cast<std::size_t>(i)]) : "?");
    }
    const Score score = score_of(position);
    const std::string lines[] = {
        // TRANSLATORS: Light's score beside the board: its territory in squares, its pawns.
        trf("Light: territory {}, pawns {}", score.territory[0], score.pawns[0]),
        // TRANSLATORS: Dark's score beside the board: its territory in squares, its pawns.
        trf("Dark: territory {}, pawns {}", score.territory[1], score.pawns[1]),
        // TRANSLATORS: under a board; {} is the last turn's actions as written (e4,SO,e4-e5).
        last_turn.empty() ? std::string() : trf("last turn: {}", turn_text(last_turn)),
    };
    int y = top + 120;
    for (const std::string& text : lines) {
        if (text.empty()) continue;
        out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text>\n", side_x, y,
                           xml_escape(text));
        y += 20;
    }
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>\n", left,
                       top + board + 44, xml_escape(next_turn_words(position, end)));
    out += "</svg>\n";
    return out;
}

}  // namespace jv::imb
