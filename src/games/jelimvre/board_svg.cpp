#include "games/jelimvre/board_svg.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "games/jelimvre/fault_picture.hpp"
#include "games/jelimvre/turn_marks.hpp"

#include "core/record.hpp"
#include "core/svg_text.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel::board_svg {

using svg::Font;

namespace {

using jel::Cell;
using jel::Color;
using jel::PieceKind;
using jel::Square;
using jel::SquareSet;
using jel::Terrain;

// Geometry, in pixels.
constexpr int square = 48;
constexpr int board_x = 40;
constexpr int board_y = 56;
constexpr int board_px = square * jel::board_size;
constexpr int panel_x = board_x + board_px + 36;
constexpr int panel_width = 300;
constexpr int width = panel_x + panel_width;

// Colours.
constexpr std::string_view light_square = "#efe2c4";
constexpr std::string_view dark_square = "#c4a57a";
constexpr std::string_view frame = "#6b5232";
constexpr std::string_view white_stone = "#e2ded4";
constexpr std::string_view white_mortar = "#9d968a";
constexpr std::string_view black_stone = "#4d4944";
constexpr std::string_view black_mortar = "#26231f";
constexpr std::string_view water = "#3f86c9";
constexpr std::string_view regenerator_red = "#d32f2f";
constexpr std::string_view regenerator_rim = "#8e1b1b";
constexpr std::string_view highlight = "#f2a900";       // tint
constexpr std::string_view highlight_edge = "#c46f00";  // outlines and badges
constexpr std::string_view text_colour = "#222222";
constexpr std::string_view fault_red = "#b00020";  // the refused action and what is in its way

// Top-left corner of a square: rank 11 at the top, file a on the left.
int sx(Square s) {
    return board_x + jel::file_of(s) * square;
}
int sy(Square s) {
    return board_y + (jel::board_size - 1 - jel::rank_of(s)) * square;
}

void wall(std::string& out, int x, int y, int size, Terrain terrain) {
    const bool white = terrain == Terrain::white_wall;
    std::string_view stone = white ? white_stone : black_stone;
    std::string_view mortar = white ? white_mortar : black_mortar;
    // A block of three courses of bricks, the joints of each course offset from the next.
    const int inset = std::max(1, size / 24);
    const int a = x + inset;
    const int b = y + inset;
    const int w = size - 2 * inset;
    const int row1 = b + w / 3;
    const int row2 = b + 2 * w / 3;
    out +=
        fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{}" stroke="{}" )"
                    R"(stroke-width="1.5"/>)"
                    "\n",
                    a, b, w, w, std::max(1, size / 16), stone, mortar);
    out += fmt::format(
        R"(<path d="M{} {}h{}M{} {}h{}M{} {}V{}M{} {}V{}M{} {}V{}M{} {}V{}" stroke="{}" )"
        R"(stroke-width="1.2" fill="none"/>)"
        "\n",
        a, row1, w, a, row2, w, x + size / 2, b, row1, x + size / 4, row1, row2, x + 3 * size / 4,
        row1, row2, x + size / 2, row2, b + w, mortar);
}

void water_square(std::string& out, int x, int y, int size) {
    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)"
                       "\n",
                       x, y, size, size, water);
    const int step = size / 4;
    std::string d;
    for (int row : {size * 3 / 8, size * 11 / 16}) {
        d += fmt::format("M{} {}", x + size / 8, y + row);
        for (int i = 0; i < 3; ++i)
            d += fmt::format("q{} {} {} 0", step / 2, i % 2 == 0 ? -size / 10 : size / 10, step);
    }
    out += fmt::format(
        R"(<path d="{}" stroke="#ffffff" stroke-opacity="0.75" stroke-width="{}" fill="none" )"
        R"(stroke-linecap="round"/>)"
        "\n",
        d, size >= 32 ? 2 : 1.5);
}

void regenerator(std::string& out, int x, int y, int size, Color owner) {
    const int c = size / 2;
    const int r = size / 2 - std::max(2, size / 16);
    out += fmt::format(
        R"(<polygon points="{},{} {},{} {},{} {},{}" fill="{}" stroke="{}" stroke-width="1.5"/>)"
        "\n",
        x + c, y + c - r, x + c + r, y + c, x + c, y + c + r, x + c - r, y + c, regenerator_red,
        regenerator_rim);
    out += fmt::format(
        R"(<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="1.5"/>)"
        "\n",
        x + c, y + c, std::max(3, size / 7), owner == Color::white ? "#ffffff" : "#111111",
        owner == Color::white ? "#111111" : "#ffffff");
}

