#include "games/chessme/pictures.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/rules.hpp"

namespace jv::cme {

namespace {

// The files (or ranks) drawn: those of the pieces and of the last turn, with one on each side.
std::vector<std::int64_t> drawn(const Position& position, std::span<const Action> last_turn,
                                bool files) {
    std::vector<std::int64_t> values;
    auto add = [&](Square s) {
        const std::int64_t v = files ? s.x : s.y;
        for (std::int64_t d = -1; d <= 1; ++d)
            if (v + d >= grid_min && v + d <= grid_max) values.push_back(v + d);
    };
    for (const Piece& p : position.pieces()) add(p.at);
    for (const Action& a : last_turn) {
        add(a.to);
        if (a.type == Action::Type::move) add(a.from);
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

std::string file_label(std::int64_t x) {
    std::string name = square_name(Square{x, 1});
    name.pop_back();
    return name;
}

std::string rank_label(std::int64_t y) {
    return square_name(Square{1, y}).substr(1);
}

std::string_view symbol(const Piece& piece) {
    static constexpr std::string_view white[] = {"?", "♔", "♕", "♖", "♗", "♘", "♙"};
    static constexpr std::string_view black[] = {"?", "♚", "♛", "♜", "♝", "♞", "♟"};
    return piece.color == Color::white ? white[slot(piece.kind)] : black[slot(piece.kind)];
}

std::string tiles_line(const Position& position, Color c) {
    const SideTiles& t = position.tiles(c);
    std::string hand;
    if (!t.known)
        hand.assign(t.hand_size, '?');
    else
        for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn})
            hand.append(t.hand[slot(k)], kind_letter(k));
    std::string captured;
    for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn})
        captured.append(t.captured[slot(k)], kind_letter(k));
    // TRANSLATORS: a side's tiles: the first {} is a side (White, Black); the second the
    // letters of its hand, such as "QRP", or "-"; the third a number of tiles; the fourth the
    // letters of the pieces it has captured, or "-".
    return trf("{}: hand {}, pile {}, captured {}", color_name(c), hand.empty() ? "-" : hand,
               t.pile_left, captured.empty() ? "-" : captured);
}

// "White to play turn 12", or "White was to play turn 12" once the game is over.
std::string to_play_line(const Position& position, const GameEnd& end) {
    const std::string_view side = color_name(position.side_to_move());
    // TRANSLATORS: {} is a side (White, Black); the second {} a turn number. The game is over.
    if (end.over) return trf("{} was to play turn {}", side, position.turn_number());
    // TRANSLATORS: {} is a side (White, Black); the second {} a turn number.
    return trf("{} to play turn {}", side, position.turn_number());
}

std::string turn_text(std::span<const Action> turn) {
    std::string out;
    for (const Action& a : turn) out += (out.empty() ? "" : ",") + format_action(a);
    return out;
}

}  // namespace

std::string last_turn_lines(const Position& position, const GameEnd& end,
                            std::span<const Action> last_turn) {
    std::string out;
    if (!last_turn.empty()) {
        out += "  ";
        // TRANSLATORS: {} is a side (White, Black); the second {} the turn in the notation,
        // such as "Pd2-d3,N@c1".
        out += trf("last turn ({}): {}", color_name(opponent(position.side_to_move())),
                   turn_text(last_turn));
        out += '\n';
    }
    if (end.over) {
        out += "  ";
        // TRANSLATORS: the first {} is a result, such as 1-0; the second how the game ended,
        // as a machine word of the reports (checkmate, stalemate).
        out += trf("game over: {} ({})", result_text(end.result()), end.reason);
        out += '\n';
    }
    return out;
}

std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color) {
    const std::vector<std::int64_t> files = drawn(position, last_turn, true);
    std::vector<std::int64_t> ranks = drawn(position, last_turn, false);
    std::reverse(ranks.begin(), ranks.end());
    std::size_t width = 3;
    for (std::int64_t x : files) width = std::max(width, file_label(x).size() + 2);
    std::size_t rank_width = 2;
    for (std::int64_t y : ranks) rank_width = std::max(rank_width, rank_label(y).size());
    auto marked = [&](Square s) {
        for (const Action& a : last_turn)
            if (a.to == s || (a.type == Action::Type::move && a.from == s)) return true;
        return false;
    };
    auto rule = [&](std::string_view left, std::string_view middle, std::string_view right) {
        std::string line = std::string(rank_width + 2, ' ') + std::string(left);
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (i > 0) line += middle;
            for (std::size_t k = 0; k < width; ++k) line += "─";
        }
        return line + std::string(right) + "\n";
    };
    std::string header = std::string(rank_width + 3, ' ');
    for (std::size_t i = 0; i < files.size(); ++i) {
        const bool gap = i > 0 && files[i] != files[i - 1] + 1;
        header += fmt::format("{:^{}}", file_label(files[i]), width);
        if (i + 1 < files.size()) header += files[i + 1] != files[i] + 1 ? "~" : " ";
        (void)gap;
    }
    std::string out = header + "\n" + rule("┌", "┬", "┐");
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        if (r > 0) out += rule("├", "┼", "┤");
        std::string line = fmt::format(" {:>{}} │", rank_label(ranks[r]), rank_width);
        for (std::size_t i = 0; i < files.size(); ++i) {
            const Square s{files[i], ranks[r]};
            const Piece* piece = position.at(s);
            const std::string inside = piece != nullptr ? std::string(symbol(*piece)) : " ";
            const bool mark = marked(s);
            std::string cell(width / 2 - (mark && !color ? 1 : 0), ' ');
            if (mark && !color) cell += '[';
            if (mark && color) cell += "\x1b[43m";
            cell += inside;
            if (mark && color) cell += "\x1b[0m";
            if (mark && !color) cell += ']';
            cell += std::string(width - width / 2 - 1 - (mark && !color ? 1 : 0), ' ');
            line += cell;
            line += i + 1 < files.size() && files[i + 1] != files[i] + 1 ? "┆" : "│";
        }
        out += line + fmt::format(" {}\n", rank_label(ranks[r]));
        if (r + 1 < ranks.size() && ranks[r + 1] != ranks[r] - 1)
            out += std::string(rank_width + 2, ' ') + "  ~\n";
    }
    out += rule("└", "┴", "┘") + header + "\n";
    out += "  ";
    // TRANSLATORS: the legend of the picture drawn with box characters.
    out += tr("┆ and ~ join files or ranks far apart; [ ] the squares of the last turn");
    out += '\n';
    for (Color c : {Color::white, Color::black}) out += "  " + tiles_line(position, c) + "\n";
    out += last_turn_lines(position, end, last_turn);
    out += "  ";
    out += to_play_line(position, end);
    out += '\n';
    return out;
}

