#include "games/chessme/pictures.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "core/svg_text.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/referee.hpp"
#include "games/chessme/rules.hpp"

namespace jv::cme {

namespace {

using svg::Font;

constexpr std::string_view fault_colour = "#b00020";
constexpr std::string_view from_colour = "#6a8fd0";
constexpr std::string_view to_colour = "#d08a2a";
constexpr std::string_view check_colour = "#e53935";
constexpr std::string_view gap_colour = "#8a8478";

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

// The kings in check (C7.1): at most the side to move's in a position a game reaches.
std::vector<Square> kings_in_check(const Position& position) {
    std::vector<Square> out;
    for (Color c : {position.side_to_move(), opponent(position.side_to_move())})
        if (in_check(position, c))
            if (const std::optional<Square> king = position.king(c)) out.push_back(*king);
    return out;
}

// "White's king on e1 is in check", for each king in check.
std::vector<std::string> check_sentences(const Position& position) {
    std::vector<std::string> out;
    for (Square king : kings_in_check(position)) {
        const Piece* piece = position.at(king);
        // TRANSLATORS: {0} is the king with its side ("the white king"); {1} a square.
        out.push_back(trf("{} on {} is in check", piece_name(*piece), square_name(king)));
    }
    return out;
}

// What the refused action does: "a move from b1 to b9", "a tile placed on c3".
std::string fault_detail(const FaultDrawing& fault) {
    if (!fault.action) return {};
    if (fault.action->type == Action::Type::move)
        // TRANSLATORS: a refused action, said after "refused: Rb1-b9 (C6.1): "; the two {} are
        // squares.
        return trf("a move from {} to {}", square_name(fault.action->from),
                   square_name(fault.action->to));
    // TRANSLATORS: a refused action, said after "refused: N@c3 (C8.3): "; {} is a square.
    return trf("a tile placed on {}", square_name(fault.action->to));
}

// One sentence per culprit of a fault, on the position its turn started from.
std::vector<std::string> culprit_sentences(const Position& position, const FaultDrawing& fault) {
    std::vector<std::string> out;
    const Color me = position.side_to_move();
    for (Square s : fault.culprits) {
        const Piece* piece = position.at(s);
        if (piece == nullptr) continue;
        switch (fault.blame) {
            case FaultDrawing::Blame::blocks:
                out.push_back(
                    // TRANSLATORS: under a refused slide (C6.1): the first {} is a piece, as in
                    // "the black pawn"; the second its square.
                    trf("the way is blocked by {} on {}", piece_name(*piece), square_name(s)));
                break;
            case FaultDrawing::Blame::attacks_after:
                // TRANSLATORS: under a refused move (C7.2): {0} is the king with its side ("the
                // white king"); {1} its square once the move is made; {2} a piece, as in "the
                // black rook"; {3} its square.
                out.push_back(trf("after the move, {} on {} is attacked by {} on {}",
                                  piece_name(Piece{*fault.king, me, Kind::king}),
                                  square_name(*fault.king), piece_name(*piece), square_name(s)));
                break;
            case FaultDrawing::Blame::checks:
                // TRANSLATORS: under a refused move (C7.4): {0} is the king with its side ("the
                // white king"); {1} its square; {2} a piece, as in "the black rook"; {3} its
                // square.
                out.push_back(trf("{} on {} is in check from {} on {}",
                                  piece_name(Piece{*fault.king, me, Kind::king}),
                                  square_name(*fault.king), piece_name(*piece), square_name(s)));
                break;
            case FaultDrawing::Blame::none:
                break;
        }
    }
    return out;
}

// The first line of a fault under the text pictures.
std::string fault_line(const FaultDrawing& fault) {
    const std::string detail = fault_detail(fault);
    if (detail.empty())
        // TRANSLATORS: under a picture of the position a refused turn started from: the first
        // {} is the action as the record writes it, such as "Rb1-b9"; the second a rule id.
        return trf("refused: {} ({})", fault.text, fault.rule);
    // TRANSLATORS: under a picture of the position a refused turn started from: the first {} is
    // the action as the record writes it, such as "Rb1-b9"; the second a rule id; the third what
    // the action does, as in "a move from b1 to b9".
    return trf("refused: {} ({}): {}", fault.text, fault.rule, detail);
}

// The pieces of `by` that attack `target` (C7.1).
std::vector<Square> attackers(const Position& position, Square target, Color by) {
    std::vector<Square> out;
    for (const Piece& p : position.pieces())
        if (p.color == by && p.at != target && attacks(position, p, target)) out.push_back(p.at);
    return out;
}

// The marks of one square in the pictures, strongest first.
enum class Mark : std::uint8_t { none, last_from, last_to, check, culprit, fault };

struct Marks {
    std::vector<std::pair<Square, Mark>> squares;