void piece_glyph(std::string& out, double cx, double cy, double r, jel::Piece p, bool shadow) {
    const bool white = jel::color_of(p) == Color::white;
    if (shadow)
        out += fmt::format(
            R"(<circle cx="{:g}" cy="{:g}" r="{:g}" fill="#000000" fill-opacity="0.35"/>)"
            "\n",
            cx + r * 0.1, cy + r * 0.14, r);
    out += fmt::format(
        R"(<circle cx="{:g}" cy="{:g}" r="{:g}" fill="{}" stroke="{}" stroke-width="{:g}"/>)"
        "\n",
        cx, cy, r, white ? "#fbfbf8" : "#1e1e1e", white ? "#1e1e1e" : "#000000",
        r >= 12 ? 1.8 : 1.2);
    const double font = r * 1.2;
    out += fmt::format(
        R"(<text x="{:g}" y="{:g}" font-size="{:g}" font-weight="bold" text-anchor="middle" )"
        R"(fill="{}">{}</text>)"
        "\n",
        cx, cy + font * 0.36, font, white ? "#1e1e1e" : "#fbfbf8", jel::kind_char(jel::kind_of(p)));
}

// A small round badge in the top-right corner of a square: "+" placed, "x" removed.
void badge(std::string& out, int x, int y, bool plus) {
    const int cx = x + square - 9;
    const int cy = y + 9;
    out += fmt::format(
        R"(<circle cx="{}" cy="{}" r="7" fill="{}" stroke="#ffffff" stroke-width="1.2"/>)"
        "\n",
        cx, cy, highlight_edge);
    if (plus)
        out += fmt::format(R"(<path d="M{} {}h8M{} {}v8" stroke="#ffffff" stroke-width="2"/>)"
                           "\n",
                           cx - 4, cy, cx, cy - 4);
    else
        out += fmt::format(R"(<path d="M{} {}l6 6M{} {}l-6 6" stroke="#ffffff" stroke-width="2"/>)"
                           "\n",
                           cx - 3, cy - 3, cx + 3, cy - 3);
}

void outline(std::string& out, int x, int y, double stroke, bool dashed) {
    out +=
        fmt::format(R"(<rect x="{:g}" y="{:g}" width="{:g}" height="{:g}" fill="none" stroke="{}" )"
                    R"(stroke-width="{:g}"{}/>)"
                    "\n",
                    x + stroke / 2, y + stroke / 2, square - stroke, square - stroke,
                    highlight_edge, stroke, dashed ? R"( stroke-dasharray="7 4")" : "");
}

// A square of the refused action: a thick red frame with a cross.
void fault_square(std::string& out, int x, int y, int size) {
    const double stroke = size >= 32 ? 4 : 2.5;
    out += fmt::format(
        R"(<rect x="{:g}" y="{:g}" width="{:g}" height="{:g}" fill="none" stroke="{}" )"
        R"(stroke-width="{:g}" class="fault-mark"/>)"
        "\n",
        x + stroke / 2, y + stroke / 2, size - stroke, size - stroke, fault_red, stroke);
    const int inset = size / 4;
    out += fmt::format(R"(<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{}" stroke-width="{:g}" )"
                       R"(stroke-opacity="0.6" stroke-linecap="round"/>)"
                       "\n",
                       x + inset, y + inset, x + size - inset, y + size - inset, x + size - inset,
                       y + inset, x + inset, y + size - inset, fault_red, stroke / 2);
}

// What stands in the refused action's way: a dashed red ring around it.
void in_the_way_ring(std::string& out, int x, int y, int size) {
    out += fmt::format(
        R"(<circle cx="{:g}" cy="{:g}" r="{:g}" fill="none" stroke="{}" stroke-width="{:g}" )"
        R"(stroke-dasharray="{}" class="in-the-way"/>)"
        "\n",
        x + size / 2.0, y + size / 2.0, size / 2.0 - 2, fault_red, size >= 32 ? 3.5 : 2,
        size >= 32 ? "6 3" : "3 2");
}