std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title) {
    const std::vector<std::int64_t> files = drawn(position, last_turn, true);
    std::vector<std::int64_t> ranks = drawn(position, last_turn, false);
    std::reverse(ranks.begin(), ranks.end());
    constexpr int cell = 48;
    constexpr int gap = 16;
    constexpr int left = 48;
    constexpr int top = 64;
    // x of each drawn file, a gap where files are far apart; likewise y of each rank.
    std::vector<int> xs;
    int x = left;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (i > 0 && files[i] != files[i - 1] + 1) x += gap;
        xs.push_back(x);
        x += cell;
    }
    std::vector<int> ys;
    int y = top;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i > 0 && ranks[i] != ranks[i - 1] - 1) y += gap;
        ys.push_back(y);
        y += cell;
    }
    const int board_right = x;
    const int board_bottom = y;
    const int width = board_right + 320;
    const int height = std::max(board_bottom + 72, 360);
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" font-family=\"DejaVu Sans, sans-serif\">\n"
        "<title>{}</title>\n<desc>{}</desc>\n<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n"
        "<text x=\"{}\" y=\"28\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
        width, height, width, height, xml_escape(title), xml_escape(format_position(position, end)),
        width, height, left, xml_escape(title));
    for (std::size_t r = 0; r < ranks.size(); ++r)
        for (std::size_t f = 0; f < files.size(); ++f) {
            const bool dark = ((files[f] + ranks[r]) % 2 + 2) % 2 == 0;
            out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                               xs[f], ys[r], cell, cell, dark ? "#d6d2c4" : "#f4f1e8");
        }
    for (const Action& a : last_turn) {
        auto outline = [&](Square s, std::string_view colour) {
            const auto f = std::find(files.begin(), files.end(), s.x);
            const auto r = std::find(ranks.begin(), ranks.end(), s.y);
            if (f == files.end() || r == ranks.end()) return;
            out += fmt::format(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
                "stroke-width=\"4\"/>\n",
                xs[static_cast<std::size_t>(f - files.begin())] + 2,
                ys[static_cast<std::size_t>(r - ranks.begin())] + 2, cell - 4, cell - 4, colour);
        };
        if (a.type == Action::Type::move) outline(a.from, "#6a8fd0");
        outline(a.to, "#d08a2a");
    }
    for (const Piece& p : position.pieces()) {
        const auto f = std::find(files.begin(), files.end(), p.at.x);
        const auto r = std::find(ranks.begin(), ranks.end(), p.at.y);
        if (f == files.end() || r == ranks.end()) continue;
        out += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"36\" text-anchor=\"middle\">{}</text>\n",
            xs[static_cast<std::size_t>(f - files.begin())] + cell / 2,
            ys[static_cast<std::size_t>(r - ranks.begin())] + cell - 12, symbol(p));
    }
    for (std::size_t f = 0; f < files.size(); ++f)
        for (int yy : {top - 8, board_bottom + 20})
            out += fmt::format(
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>\n",
                xs[f] + cell / 2, yy, xml_escape(file_label(files[f])));
    for (std::size_t r = 0; r < ranks.size(); ++r)
        out +=
            fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>\n",
                        left - 8, ys[r] + cell / 2 + 5, xml_escape(rank_label(ranks[r])));
    int line = top + 8;
    auto side_text = [&](const std::string& text, bool bold = false) {
        out +=
            fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\"{}>{}</text>\n", board_right + 24,
                        line, bold ? " font-weight=\"bold\"" : "", xml_escape(text));
        line += 20;
    };
    side_text(to_play_line(position, end), true);
    for (Color c : {Color::white, Color::black}) side_text(tiles_line(position, c));
    if (!last_turn.empty())
        // TRANSLATORS: {} is a side (White, Black); the second {} the turn in the notation,
        // such as "Pd2-d3,N@c1".
        side_text(trf("Last turn ({}): {}", color_name(opponent(position.side_to_move())),
                      turn_text(last_turn)));
    if (end.over)
        // TRANSLATORS: the first {} is a result, such as 1-0; the second how the game ended,
        // as a machine word of the reports (checkmate, stalemate).
        side_text(trf("Game over: {} ({})", result_text(end.result()), end.reason), true);
    out += "</svg>\n";
    return out;
}

}  // namespace jv::cme