    void add(Square s, Mark m) {
        for (auto& [at, mark] : squares)
            if (at == s) {
                mark = std::max(mark, m);
                return;
            }
        squares.emplace_back(s, m);
    }
    Mark at(Square s) const {
        for (const auto& [at, mark] : squares)
            if (at == s) return mark;
        return Mark::none;
    }
    bool any(Mark m) const {
        return std::any_of(squares.begin(), squares.end(),
                           [&](const auto& entry) { return entry.second == m; });
    }
};

Marks marks_of(const Position& position, std::span<const Action> last_turn,
               const FaultDrawing* fault) {
    Marks marks;
    if (fault == nullptr)
        for (const Action& a : last_turn) {
            if (a.type == Action::Type::move) marks.add(a.from, Mark::last_from);
            marks.add(a.to, Mark::last_to);
        }
    for (Square king : kings_in_check(position)) marks.add(king, Mark::check);
    if (fault != nullptr) {
        if (fault->action) {
            if (fault->action->type == Action::Type::move)
                marks.add(fault->action->from, Mark::fault);
            marks.add(fault->action->to, Mark::fault);
        }
        for (Square s : fault->culprits) marks.add(s, Mark::culprit);
    }
    return marks;
}

// The squares the pictures must show: the last turn's and the fault's.
std::vector<Square> shown_squares(std::span<const Action> last_turn, const FaultDrawing* fault) {
    std::vector<Square> out;
    for (const Action& a : last_turn) {
        out.push_back(a.to);
        if (a.type == Action::Type::move) out.push_back(a.from);
    }
    if (fault != nullptr)
        for (Square s : fault_squares(*fault)) out.push_back(s);
    return out;
}

}  // namespace

FaultDrawing read_fault(const Position& position, std::string_view action, std::string_view rule) {
    FaultDrawing out;
    out.text = std::string(action);
    out.rule = std::string(rule);
    const ActionParse parsed = parse_action(action);
    if (!parsed.word) return out;
    out.action = parsed.word->action;
    const Action& a = *out.action;
    if (a.type != Action::Type::move) return out;
    const Color me = position.side_to_move();
    const Piece* mover = position.at(a.from);
    if (mover == nullptr || mover->color != me) return out;
    if (rule == "C6.1") {
        // first_between walks a line only: C6.1 is also cited for a move on no line.
        const std::int64_t dx = a.to.x - a.from.x;
        const std::int64_t dy = a.to.y - a.from.y;
        const bool on_a_line = dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy);
        if (const Piece* blocker = on_a_line ? first_between(position, a.from, a.to) : nullptr) {
            out.blame = FaultDrawing::Blame::blocks;
            out.culprits.push_back(blocker->at);
        }
    } else if (rule == "C7.4") {
        if (const std::optional<Square> king = position.king(me)) {
            out.blame = FaultDrawing::Blame::checks;
            out.king = *king;
            out.culprits = attackers(position, *king, opponent(me));
        }
    } else if (rule == "C7.2") {
        // The move made on a copy (it breaks no other rule, or C7.2 would not be cited), then
        // the pieces that attack the king where it stands.
        const Piece* target = position.at(a.to);
        if (mover->kind != a.kind || a.from == a.to ||
            (target != nullptr && (target->color == me || target->kind == Kind::king)))
            return out;
        Position after = position;
        after.apply_move(a);
        if (const std::optional<Square> king = after.king(me)) {
            out.blame = FaultDrawing::Blame::attacks_after;
            out.king = *king;
            // Marked on the position before the move: an attacker the move captures is none.
            for (Square s : attackers(after, *king, opponent(me)))
                if (s != a.to) out.culprits.push_back(s);
        }
    }
    if (out.culprits.empty()) out.blame = FaultDrawing::Blame::none;
    return out;
}