void text(std::string& out, int x, int y, std::string_view content, int size,
          std::string_view extra = "") {
    out += fmt::format(R"(<text x="{}" y="{}" font-size="{}"{}{}>{}</text>)"
                       "\n",
                       x, y, size, extra.empty() ? "" : " ", extra, xml_escape(content));
}

// `content` wrapped to `max_width`, its lines `size` * 1.25 apart (the panel's spacing);
// returns the baseline of the last line.
int text_lines(std::string& out, int x, int y, std::string_view content, int size, int max_width,
               std::string_view extra = "", Font font = Font::sans) {
    return svg::append_wrapped(out, x, y, content, max_width, size, size * 5 / 4, font, extra);
}

// Breaks `s` into lines of at most `limit` characters, after a ',' or '/' or before a '|'.
std::vector<std::string> wrap(std::string_view s, std::size_t limit) {
    std::vector<std::string> lines;
    while (s.size() > limit) {
        std::size_t cut = 0;
        for (std::size_t i = 1; i <= limit; ++i) {
            char before = s[i - 1];
            char at = s[i];
            if (before == ',' || before == '/' || at == '|' || at == ' ') cut = i;
        }
        if (cut == 0) cut = limit;
        lines.emplace_back(s.substr(0, cut));
        s.remove_prefix(cut);
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    }
    if (!s.empty()) lines.emplace_back(s);
    return lines;
}

std::string_view side_word(Color c) {
    return jel::color_name(c);
}

// The panel beside the board; returns the y below its last line.
int panel(std::string& out, const jel::Position& position, const jel::GameEnd& end,
          std::span<const jel::Action> last_turn, Color last_side,
          const std::optional<FaultPicture>& fault) {
    const int x = panel_x;
    const int right = width - 8;  // every line of the panel ends before it
    int y = board_y + 14;
    const Color mover = position.side_to_move();
    // Side to move.
    out += fmt::format(
        R"(<circle cx="{}" cy="{}" r="9" fill="{}" stroke="#1e1e1e" stroke-width="1.8"/>)"
        "\n",
        x + 9, y - 6, mover == Color::white ? "#fbfbf8" : "#1e1e1e");
    if (end.over) {
        y = text_lines(out, x + 26, y,
                       // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
                       trf("{} was to play turn {}", side_word(mover), position.turn_number()), 16,
                       right - x - 26);
        y += 28;
        // TRANSLATORS: {} is a result in the notation, such as 1-0, 0-1 or 1/2-1/2
        y = text_lines(out, x, y, trf("Game over: {}", result_text(end.result())), 18, right - x,
                       R"(font-weight="bold" fill="#b71c1c")", Font::sans_bold);
        y += 20;
        // How the game ended, in words, under "Game over: 1-0".
        y = text_lines(out, x, y, capitalised(translated(ending_words(end.reason))), 14, right - x,
                       R"(fill="#b71c1c")");
    } else {
        y = text_lines(out, x + 26, y,
                       // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
                       trf("{} to play turn {}", side_word(mover), position.turn_number()), 17,
                       right - x - 26, R"(font-weight="bold")", Font::sans_bold);
    }
    y += 30;
    for (Color c : {Color::white, Color::black}) {
        out += fmt::format(
            R"(<circle cx="{}" cy="{}" r="7" fill="{}" stroke="#1e1e1e" stroke-width="1.5"/>)"
            "\n",
            x + 7, y - 5, c == Color::white ? "#fbfbf8" : "#1e1e1e");
        text(out, x + 22, y, side_word(c), 15, R"(font-weight="bold")");
        y += 22;
        // The turn counter: 12 positions, those up to the counter filled.
        const int counter = position.counter(c);
        // TRANSLATORS: {:>2} is a counter position, 1 to 12, right-aligned in two columns
        const std::string counter_label = trf("counter {:>2} of 12", counter);
        text(out, x + 6, y, counter_label, 13);
        // The twelve boxes follow the label, or go under it when a language's label leaves
        // them no room in the panel.
        int boxes_x =
            std::max(x + 130, x + 14 + static_cast<int>(svg::text_width(counter_label, 13)));
        if (boxes_x + 12 * 12 > right) {
            y += 17;
            boxes_x = x + 6;
        }
        for (int i = 0; i < 12; ++i) {
            out += fmt::format(
                R"(<rect x="{}" y="{}" width="9" height="12" rx="1.5" fill="{}" stroke="#6b6b6b" )"
                R"(stroke-width="0.8"/>)"
                "\n",
                boxes_x + i * 12, y - 11, i < counter ? std::string_view("#e0a100") : "#ffffff");
        }
        y += 22;
        bool any_lost = false;
        for (PieceKind k : jel::army_kinds) any_lost = any_lost || position.lost(c, k) > 0;
        // TRANSLATORS: a label followed by the lost pieces, drawn
        const std::string lost_label = any_lost ? tr("lost:") : tr("lost: none");
        text(out, x + 6, y, lost_label, 13);
        if (any_lost) {
            // The pieces follow the label, however long a language makes it.
            const int pieces_x =
                std::max(x + 56, x + 22 + static_cast<int>(svg::text_width(lost_label, 13)));
            const int per_row = std::clamp((right - pieces_x + 11) / 22, 1, 10);
            int i = 0;
            for (PieceKind k : jel::army_kinds) {
                for (int n = 0; n < position.lost(c, k); ++n, ++i) {
                    const int col = i % per_row;
                    const int row = i / per_row;
                    if (col == 0 && row > 0) y += 22;
                    piece_glyph(out, pieces_x + col * 22, y - 4, 9.5, jel::make_piece(c, k), false);
                }
            }
        }
        y += 22;
        y = text_lines(out, x + 6, y, trf("walls in supply: {}", position.wall_supply(c)), 13,
                       right - x - 6);
        y += 20;
        if (position.regenerator_captured(c)) {
            y = text_lines(out, x + 6, y, tr("regenerator captured"), 13, right - x - 6,
                           R"(fill="#b71c1c")");
            y += 20;
        }
        y += 10;
    }
    y = text_lines(out, x, y, trf("Water in supply: {}", position.water_supply()), 13, right - x);
    y += 28;
    if (fault) {
        // The refused action, in the fault's colour: its rule, its text, and what is in its way.
        y = text_lines(out, x, y,
                       // TRANSLATORS: a heading beside a board; {} is a rule id (J6.2)
                       trf("Refused turn ({}):", fault->rule), 13, right - x,
                       fmt::format(R"(font-weight="bold" fill="{}")", fault_red), Font::sans_bold);
        y += 17;
        y = text_lines(out, x + 6, y, fault_words(position, *fault), 13, right - x - 6,
                       fmt::format(R"(fill="{}")", fault_red));
        y += 28;
    }
    if (!last_turn.empty()) {
        // TRANSLATORS: {} is a side, White or Black
        y = text_lines(out, x, y, trf("Last turn ({}):", side_word(last_side)), 13, right - x,
                       R"(font-weight="bold")", Font::sans_bold);
        std::string actions;
        for (jel::Action a : last_turn) {
            if (!actions.empty()) actions += ", ";
            actions += jel::format_action(a);
        }
        for (const std::string& line : wrap(actions, 36)) {
            y += 17;
            text(out, x + 6, y, line, 13, R"(font-family="DejaVu Sans Mono, monospace")");
        }
        y += 28;
    }
    // Legend: the pieces' letters first, two to a line, then the marks.
    // TRANSLATORS: the title of the legend beside a board
    text(out, x, y, tr("Key"), 13, R"(font-weight="bold")");
    y += 10;
    const int column = (right - x) / 2;
    for (std::size_t i = 0; i < jel::army_kinds.size(); ++i) {
        const int cx = x + static_cast<int>(i % 2) * column;
        const int cy = y + static_cast<int>(i / 2) * 24;
        piece_glyph(out, cx + 14, cy + 10, 9.5, jel::make_piece(Color::white, jel::army_kinds[i]),
                    false);
        text(out, cx + 32, cy + 15, kind_name(jel::army_kinds[i]), 12);
    }
    y += static_cast<int>((jel::army_kinds.size() + 1) / 2) * 24 + 4;
    struct Entry {
        int kind;
        const char* words;  // marked with N_, translated where it is drawn
    };
    const Entry entries[] = {
        // TRANSLATORS: an entry of the legend beside a board
        {0, N_("White wall")},
        // TRANSLATORS: an entry of the legend beside a board
        {1, N_("Black wall")},
        // TRANSLATORS: an entry of the legend beside a board
        {2, N_("water")},
        // TRANSLATORS: an entry of the legend beside a board: the centre of a regenerator's mark
        // is white or black, as its side
        {3, N_("regenerator (centre: its side)")},
        // TRANSLATORS: an entry of the legend beside a board: the squares a piece left and reached
        {4, N_("last turn: from and to")},
        // TRANSLATORS: an entry of the legend beside a board
        {5, N_("last turn: placed")},
        // TRANSLATORS: an entry of the legend beside a board
        {6, N_("last turn: removed")},
        // TRANSLATORS: an entry of the legend beside a board: the squares of the turn the
        // referee refused
        {7, N_("refused action")},
        // TRANSLATORS: an entry of the legend beside a board: what blocks the refused action
        {8, N_("in the way")},
    };
    for (const Entry& e : entries) {
        // The last turn's marks are drawn only when there is a last turn and no fault.
        if (e.kind >= 4 && e.kind <= 6 && (last_turn.empty() || fault)) continue;
        if (e.kind == 7 && !fault) continue;
        if (e.kind == 8 && (!fault || fault->in_the_way == no_square)) continue;
        const int size = 20;
        const int bx = x + 4;
        const int by = y;
        switch (e.kind) {
            case 0:
                wall(out, bx, by, size, Terrain::white_wall);
                break;
            case 1:
                wall(out, bx, by, size, Terrain::black_wall);
                break;
            case 2:
                water_square(out, bx, by, size);
                break;
            case 3:
                regenerator(out, bx, by, size, Color::white);
                break;
            case 7:
                fault_square(out, bx, by, size);
                break;
            case 8:
                in_the_way_ring(out, bx, by, size);
                break;
            default:
                out += fmt::format(
                    R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{}" )"
                    R"(stroke-width="2.5"{}/>)"
                    "\n",
                    bx + 1, by + 1, size - 2, size - 2, light_square, highlight_edge,
                    e.kind == 4 ? "" : R"( stroke-dasharray="4 2")");
                if (e.kind != 4) {
                    const int cx = bx + size / 2;
                    const int cy = by + size / 2;
                    if (e.kind == 5)
                        out += fmt::format(
                            R"(<path d="M{} {}h8M{} {}v8" stroke="{}" stroke-width="2"/>)"
                            "\n",
                            cx - 4, cy, cx, cy - 4, highlight_edge);
                    else
                        out += fmt::format(
                            R"(<path d="M{} {}l6 6M{} {}l-6 6" stroke="{}" stroke-width="2"/>)"
                            "\n",
                            cx - 3, cy - 3, cx + 3, cy - 3, highlight_edge);
                }
                break;
        }
        y = text_lines(out, x + 32, y + 15, tr(e.words), 12, right - x - 32) - 15;
        y += 26;
    }
    return y;
}

}  // namespace

std::string render(const jel::Position& position, const jel::GameEnd& end,
                   std::span<const jel::Action> last_turn, jel::Color last_side,
                   std::string_view title, const std::optional<FaultPicture>& fault) {
    // A refused action is drawn instead of the last turn: two sets of marks would be read as one.
    const TurnMarks marks = fault ? TurnMarks{} : marks_of(last_turn);
    const std::string jfen = jel::format_position(position, end);

    std::string body;
    // Squares: a1 and the other corners dark.
    for (Square s = 0; s < jel::square_count; ++s) {
        const bool dark = (jel::file_of(s) + jel::rank_of(s)) % 2 == 0;
        body += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)"
                            "\n",
                            sx(s), sy(s), square, square, dark ? dark_square : light_square);
    }
    // The squares of the last turn, tinted under the terrain's marks and the pieces.
    for (Square s = 0; s < jel::square_count; ++s) {
        const bool reached =
            marks.to.contains(s) || marks.placed.contains(s) || marks.removed.contains(s);
        if (!reached && !marks.from.contains(s)) continue;
        body += fmt::format(
            R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="{}"/>)"
            "\n",
            sx(s), sy(s), square, square, highlight, reached ? "0.45" : "0.3");
    }
    // Terrain, then the pieces on top.
    for (Square s = 0; s < jel::square_count; ++s) {
        const Cell cell = position.cell(s);
        if (cell.has_regenerator())
            regenerator(body, sx(s), sy(s), square, cell.regenerator_color());
        else if (jel::is_wall(cell.terrain()))
            wall(body, sx(s), sy(s), square, cell.terrain());
        else if (cell.terrain() == Terrain::water)
            water_square(body, sx(s), sy(s), square);
        if (cell.piece() != 0)
            piece_glyph(body, sx(s) + square / 2.0, sy(s) + square / 2.0, 16, cell.piece(),
                        !cell.ground() || cell.has_regenerator());
    }
    body += fmt::format(
        R"(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2"/>)"
        "\n",
        board_x - 1, board_y - 1, board_px + 2, board_px + 2, frame);
    // Outlines and badges of the last turn, above everything.
    for (Square s = 0; s < jel::square_count; ++s) {
        if (marks.to.contains(s))
            outline(body, sx(s), sy(s), 3, false);
        else if (marks.from.contains(s))
            outline(body, sx(s), sy(s), 2, false);
        if (marks.placed.contains(s) || marks.removed.contains(s)) {
            if (!marks.to.contains(s)) outline(body, sx(s), sy(s), 2.5, true);
            badge(body, sx(s), sy(s), marks.placed.contains(s));
        }
    }
    // The refused action: its squares framed in red, a line from where it starts to where it
    // ends, and a ring around what stands in its way.
    if (fault) {
        const Square from = fault->action.from();
        const Square to = fault->action.to();
        if (from != no_square && to != no_square)
            body += fmt::format(
                R"(<path d="M{} {}L{} {}" stroke="{}" stroke-width="3" stroke-opacity="0.7" )"
                R"(stroke-dasharray="8 5" fill="none"/>)"
                "\n",
                sx(from) + square / 2, sy(from) + square / 2, sx(to) + square / 2,
                sy(to) + square / 2, fault_red);
        for (Square s : {from, to})
            if (s != no_square) fault_square(body, sx(s), sy(s), square);
        if (fault->in_the_way != no_square)
            in_the_way_ring(body, sx(fault->in_the_way), sy(fault->in_the_way), square);
    }
    // Coordinates.
    for (int i = 0; i < jel::board_size; ++i) {
        text(body, board_x + i * square + square / 2, board_y + board_px + 18,
             std::string(1, static_cast<char>('a' + i)), 14, R"(text-anchor="middle")");
        text(body, board_x - 8, board_y + (jel::board_size - 1 - i) * square + square / 2 + 5,
             std::to_string(i + 1), 14, R"(text-anchor="end")");
    }
    // The position string is the picture's <desc>, not drawn: a page shows it beside the
    // picture, as for every game, and once.
    const int y = board_y + board_px + 30;
    const int panel_bottom = panel(body, position, end, last_turn, last_side, fault);
    // The title wraps to the picture's width; its lines after the first push the rest down.
    const std::vector<std::string> title_lines =
        svg::wrap_text(title, width - board_x - 8, 16, Font::sans_bold);
    const int title_shift = static_cast<int>(title_lines.size() - 1) * 20;
    const int height = std::max(y, panel_bottom) + 12 + title_shift;

    std::string out = R"(<?xml version="1.0" encoding="UTF-8"?>)"
                      "\n";
    out += fmt::format(
        R"(<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{0}" height="{1}" )"
        R"(viewBox="0 0 {0} {1}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" )"
        R"(fill="{2}">)"
        "\n",
        width, height, text_colour);
    out += fmt::format("<title>{}</title>\n", xml_escape(title));
    out += fmt::format("<desc>{}</desc>\n", xml_escape(jfen));
    out += fmt::format(R"(<rect width="{}" height="{}" fill="#ffffff"/>)"
                       "\n",
                       width, height);
    svg::append_lines(out, board_x, 32, title_lines, 16, 20, R"(font-weight="bold")");
    if (title_shift > 0) out += fmt::format("<g transform=\"translate(0 {})\">\n", title_shift);
    out += body;
    if (title_shift > 0) out += "</g>\n";
    out += "</svg>\n";
    return out;
}

}  // namespace jv::jel::board_svg