std::vector<Square> fault_squares(const FaultDrawing& fault) {
    std::vector<Square> out;
    if (fault.action) {
        out.push_back(fault.action->to);
        if (fault.action->type == Action::Type::move) out.push_back(fault.action->from);
    }
    out.insert(out.end(), fault.culprits.begin(), fault.culprits.end());
    if (fault.king) out.push_back(*fault.king);
    return out;
}

std::string last_turn_lines(const Position& position, const GameEnd& end,
                            std::span<const Action> last_turn, const FaultDrawing* fault) {
    std::string out;
    if (!last_turn.empty()) {
        out += "  ";
        // TRANSLATORS: {} is a side (White, Black); the second {} the turn in the notation,
        // such as "Pd2-d3,N@c1".
        out += trf("last turn ({}): {}", color_name(opponent(position.side_to_move())),
                   turn_text(last_turn));
        out += '\n';
    }
    for (const std::string& line : check_sentences(position)) out += "  " + line + "\n";
    if (fault != nullptr) {
        out += "  " + fault_line(*fault) + "\n";
        for (const std::string& line : culprit_sentences(position, *fault))
            out += "  " + line + "\n";
    }
    if (end.over) {
        out += "  ";
        // TRANSLATORS: the first {} is a result, such as 1-0; the second how the game ended,
        // in words (checkmate, stalemate).
        out += trf("game over: {} ({})", result_text(end.result()),
                   translated(ending_words(end.reason)));
        out += '\n';
    }
    return out;
}

std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color, const FaultDrawing* fault) {
    const std::vector<Square> shown = shown_squares(last_turn, fault);
    const std::vector<std::int64_t> files = drawn_lines(position, shown, true);
    std::vector<std::int64_t> ranks = drawn_lines(position, shown, false);
    std::reverse(ranks.begin(), ranks.end());
    const Marks marks = marks_of(position, last_turn, fault);
    std::size_t width = 3;
    for (std::int64_t x : files) width = std::max(width, file_label(x).size() + 2);
    std::size_t rank_width = 2;
    for (std::int64_t y : ranks) rank_width = std::max(rank_width, rank_label(y).size());
    for (std::size_t r = 1; r < ranks.size(); ++r)
        if (const std::int64_t n = skipped(ranks, r); n > 0)
            rank_width = std::max(rank_width, gap_mark(n).size());
    // Where files are far apart the board is split: the two parts' edges with the gap's mark
    // "~5" between them, as wide as its mark and a space on each side.
    auto gap_width = [&](std::size_t i) {
        const std::int64_t n = skipped(files, i);
        return n > 0 ? gap_mark(n).size() + 2 : 0;
    };
    auto rule = [&](std::string_view left, std::string_view middle, std::string_view right) {
        std::string line = std::string(rank_width + 2, ' ') + std::string(left);
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (i > 0) {
                if (const std::size_t g = gap_width(i); g > 0)
                    line += std::string(right) + std::string(g, ' ') + std::string(left);
                else
                    line += middle;
            }
            for (std::size_t k = 0; k < width; ++k) line += "─";
        }
        return line + std::string(right) + "\n";
    };
    std::string header = std::string(rank_width + 3, ' ');
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (const std::size_t g = gap_width(i); g > 0)
            header += fmt::format(" {:^{}} ", gap_mark(skipped(files, i)), g);
        header += fmt::format("{:^{}}", file_label(files[i]), width);
        if (i + 1 < files.size()) header += ' ';
    }
    // The brackets of each mark without colours; with colours, its background.
    auto brackets = [](Mark m) -> std::pair<char, char> {
        switch (m) {
            case Mark::last_from:
            case Mark::last_to:
                return {'[', ']'};
            case Mark::check:
                return {'+', '+'};
            case Mark::culprit:
                return {'*', '*'};
            case Mark::fault:
                return {'!', '!'};
            case Mark::none:
                break;
        }
        return {' ', ' '};
    };
    auto background = [](Mark m) -> std::string_view {
        switch (m) {
            case Mark::last_from:
            case Mark::last_to:
                return "\x1b[43m";
            case Mark::check:
                return "\x1b[41m";
            case Mark::culprit:
                return "\x1b[45m";
            case Mark::fault:
                return "\x1b[41;97m";
            case Mark::none:
                break;
        }
        return "";
    };
    std::string out = header + "\n" + rule("┌", "┬", "┐");
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        if (r > 0) {
            if (const std::int64_t n = skipped(ranks, r); n > 0) {
                out += rule("└", "┴", "┘");
                out += fmt::format(" {:>{}}\n", gap_mark(n), rank_width);
                out += rule("┌", "┬", "┐");
            } else {
                out += rule("├", "┼", "┤");
            }
        }
        std::string line = fmt::format(" {:>{}} │", rank_label(ranks[r]), rank_width);
        for (std::size_t i = 0; i < files.size(); ++i) {
            const Square s{files[i], ranks[r]};
            const Piece* piece = position.at(s);
            const std::string inside = piece != nullptr ? std::string(symbol(*piece)) : " ";
            const Mark mark = marks.at(s);
            const bool bracket = mark != Mark::none && !color;
            std::string cell(width / 2 - (bracket ? 1 : 0), ' ');
            if (bracket) cell += brackets(mark).first;
            if (mark != Mark::none && color) cell += background(mark);
            cell += inside;
            if (mark != Mark::none && color) cell += "\x1b[0m";
            if (bracket) cell += brackets(mark).second;
            cell += std::string(width - width / 2 - 1 - (bracket ? 1 : 0), ' ');
            line += cell;
            if (i + 1 < files.size())
                if (const std::size_t g = gap_width(i + 1); g > 0)
                    line += "│" + std::string(g, ' ');
            line += "│";
        }
        out += line + fmt::format(" {}\n", rank_label(ranks[r]));
    }
    out += rule("└", "┴", "┘") + header + "\n";
    // The key: one line for each kind of mark drawn, and one for each gap.
    auto key = [&](const char* plain, const char* coloured) {
        out += "  ";
        out += color ? coloured : plain;
        out += '\n';
    };
    if (marks.any(Mark::last_from) || marks.any(Mark::last_to))
        // TRANSLATORS: the key of the picture drawn with box characters: [ ] around a square.
        key(tr("[ ] the squares of the last turn"),
            // TRANSLATORS: the key of the picture drawn with box characters, in colours.
            tr("yellow: the squares of the last turn"));
    if (marks.any(Mark::check))
        // TRANSLATORS: the key of the picture drawn with box characters: + + around a king.
        key(tr("+ + a king in check"),
            // TRANSLATORS: the key of the picture drawn with box characters, in colours.
            tr("red: a king in check"));
    if (marks.any(Mark::fault))
        // TRANSLATORS: the key of the picture drawn with box characters: ! ! around a square.
        key(tr("! ! the squares of the refused action"),
            // TRANSLATORS: the key of the picture drawn with box characters, in colours.
            tr("white on red: the squares of the refused action"));
    if (marks.any(Mark::culprit)) {
        if (fault != nullptr && fault->blame == FaultDrawing::Blame::blocks)
            // TRANSLATORS: the key of the picture drawn with box characters: * * around a piece.
            key(tr("* * the piece in the way"),
                // TRANSLATORS: the key of the picture drawn with box characters, in colours.
                tr("magenta: the piece in the way"));
        else
            // TRANSLATORS: the key of the picture drawn with box characters: * * around pieces.
            key(tr("* * the pieces that attack the king"),
                // TRANSLATORS: the key of the picture drawn with box characters, in colours.
                tr("magenta: the pieces that attack the king"));
    }
    out += gap_key_lines(files, ranks, "  ");
    for (Color c : {Color::white, Color::black}) out += "  " + tiles_line(position, c) + "\n";
    out += last_turn_lines(position, end, last_turn, fault);
    out += "  ";
    out += to_play_line(position, end);
    out += '\n';
    return out;
}

namespace {

// A zigzag from (x, y) along one axis, `length` long: the gap's line.
std::string zigzag(double x, double y, double length, bool down) {
    std::string d = fmt::format("M{} {}", x, y);
    const int steps = std::max(1, static_cast<int>(length / 6));
    const double step = length / steps;
    for (int i = 0; i < steps; ++i) {
        const double side = (i % 2 == 0 ? 3 : -3);
        d += down ? fmt::format("l{:g} {:.2f}", i + 1 == steps ? -side / 2 : side, step)
                  : fmt::format("l{:.2f} {:g}", step, i + 1 == steps ? -side / 2 : side);
    }
    return fmt::format(R"(<path d="{}" fill="none" stroke="{}" stroke-width="1.5"/>)"
                       "\n",
                       d, gap_colour);
}

}  // namespace

std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title,
                     const FaultDrawing* fault) {
    const std::vector<Square> shown = shown_squares(last_turn, fault);
    const std::vector<std::int64_t> files = drawn_lines(position, shown, true);
    std::vector<std::int64_t> ranks = drawn_lines(position, shown, false);
    std::reverse(ranks.begin(), ranks.end());
    const Marks marks = marks_of(position, last_turn, fault);

    constexpr int margin = 16;
    constexpr double label_size = 13;
    constexpr double gap_size = 11;
    constexpr int panel_width = 300;
    constexpr int line_step = 18;
    // The cells as wide as the longest file name; the rank names (and the marks of the gaps
    // between ranks) right-aligned before the board.
    int cell = 48;
    for (std::int64_t x : files)
        cell = std::max(
            cell, static_cast<int>(std::ceil(svg::text_width(file_label(x), label_size))) + 8);
    double rank_names = 0;
    for (std::int64_t y : ranks)
        rank_names = std::max(rank_names, svg::text_width(rank_label(y), label_size));
    for (std::size_t r = 1; r < ranks.size(); ++r)
        if (const std::int64_t n = skipped(ranks, r); n > 0)
            rank_names = std::max(rank_names, svg::text_width(fmt::format("{}", n), gap_size));
    const int left = std::max(48, static_cast<int>(std::ceil(margin + rank_names + 8)));
    auto file_gap = [&](std::size_t i) {
        const std::int64_t n = skipped(files, i);
        if (n == 0) return 0;
        return std::max(
            16, static_cast<int>(std::ceil(svg::text_width(fmt::format("{}", n), gap_size))) + 8);
    };
    constexpr int rank_gap = 18;

    // x of each drawn file, a gap where files are far apart; likewise y of each rank (from the
    // board's top, moved down below the title once its lines are known).
    std::vector<int> xs;
    int x = left;
    for (std::size_t i = 0; i < files.size(); ++i) {
        x += file_gap(i);
        xs.push_back(x);
        x += cell;
    }
    const int board_right = x;
    const int panel_x = board_right + 24;
    const double width = std::ceil(panel_x + panel_width + margin);

    const std::vector<std::string> title_lines =
        svg::wrap_text(title, width - 2 * margin, 16, Font::sans_bold);
    const int top = 64 + 20 * static_cast<int>(title_lines.size() - 1);
    std::vector<int> ys;
    int y = top;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (skipped(ranks, i) > 0) y += rank_gap;
        ys.push_back(y);
        y += cell;
    }
    const int board_bottom = y;
    auto centre = [&](Square s) -> std::optional<std::pair<int, int>> {
        const auto f = std::find(files.begin(), files.end(), s.x);
        const auto r = std::find(ranks.begin(), ranks.end(), s.y);
        if (f == files.end() || r == ranks.end()) return std::nullopt;
        return std::pair{xs[static_cast<std::size_t>(f - files.begin())] + cell / 2,
                         ys[static_cast<std::size_t>(r - ranks.begin())] + cell / 2};
    };

    // The board and its marks.
    std::string body;
    for (std::size_t r = 0; r < ranks.size(); ++r)
        for (std::size_t f = 0; f < files.size(); ++f) {
            const bool dark = ((files[f] + ranks[r]) % 2 + 2) % 2 == 0;
            body +=
                fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                            xs[f], ys[r], cell, cell, dark ? "#d6d2c4" : "#f4f1e8");
        }
    for (std::size_t f = 1; f < files.size(); ++f)
        if (skipped(files, f) > 0) {
            const double gx = xs[f] - file_gap(f) / 2.0;
            body += zigzag(gx, top, board_bottom - top, true);
        }
    for (std::size_t r = 1; r < ranks.size(); ++r)
        if (skipped(ranks, r) > 0)
            body += zigzag(left, ys[r] - rank_gap / 2.0, board_right - left, false);
    // A king in check: a red disc under it, whatever else marks its square.
    const std::vector<Square> checked_kings = kings_in_check(position);
    for (Square king : checked_kings)
        if (const auto c = centre(king))
            body += fmt::format(
                R"(<circle class="check" cx="{}" cy="{}" r="{}" fill="{}" fill-opacity="0.35" )"
                R"(stroke="{}" stroke-width="2"/>)"
                "\n",
                c->first, c->second, cell / 2 - 6, check_colour, check_colour);
    for (const auto& [s, mark] : marks.squares) {
        const auto c = centre(s);
        if (!c) continue;
        std::string_view colour;
        if (mark == Mark::last_from) colour = from_colour;
        if (mark == Mark::last_to) colour = to_colour;
        if (mark == Mark::fault) colour = fault_colour;
        if (colour.empty()) continue;
        body += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
            "stroke-width=\"4\"{}/>\n",
            c->first - cell / 2 + 2, c->second - cell / 2 + 2, cell - 4, cell - 4, colour,
            mark == Mark::fault ? R"( class="fault-square")" : "");
    }
    // The refused action's way: an arrow from its square to its target, or a cross on the
    // square of a refused placement.
    if (fault != nullptr && fault->action) {
        const Action& a = *fault->action;
        const auto to = centre(a.to);
        const auto from = a.type == Action::Type::move ? centre(a.from) : std::nullopt;
        if (to && from) {
            const double dx = to->first - from->first;
            const double dy = to->second - from->second;
            const double length = std::hypot(dx, dy);
            if (length > 0) {
                const double ux = dx / length;
                const double uy = dy / length;
                const double tip_x = to->first - ux * 8;
                const double tip_y = to->second - uy * 8;
                const double base_x = tip_x - ux * 14;
                const double base_y = tip_y - uy * 14;
                body += fmt::format(
                    R"(<g class="fault-way" stroke="{0}" fill="{0}" opacity="0.8">)"
                    R"(<line x1="{1:.1f}" y1="{2:.1f}" x2="{3:.1f}" y2="{4:.1f}" stroke-width="4"/>)"
                    R"(<polygon points="{5:.1f},{6:.1f} {7:.1f},{8:.1f} {9:.1f},{10:.1f}"/></g>)"
                    "\n",
                    fault_colour, from->first + ux * 8, from->second + uy * 8, base_x, base_y,
                    tip_x, tip_y, base_x - uy * 8, base_y + ux * 8, base_x + uy * 8,
                    base_y - ux * 8);
            }
        } else if (to) {
            const int h = cell / 2 - 10;
            body +=
                fmt::format(R"(<path class="fault-cross" d="M{} {}l{} {}M{} {}l{} {}" stroke="{}" )"
                            R"(stroke-width="4" opacity="0.8"/>)"
                            "\n",
                            to->first - h, to->second - h, 2 * h, 2 * h, to->first + h,
                            to->second - h, -2 * h, 2 * h, fault_colour);
        }
    }
    for (const Piece& p : position.pieces()) {
        const auto c = centre(p.at);
        if (!c) continue;
        body += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"36\" text-anchor=\"middle\">{}</text>\n", c->first,
            c->second + cell / 2 - 12, symbol(p));
    }
    // The culprits: a dashed ring around each piece to blame.
    if (fault != nullptr)
        for (Square s : fault->culprits)
            if (const auto c = centre(s))
                body += fmt::format(
                    R"(<circle class="fault-culprit" cx="{}" cy="{}" r="{}" fill="none" )"
                    R"(stroke="{}" stroke-width="3" stroke-dasharray="6 3"/>)"
                    "\n",
                    c->first, c->second, cell / 2 - 3, fault_colour);
    // The names of the files and ranks, and the gaps' counts beside them.
    for (std::size_t f = 0; f < files.size(); ++f) {
        for (int yy : {top - 8, board_bottom + 20})
            body += fmt::format(
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>\n",
                xs[f] + cell / 2, yy, xml_escape(file_label(files[f])));
        if (const std::int64_t n = skipped(files, f); n > 0)
            for (int yy : {top - 8, board_bottom + 20})
                body += fmt::format(
                    R"(<text class="gap" x="{}" y="{}" font-size="11" text-anchor="middle" )"
                    R"(fill="{}">{}</text>)"
                    "\n",
                    xs[f] - file_gap(f) / 2.0, yy, gap_colour, n);
    }
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        body +=
            fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>\n",
                        left - 8, ys[r] + cell / 2 + 5, xml_escape(rank_label(ranks[r])));
        if (const std::int64_t n = skipped(ranks, r); n > 0)
            body +=
                fmt::format(R"(<text class="gap" x="{}" y="{}" font-size="11" text-anchor="end" )"
                            R"(fill="{}">{}</text>)"
                            "\n",
                            left - 8, ys[r] - rank_gap / 2 + 4, gap_colour, n);
    }

    // The side panel: each line wrapped to the panel's width.
    int line = top + 8;
    auto side_text = [&](const std::string& text, bool bold = false, std::string_view colour = {}) {
        std::string attributes = bold ? "font-weight=\"bold\"" : "";
        if (!colour.empty()) attributes += fmt::format("{}fill=\"{}\"", bold ? " " : "", colour);
        line = svg::append_wrapped(body, panel_x, line, text, panel_width, 13, line_step,
                                   bold ? Font::sans_bold : Font::sans, attributes) +
               line_step + 2;
    };
    side_text(to_play_line(position, end), true);
    for (Color c : {Color::white, Color::black}) side_text(tiles_line(position, c));
    if (!last_turn.empty())
        // TRANSLATORS: {} is a side (White, Black); the second {} the turn in the notation,
        // such as "Pd2-d3,N@c1".
        side_text(trf("Last turn ({}): {}", color_name(opponent(position.side_to_move())),
                      turn_text(last_turn)));
    for (const std::string& sentence : check_sentences(position)) side_text(sentence);
    if (fault != nullptr) {
        // TRANSLATORS: beside a picture of the position a refused turn started from: the first
        // {} is the action as the record writes it, such as "Rb1-b9"; the second a rule id.
        side_text(trf("Refused: {} ({})", fault->text, fault->rule), true, fault_colour);
        if (const std::string detail = fault_detail(*fault); !detail.empty()) side_text(detail);
        for (const std::string& sentence : culprit_sentences(position, *fault)) side_text(sentence);
    }
    if (end.over)
        // TRANSLATORS: the first {} is a result, such as 1-0; the second how the game ended,
        // in words (checkmate, stalemate).
        side_text(trf("Game over: {} ({})", result_text(end.result()),
                      translated(ending_words(end.reason))),
                  true);

    // The key: a sample of each mark drawn, with its words.
    struct Entry {
        int sample;
        std::string words;
    };
    std::vector<Entry> entries;
    // TRANSLATORS: an entry of the key beside a ChessMe board
    if (marks.any(Mark::last_from)) entries.push_back({0, tr("last turn: the square left")});
    if (marks.any(Mark::last_to))
        // TRANSLATORS: an entry of the key beside a ChessMe board
        entries.push_back({1, tr("last turn: the square reached, or the tile placed")});
    // TRANSLATORS: an entry of the key beside a ChessMe board
    if (!checked_kings.empty()) entries.push_back({2, tr("a king in check")});
    if (marks.any(Mark::fault))
        // TRANSLATORS: an entry of the key beside a ChessMe board: squares outlined in red, with
        // an arrow for a move, a cross for a placement
        entries.push_back({3, tr("the refused action: its squares and its way")});
    if (marks.any(Mark::culprit))
        entries.push_back({4, fault != nullptr && fault->blame == FaultDrawing::Blame::blocks
                                  // TRANSLATORS: an entry of the key beside a ChessMe board
                                  ? tr("the piece in the way")
                                  // TRANSLATORS: an entry of the key beside a ChessMe board
                                  : tr("a piece that attacks the king")});
    bool any_gap = false;
    for (std::size_t i = 1; i < files.size(); ++i) any_gap = any_gap || skipped(files, i) > 0;
    for (std::size_t i = 1; i < ranks.size(); ++i) any_gap = any_gap || skipped(ranks, i) > 0;
    if (any_gap)
        // TRANSLATORS: an entry of the key beside a ChessMe board: a wavy line between two
        // parts of the grid, with a number beside it
        entries.push_back({5, tr("a gap: its number says how many files or ranks it skips")});
    if (!entries.empty()) {
        line += 8;
        // TRANSLATORS: the title of the legend beside a board
        side_text(tr("Key"), true);
        line -= 10;
        for (const Entry& e : entries) {
            const int bx = panel_x + 4;
            const int by = line;
            constexpr int size = 20;
            switch (e.sample) {
                case 0:
                case 1:
                case 3:
                    body += fmt::format(
                        R"(<rect x="{}" y="{}" width="{}" height="{}" fill="#f4f1e8" stroke="{}" )"
                        R"(stroke-width="3"/>)"
                        "\n",
                        bx + 1.5, by + 1.5, size - 3, size - 3,
                        e.sample == 0   ? from_colour
                        : e.sample == 1 ? to_colour
                                        : fault_colour);
                    break;
                case 2:
                    body += fmt::format(
                        R"(<circle cx="{}" cy="{}" r="9" fill="{}" fill-opacity="0.35" )"
                        R"(stroke="{}" stroke-width="2"/>)"
                        "\n",
                        bx + size / 2.0, by + size / 2.0, check_colour, check_colour);
                    break;
                case 4:
                    body +=
                        fmt::format(R"(<circle cx="{}" cy="{}" r="8.5" fill="none" stroke="{}" )"
                                    R"(stroke-width="2.5" stroke-dasharray="4 2"/>)"
                                    "\n",
                                    bx + size / 2.0, by + size / 2.0, fault_colour);
                    break;
                default:
                    body += zigzag(bx + 7, by, size, true);
                    body += fmt::format(R"(<text x="{}" y="{}" font-size="9" fill="{}">5</text>)"
                                        "\n",
                                        bx + 12, by + 13, gap_colour);
                    break;
            }
            const int last_y =
                svg::append_wrapped(body, panel_x + 32, by + 15, e.words, panel_width - 32, 12, 15);
            line = std::max(by + 26, last_y + 11);
        }
    }

    const double height =
        std::ceil(std::max({board_bottom + 36.0, static_cast<double>(line + margin), 360.0}));
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" font-family=\"DejaVu Sans, sans-serif\">\n"
        "<title>{}</title>\n<desc>{}</desc>\n<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
        width, height, width, height, xml_escape(title), xml_escape(format_position(position, end)),
        width, height);
    svg::append_lines(out, margin, 28, title_lines, 16, 20, "font-weight=\"bold\"");
    out += body;
    out += "</svg>\n";
    return out;
}

}  // namespace jv::cme
