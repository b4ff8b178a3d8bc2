#include "games/chessme/rules.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/chessme/notation.hpp"

namespace jv::cme {

// These names are read only in messages and pictures, never as machine words: they are
// translated here, in a context of their own: ChessMe's pieces take a language's chess words
// (Dame, Springer), where Jelimvre's booklets name its queen and knight otherwise (Königin,
// Ritter).
std::string_view kind_name(Kind kind) {
    switch (kind) {
        case Kind::king:
            return tr_in("chess piece", "king");
        case Kind::queen:
            return tr_in("chess piece", "queen");
        case Kind::rook:
            return tr_in("chess piece", "rook");
        case Kind::bishop:
            return tr_in("chess piece", "bishop");
        case Kind::knight:
            return tr_in("chess piece", "knight");
        case Kind::pawn:
            return tr_in("chess piece", "pawn");
        case Kind::none:
            break;
    }
    return tr_in("chess piece", "piece");
}

// A kind of the hand in the plural, for messages ("queens"): a word of its
// own for translators, where English adds an "s" to kind_name.
std::string_view kinds_name(Kind kind) {
    switch (kind) {
        case Kind::queen:
            return tr_in("chess piece", "queens");
        case Kind::rook:
            return tr_in("chess piece", "rooks");
        case Kind::bishop:
            return tr_in("chess piece", "bishops");
        case Kind::knight:
            return tr_in("chess piece", "knights");
        case Kind::pawn:
            return tr_in("chess piece", "pawns");
        case Kind::king:
        case Kind::none:
            break;
    }
    return {};  // only the kinds of the hand are asked for
}

std::string_view color_name(Color color) {
    return color == Color::white ? tr_in("side", "White") : tr_in("side", "Black");
}

// Each piece with its side is a phrase of its own in the catalogues, so that a language gives
// it the article, the gender and the adjective it needs ("la tour noire", "der weiße Läufer").
std::string piece_name(const Piece& piece) {
    const bool white = piece.color == Color::white;
    // TRANSLATORS: a chess piece with its side, with the definite article, as the subject of a
    // sentence or after "holds" ("e4 holds the black knight").
    switch (piece.kind) {
        case Kind::king:
            return white ? tr_in("chess piece with its side", "the white king")
                         : tr_in("chess piece with its side", "the black king");
        case Kind::queen:
            return white ? tr_in("chess piece with its side", "the white queen")
                         : tr_in("chess piece with its side", "the black queen");
        case Kind::rook:
            return white ? tr_in("chess piece with its side", "the white rook")
                         : tr_in("chess piece with its side", "the black rook");
        case Kind::bishop:
            return white ? tr_in("chess piece with its side", "the white bishop")
                         : tr_in("chess piece with its side", "the black bishop");
        case Kind::knight:
            return white ? tr_in("chess piece with its side", "the white knight")
                         : tr_in("chess piece with its side", "the black knight");
        case Kind::pawn:
            return white ? tr_in("chess piece with its side", "the white pawn")
                         : tr_in("chess piece with its side", "the black pawn");
        case Kind::none:
            break;
    }
    return std::string(kind_name(piece.kind));
}

std::string_view kind_indefinite(Kind kind) {
    // TRANSLATORS: a kind of chess piece with the indefinite article, as the object of a verb:
    // "not a rook as written", "White moves a pawn from e4", "White cannot place a knight on
    // c3", "the white pawn cannot become a queen".
    switch (kind) {
        case Kind::king:
            return tr_in("chess piece with indefinite article", "a king");
        case Kind::queen:
            return tr_in("chess piece with indefinite article", "a queen");
        case Kind::rook:
            return tr_in("chess piece with indefinite article", "a rook");
        case Kind::bishop:
            return tr_in("chess piece with indefinite article", "a bishop");
        case Kind::knight:
            return tr_in("chess piece with indefinite article", "a knight");
        case Kind::pawn:
            return tr_in("chess piece with indefinite article", "a pawn");
        case Kind::none:
            break;
    }
    return kind_name(kind);
}

// "no queen", as in "White has no queen in hand": a language gives each kind its own negation
// ("keine Dame", "keinen Läufer").
std::string_view no_kind(Kind kind) {
    // TRANSLATORS: a kind of chess piece with "no", the object of "has ... in hand" or of
    // "holds": "White has no queen in hand", "White's captured pool holds no queen".
    switch (kind) {
        case Kind::king:
            return tr_in("no chess piece", "no king");
        case Kind::queen:
            return tr_in("no chess piece", "no queen");
        case Kind::rook:
            return tr_in("no chess piece", "no rook");
        case Kind::bishop:
            return tr_in("no chess piece", "no bishop");
        case Kind::knight:
            return tr_in("no chess piece", "no knight");
        case Kind::pawn:
            return tr_in("no chess piece", "no pawn");
        case Kind::none:
            break;
    }
    return kind_name(kind);
}

namespace {

constexpr std::int64_t sign(std::int64_t v) {
    return (v > 0) - (v < 0);
}

// The name of a rank alone ("6", "'1"), for messages.
std::string rank_name(std::int64_t y) {
    return y >= 1 ? fmt::format("{}", y) : fmt::format("'{}", 1 - y);
}

// The letters of a side's captured pool in the order of the position string ("RPP"), for
// messages.
std::string pool_letters(const SideTiles& tiles) {
    std::string out;
    for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn})
        out.append(static_cast<std::size_t>(tiles.captured[slot(k)]), kind_letter(k));
    return out;
}

}  // namespace

// A short line is walked square by square (the position finds a piece by its square at once);
// a long one, as far out as the grid goes, is answered by a scan of the pieces.
const Piece* first_between(const Position& position, Square from, Square to) {
    const std::int64_t sx = sign(to.x - from.x);
    const std::int64_t sy = sign(to.y - from.y);
    const std::int64_t n = std::max(std::abs(to.x - from.x), std::abs(to.y - from.y));
    constexpr std::int64_t longest_walk = 16;
    if (n <= longest_walk) {
        for (std::int64_t t = 1; t < n; ++t)
            if (const Piece* p = position.at(Square{from.x + t * sx, from.y + t * sy})) return p;
        return nullptr;
    }
    const Piece* first = nullptr;
    std::int64_t nearest = n;
    for (const Piece& p : position.pieces()) {
        const std::int64_t t = sx != 0 ? (p.at.x - from.x) * sx : (p.at.y - from.y) * sy;
        if (t <= 0 || t >= nearest) continue;
        if (p.at.x != from.x + t * sx || p.at.y != from.y + t * sy) continue;
        first = &p;
        nearest = t;
    }
    return first;
}

namespace {

// A knight's eight jumps (C6.2).
constexpr std::pair<std::int64_t, std::int64_t> knight_jumps[] = {
    {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

bool on_line(std::int64_t dx, std::int64_t dy, Kind kind) {
    const bool straight = (dx == 0) != (dy == 0);
    const bool diagonal = dx != 0 && std::abs(dx) == std::abs(dy);
    switch (kind) {
        case Kind::rook:
            return straight;
        case Kind::bishop:
            return diagonal;
        case Kind::queen:
            return straight || diagonal;
        default:
            return false;
    }
}

// The pieces' one-step patterns as tables, so that the tests every move asks (does this piece
// reach that square, does it attack the king) are a few loads and shifts rather than a switch on
// the kind, whose branches the processor mispredicts on nearly every move (the speed figures of
// tests/bench/README.md). An offset (dx, dy) is bit row * 6 + column of a mask, where column is
// dx + 2 and row is dy + 2 when within 0..4 and 5 beyond: the bits of row or column 5 are never
// set, so a far offset needs no branch of its own. The switch-based answers in
// tests/unit/chessme_fast_paths_test.cpp are the plain version they are tested against.
constexpr std::uint64_t offset_bit(int dx, int dy) {
    return std::uint64_t{1} << ((dy + 2) * 6 + dx + 2);
}

struct StepMasks {
    // By colour and kind: the offsets a piece captures on, and those it moves to quietly. Rooks,
    // bishops and queens have their neighbours on their lines; farther squares are lines.
    std::array<std::array<std::uint64_t, kind_slots>, 2> captures{};
    std::array<std::array<std::uint64_t, kind_slots>, 2> quiet{};
};

constexpr StepMasks step_masks = [] {
    StepMasks m;
    for (Color c : {Color::white, Color::black}) {
        const int fw = forward(c);
        auto& captures = m.captures[slot(c)];
        auto& quiet = m.quiet[slot(c)];
        captures[slot(Kind::pawn)] = offset_bit(-1, fw) | offset_bit(1, fw);
        quiet[slot(Kind::pawn)] = offset_bit(0, fw);
        for (const auto& [dx, dy] : knight_jumps) {
            captures[slot(Kind::knight)] |= offset_bit(static_cast<int>(dx), static_cast<int>(dy));
            quiet[slot(Kind::knight)] |= offset_bit(static_cast<int>(dx), static_cast<int>(dy));
        }
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy) {
                if (dx == 0 && dy == 0) continue;
                const std::uint64_t bit = offset_bit(dx, dy);
                captures[slot(Kind::king)] |= bit;
                if (dy != -fw) quiet[slot(Kind::king)] |= bit;  // C6.4: back only to capture
                const bool straight = dx == 0 || dy == 0;
                for (Kind k : {Kind::rook, Kind::bishop, Kind::queen}) {
                    if (k == Kind::rook && !straight) continue;
                    if (k == Kind::bishop && straight) continue;
                    captures[slot(k)] |= bit;
                    quiet[slot(k)] |= bit;
                }
            }
    }
    return m;
}();

// Whether the offset (dx, dy) is in `mask`. Written with std::min and `&` so that the compiler
// makes no branch of it: a branch on the distance was mispredicted on one test in four.
bool in_steps(std::uint64_t mask, std::int64_t dx, std::int64_t dy) {
    const std::uint64_t column = std::min(static_cast<std::uint64_t>(dx + 2), std::uint64_t{5});
    const std::uint64_t row = std::min(static_cast<std::uint64_t>(dy + 2), std::uint64_t{5});
    return ((mask >> (row * 6 + column)) & 1u) != 0;
}

// The lines a kind slides along, as the bits of line_class: 1 ranks and files, 2 diagonals.
constexpr std::array<std::uint8_t, kind_slots> slide_lines = {0, 0, 3, 1, 2, 0, 0};

// Which line joins two squares (dx, dy) apart: 1 a rank or file, 2 a diagonal, 0 none.
unsigned line_class(std::int64_t dx, std::int64_t dy) {
    // `&` and `|` rather than `&&` and `||`: no branch (see in_steps).
    const bool straight = (dx == 0) != (dy == 0);
    const bool diagonal = (dx != 0) & ((dx == dy) | (dx == -dy));
    return static_cast<unsigned>(straight) | static_cast<unsigned>(diagonal) << 1;
}

// The kinds of line (as line_class) along which some rook, bishop or queen of `c` slides.
unsigned slider_lines(const Position& position, Color c) {
    const std::uint32_t queens = position.slots_of(c, Kind::queen);
    return static_cast<unsigned>((position.slots_of(c, Kind::rook) | queens) != 0) |
           static_cast<unsigned>((position.slots_of(c, Kind::bishop) | queens) != 0) << 1;
}

// fits_pattern, inlined where the rule checks call it.
inline bool reaches_by_pattern(const Position& position, Color color, Kind kind, Square from,
                               Square to, bool captures) {
    const std::int64_t dx = to.x - from.x;
    const std::int64_t dy = to.y - from.y;
    const auto& masks = captures ? step_masks.captures : step_masks.quiet;
    if (in_steps(masks[slot(color)][slot(kind)], dx, dy)) return true;
    return (slide_lines[slot(kind)] & line_class(dx, dy)) != 0 &&
           first_between(position, from, to) == nullptr;
}

// C5.2: a move that captures nothing ends next to some piece other than the mover; with
// adjacency_origin occupied, the square the mover leaves still counts.
bool next_to_a_piece(const Position& position, Square from, Square to, const Ruleset& rules) {
    if (rules.adjacency_origin == AdjacencyOrigin::occupied && adjacent(from, to)) return true;
    return position.has_neighbour(to, from);
}

// The kinds a pawn arriving on `to` may become (C9.2): none unless `to` is on the enemy king's
// rank (C13.4: the rank as the move starts); then those in the owner's captured pool.
bool promotion_rank(const Position& position, Color me, Square to) {
    const std::optional<Square> enemy_king = position.king(opponent(me));
    return enemy_king && enemy_king->y == to.y;
}

bool promotable(Kind kind) {
    return kind == Kind::queen || kind == Kind::rook || kind == Kind::bishop ||
           kind == Kind::knight;
}

bool any_promotion_available(const Position& position, Color me) {
    const SideTiles& tiles = position.tiles(me);
    for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight})
        if (tiles.captured[slot(k)] > 0) return true;
    return false;
}

// The pattern of a move (C6), the mover being of the written kind and the target not its own.
// Each message names the mover with its side and square, where the record sends it, and why the
// pattern does not take it there.
std::optional<RuleFault> pattern_fault(const Position& position, const Piece& mover,
                                       const Action& move, bool captures) {
    const std::int64_t dx = move.to.x - move.from.x;
    const std::int64_t dy = move.to.y - move.from.y;
    const int fw = forward(mover.color);
    // Built only when a fault is reported: this function runs for every move tried.
    const auto who = [&] { return piece_name(mover); };
    const auto from = [&] { return square_name(move.from); };
    const auto to = [&] { return square_name(move.to); };
    switch (mover.kind) {
        case Kind::king:
            if (!adjacent(move.from, move.to))
                return fault("C6.4", [&] {
                    // TRANSLATORS: {0} is a king with its side ("the white king"), {1} its
                    // square, {2} the square the record moves it to.
                    return trf("{0} on {1} cannot reach {2}: a king moves only one square", who(),
                               from(), to());
                });
            if (!captures && dy == -fw)
                return fault("C6.4", [&] {
                    // TRANSLATORS: {0} is a king with its side ("the white king"), {1} its
                    // square, {2} the empty square behind it that the record moves it to.
                    return trf(
                        "{0} on {1} cannot step back to {2}: a king steps back only to capture, "
                        "and {2} is empty",
                        who(), from(), to());
                });
            return std::nullopt;
        case Kind::knight:
            if (!((std::abs(dx) == 1 && std::abs(dy) == 2) ||
                  (std::abs(dx) == 2 && std::abs(dy) == 1)))
                return fault("C6.2", [&] {
                    // TRANSLATORS: {0} is a knight with its side ("the white knight"), {1} its
                    // square, {2} the square the record moves it to.
                    return trf(
                        "{0} on {1} cannot reach {2}: a knight jumps two squares one way and one "
                        "square the other",
                        who(), from(), to());
                });
            return std::nullopt;
        case Kind::pawn:
            if (dx == 0 && dy == fw) {
                if (captures)
                    return fault("C6.3", [&] {
                        // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} its
                        // square; {2} the piece straight ahead of it ("the black knight"), {3}
                        // that piece's square.
                        return trf(
                            "{0} on {1} cannot capture {2} on {3}: a pawn never captures straight "
                            "ahead, only one square diagonally forward",
                            who(), from(), piece_name(*position.at(move.to)), to());
                    });
                return std::nullopt;
            }
            if (std::abs(dx) == 1 && dy == fw) {
                if (!captures)
                    return fault("C6.3", [&] {
                        // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} its
                        // square, {2} the empty square diagonally ahead that the record moves
                        // it to.
                        return trf(
                            "{0} on {1} cannot move to {2}: {2} is empty, and a pawn moves "
                            "diagonally only to capture",
                            who(), from(), to());
                    });
                return std::nullopt;
            }
            return fault("C6.3", [&] {
                return trf(
                    // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} its
                    // square, {2} the square the record moves it to.
                    "{0} on {1} cannot reach {2}: a pawn moves one square straight forward, or "
                    "captures one square diagonally forward",
                    who(), from(), to());
            });
        case Kind::rook:
        case Kind::bishop:
        case Kind::queen: {
            if (!on_line(dx, dy, mover.kind))
                return fault("C6.1", [&] {
                    if (mover.kind == Kind::rook)
                        return trf(
                            // TRANSLATORS: {0} is a rook with its side ("the white rook"), {1}
                            // its square, {2} the square the record moves it to.
                            "{0} on {1} cannot reach {2}: a rook moves only along its rank or file",
                            who(), from(), to());
                    if (mover.kind == Kind::bishop)
                        return trf(
                            // TRANSLATORS: {0} is a bishop with its side ("the white bishop"),
                            // {1} its square, {2} the square the record moves it to.
                            "{0} on {1} cannot reach {2}: a bishop moves only along a diagonal",
                            who(), from(), to());
                    return trf(
                        // TRANSLATORS: {0} is a queen with its side ("the white queen"), {1} its
                        // square, {2} the square the record moves it to.
                        "{0} on {1} cannot reach {2}: a queen moves only along a rank, a file or "
                        "a diagonal",
                        who(), from(), to());
                });
            if (const Piece* in_the_way = first_between(position, move.from, move.to))
                return fault("C6.1", [&] {
                    // TRANSLATORS: {0} is the moving piece with its side ("the white rook"), {1}
                    // its square, {2} the square the record moves it to; {3} the first piece on
                    // the way ("the black knight"), {4} that piece's square.
                    return trf("{0} on {1} cannot reach {2}: {3} on {4} stands in the way", who(),
                               from(), to(), piece_name(*in_the_way), square_name(in_the_way->at));
                });
            return std::nullopt;
        }
        case Kind::none:
            break;
    }
    return std::nullopt;
}

// Whether a piece of `by` could capture on `target` once `move` (by the other side) is made: the
// mover stands on move.to and whatever stood there is gone. Asks what check_move and the legal
// moves need (C7.2) without copying the position.
bool attacked_after(const Position& position, const Action& move, Square target, Color by) {
    // Whether a piece stands strictly between `from` and `to` after the move.
    auto blocked = [&](Square from, Square to) {
        const std::int64_t sx = sign(to.x - from.x);
        const std::int64_t sy = sign(to.y - from.y);
        const std::int64_t n = std::max(std::abs(to.x - from.x), std::abs(to.y - from.y));
        constexpr std::int64_t longest_walk = 16;  // as in first_between
        if (n <= longest_walk) {
            for (std::int64_t t = 1; t < n; ++t) {
                const Square s{from.x + t * sx, from.y + t * sy};
                if (s == move.to || (s != move.from && position.occupied(s))) return true;
            }
            return false;
        }
        auto between = [&](Square s) {
            const std::int64_t t = sx != 0 ? (s.x - from.x) * sx : (s.y - from.y) * sy;
            return t > 0 && t < n && s.x == from.x + t * sx && s.y == from.y + t * sy;
        };
        if (between(move.to)) return true;
        for (const Piece& q : position.pieces())
            if (q.at != move.from && q.at != move.to && between(q.at)) return true;
        return false;
    };
    // A pawn attacks from two squares only, which are looked up; the other pieces of `by` are
    // tried one by one against the pattern tables, in one loop whose few branches are rarely
    // taken (a loop per kind ended at a different count each time, a misprediction each). A
    // piece on move.to is gone (captured) or is the mover, of the other side.
    const std::int64_t fw = forward(by);
    for (const std::int64_t side : {-1, 1}) {
        const Square from{target.x - side, target.y - fw};
        const Piece* p = position.at(from);
        if (p != nullptr && p->color == by && p->kind == Kind::pawn && from != move.to) return true;
    }
    const std::span<const Piece> pieces = position.pieces();
    const auto& captures = step_masks.captures[slot(by)];
    for (std::uint32_t bits = position.side_slots(by) & ~position.slots_of(by, Kind::pawn);
         bits != 0; bits &= bits - 1) {
        const Piece& p = pieces[static_cast<std::size_t>(std::countr_zero(bits))];
        const std::int64_t dx = target.x - p.at.x;
        const std::int64_t dy = target.y - p.at.y;
        if (p.at == move.to) continue;
        if (in_steps(captures[slot(p.kind)], dx, dy)) return true;
        if ((slide_lines[slot(p.kind)] & line_class(dx, dy)) != 0 && !blocked(p.at, target))
            return true;
    }
    return false;
}

// line_opens past its first test: a rook, bishop or queen of `by` beyond `through` on `line`.
bool slider_beyond(const Position& position, Square king, Square through, Color by,
                   const Square* arrived, unsigned line) {
    const std::int64_t dx = through.x - king.x;
    const std::int64_t dy = through.y - king.y;
    const std::int64_t sx = sign(dx);
    const std::int64_t sy = sign(dy);
    const std::int64_t through_t = sx != 0 ? dx * sx : dy * sy;
    // How far along the ray from the king `s` stands, or 0 when it is not on the ray.
    auto along = [&](Square s) -> std::int64_t {
        const std::int64_t rx = s.x - king.x;
        const std::int64_t ry = s.y - king.y;
        const std::int64_t t = sx != 0 ? rx * sx : ry * sy;
        return ((rx == t * sx) & (ry == t * sy) & (t > 0)) ? t : 0;
    };
    const std::int64_t arrived_t = arrived != nullptr ? along(*arrived) : 0;
    // Only the kinds that slide along this kind of line.
    const std::uint32_t sliders = ((line & 1u) != 0 ? position.slots_of(by, Kind::rook) : 0u) |
                                  ((line & 2u) != 0 ? position.slots_of(by, Kind::bishop) : 0u) |
                                  position.slots_of(by, Kind::queen);
    for (std::uint32_t bits = sliders; bits != 0; bits &= bits - 1) {
        const Piece& p = position.pieces()[static_cast<std::size_t>(std::countr_zero(bits))];
        const std::int64_t t = along(p.at);
        // Beyond `through` on the ray, not captured by the arrival, and not
        // behind the piece that arrived on the ray: one branch, seldom taken.
        const bool captured = arrived != nullptr && p.at == *arrived;
        const bool behind_arrival = (arrived_t != 0) & (arrived_t < t);
        if (!((t > through_t) & !captured & !behind_arrival)) continue;
        if (first_between(position, king, through) == nullptr &&
            first_between(position, through, p.at) == nullptr)
            return true;
    }
    return false;
}

// Whether a rook, bishop or queen of `by` attacks `king` along the line through `through` once
// the piece on `through` has left it, `arrived` (when given) standing where that piece went.
// The piece's own line is the only one its leaving can open. Most squares are on no line with
// the king, or on a kind of line no slider of `by` moves along (early in a game it has none):
// that first test is inlined where the rules ask, without branches, and the search behind it
// is a call.
inline bool line_opens(const Position& position, Square king, Square through, Color by,
                       const Square* arrived) {
    const unsigned line = line_class(through.x - king.x, through.y - king.y);
    if ((line & slider_lines(position, by)) == 0) return false;
    return slider_beyond(position, king, through, by, arrived, line);
}

// Whether the own piece `p` is pinned to its king: it stands on a line from the king with
// nothing between them, and the first piece beyond it on that line is an enemy rook, bishop or
// queen that attacks along it.
bool pinned(const Position& position, const Piece& p, Square king) {
    return line_opens(position, king, p.at, opponent(p.color), nullptr);
}

// A quick answer for has_legal_move, for a side not in check: a piece that is not pinned to its
// king blocks no attack on it, so any move of it that fits its pattern and C5.2 is legal (C7.2
// cannot fail). Tries the nearest squares of each such piece; false means "not found this way",
// not "none".
bool easy_legal_move(const Position& position, const Ruleset& rules, Color me) {
    const std::optional<Square> king = position.king(me);
    if (!king) return false;
    for (const Piece& p : position.pieces()) {
        if (p.color != me || p.kind == Kind::king || pinned(position, p, *king)) continue;
        auto fits = [&](Square to, bool may_capture, bool may_move) {
            if (!in_grid(to)) return false;
            const Piece* target = position.at(to);
            if (target != nullptr) return may_capture && target->color != me;
            return may_move && next_to_a_piece(position, p.at, to, rules);
        };
        const int fw = forward(me);
        switch (p.kind) {
            case Kind::pawn:
                if (fits(Square{p.at.x, p.at.y + fw}, false, true) ||
                    fits(Square{p.at.x - 1, p.at.y + fw}, true, false) ||
                    fits(Square{p.at.x + 1, p.at.y + fw}, true, false))
                    return true;
                break;
            case Kind::knight:
                for (const auto& [dx, dy] : knight_jumps)
                    if (fits(Square{p.at.x + dx, p.at.y + dy}, true, true)) return true;
                break;
            case Kind::rook:
            case Kind::bishop:
            case Kind::queen:
                for (int sx = -1; sx <= 1; ++sx)
                    for (int sy = -1; sy <= 1; ++sy)
                        if ((sx != 0 || sy != 0) && on_line(sx, sy, p.kind) &&
                            fits(Square{p.at.x + sx, p.at.y + sy}, true, true))
                            return true;
                break;
            default:
                break;
        }
    }
    return false;
}

// Whether the king of `me` on `king` has a step that is legal (C6.4, C5.2, C7.2).
bool safe_king_step(const Position& position, const Ruleset& rules, Color me, Square king) {
    const int fw = forward(me);
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            if (dx == 0 && dy == 0) continue;
            const Square to{king.x + dx, king.y + dy};
            if (!in_grid(to)) continue;
            const Piece* target = position.at(to);
            if (target != nullptr && target->color == me) continue;
            // C6.4: a step back only to capture; C5.2: a quiet step ends next to a piece
            // (next_to_a_piece for a step, written out: its call cost a third of the test).
            if (target == nullptr &&
                (dy == -fw || (rules.adjacency_origin != AdjacencyOrigin::occupied &&
                               !position.has_neighbour(to, king))))
                continue;
            Action move;
            move.kind = Kind::king;
            move.from = king;
            move.to = to;
            if (!attacked_after(position, move, to, opponent(me))) return true;
        }
    return false;
}

// Whether the own piece `p` (not the king) can move to the empty square `to` by its pattern
// (C6), the path clear and the square next to a piece (C5.2).
bool reaches_empty(const Position& position, const Ruleset& rules, const Piece& p, Square to) {
    const std::int64_t dx = to.x - p.at.x;
    const std::int64_t dy = to.y - p.at.y;
    bool fits = false;
    switch (p.kind) {
        case Kind::pawn:
            fits = dx == 0 && dy == forward(p.color);
            break;
        case Kind::knight:
            fits = (std::abs(dx) == 1 && std::abs(dy) == 2) ||
                   (std::abs(dx) == 2 && std::abs(dy) == 1);
            break;
        case Kind::rook:
        case Kind::bishop:
        case Kind::queen:
            fits = on_line(dx, dy, p.kind) && first_between(position, p.at, to) == nullptr;
            break;
        default:
            break;
    }
    return fits && next_to_a_piece(position, p.at, to, rules);
}

enum class Escape : std::uint8_t { found, none, unknown };

// Whether the side to move, in check, has a legal move. The only escapes are a king step, the
// capture of a lone checker, or a piece put between the king and a lone checker on a line; a
// piece pinned to its king can do neither (its line meets the check's only at the king). A
// line longer than `longest_block` squares is left to the full search.
Escape escape_from_check(const Position& position, const Ruleset& rules, Color me, Square king) {
    if (safe_king_step(position, rules, me, king)) return Escape::found;
    if (rules.check_escape == CheckEscape::king_move) return Escape::none;  // C7.4
    const Piece* checker = nullptr;
    for (const Piece& p : position.pieces()) {
        if (p.color == me || !attacks(position, p, king)) continue;
        if (checker != nullptr) return Escape::none;  // two checkers: only the king can escape
        checker = &p;
    }
    if (checker == nullptr) return Escape::unknown;
    const Square target = checker->at;
    const std::int64_t dx = sign(king.x - target.x);
    const std::int64_t dy = sign(king.y - target.y);
    const bool line = checker->kind == Kind::rook || checker->kind == Kind::bishop ||
                      checker->kind == Kind::queen;
    const std::int64_t gap =
        line ? std::max(std::abs(king.x - target.x), std::abs(king.y - target.y)) - 1 : 0;
    constexpr std::int64_t longest_block = 64;
    if (gap > longest_block) return Escape::unknown;
    // Whether a piece is pinned is asked only of a piece that can capture the checker or step
    // between: in a checkmate, the usual case, none can, and the pin's test of every piece (a
    // walk along its line to the king) cost about a fifth of the proof.
    for (const Piece& p : position.pieces()) {
        if (p.color != me || p.kind == Kind::king) continue;
        // C5.3: a capture needs no neighbour.
        bool helps = attacks(position, p, target);
        for (std::int64_t t = 1; t <= gap && !helps; ++t)
            helps = reaches_empty(position, rules, p, Square{target.x + t * dx, target.y + t * dy});
        if (helps && !pinned(position, p, king)) return Escape::found;
    }
    return Escape::none;
}

}  // namespace

bool fits_pattern(const Position& position, Color color, Kind kind, Square from, Square to,
                  bool captures) {
    return reaches_by_pattern(position, color, kind, from, to, captures);
}

bool attacks(const Position& position, const Piece& piece, Square target) {
    return reaches_by_pattern(position, piece.color, piece.kind, piece.at, target, true);
}

bool in_check(const Position& position, Color c) {
    const std::optional<Square> king = position.king(c);
    if (!king) return false;
    // No move: both squares off the grid, where no piece stands and no line passes.
    Action none;
    none.from = none.to = Square{grid_max + 2, grid_max + 2};
    return attacked_after(position, none, *king, opponent(c));
}

bool leaves_king_safe_by_attack_test(const Position& position, const Action& move) {
    const Color me = position.side_to_move();
    const std::optional<Square> king = position.king(me);
    if (!king) return true;
    const Square king_after = *king == move.from ? move.to : *king;
    return !attacked_after(position, move, king_after, opponent(me));
}

// A king not in check needs the attack test only when it moves itself: any other move can only
// open the line through the square it leaves, and that line alone is looked at, when the square
// is on one with the king.
bool leaves_king_safe(const Position& position, const Action& move, bool in_check_now) {
    const Color me = position.side_to_move();
    const std::optional<Square> king = position.king(me);
    if (!king) return true;
    if (in_check_now || *king == move.from) return leaves_king_safe_by_attack_test(position, move);
    return !line_opens(position, *king, move.from, opponent(me), &move.to);
}

bool turn_gives_check(const Position& after, const Action& move, const Action* placement,
                      Color by) {
    const std::optional<Square> king = after.king(opponent(by));
    if (!king) return false;
    // The pieces the turn put down, as the actions say; the position is not asked for them.
    const Kind mover_kind = move.promotion != Kind::none ? move.promotion : move.kind;
    if (attacks(after, Piece{move.to, by, mover_kind}, *king)) return true;
    if (placement != nullptr) {
        if (attacks(after, Piece{placement->to, by, placement->kind}, *king)) return true;
        // A piece placed on the square the mover left closes the line again.
        if (placement->to == move.from) return false;
    }
    return line_opens(after, *king, move.from, by, nullptr);
}

std::optional<RuleFault> check_move(const Position& position, const Action& move,
                                    const Ruleset& rules, std::optional<bool> side_in_check) {
    const Color me = position.side_to_move();
    const Piece* mover = position.at(move.from);
    if (mover == nullptr)
        return fault("C5.1", [&] {
            // TRANSLATORS: {0} is the side to move (White, Black); {1} the kind of piece the
            // record moves, with "a" ("a pawn"); {2} the empty square it moves it from.
            return trf("{0} moves {1} from {2}, but {2} is empty", color_name(me),
                       kind_indefinite(move.kind), square_name(move.from));
        });
    if (mover->color != me)
        return fault("C5.1", [&] {
            // TRANSLATORS: {0} is the side to move (White, Black); {1} a piece of the other
            // side ("the black knight"), {2} its square.
            return trf("{0} cannot move {1} on {2}: a side moves only its own pieces",
                       color_name(me), piece_name(*mover), square_name(move.from));
        });
    if (mover->kind != move.kind)
        return fault("C5.1", [&] {
            // TRANSLATORS: the first {} is a square; the second the piece on it, as in "the black
            // knight"; the third the kind of piece the record writes, with "a" ("a rook").
            return trf("the piece on {} is {}, not {} as written", square_name(move.from),
                       piece_name(*mover), kind_indefinite(move.kind));
        });
    if (move.from == move.to)
        return fault("C5.1", [&] {
            // TRANSLATORS: {0} is a piece with its side ("the white pawn"), {1} its square; {2}
            // the move as written in the notation, such as "Pd2-d2".
            return trf("{0} on {1} must leave its square, and {2} ends where it starts",
                       piece_name(*mover), square_name(move.from), format_action(move));
        });
    const Piece* target = position.at(move.to);
    if (target != nullptr && target->color == me)
        return fault("C5.1", [&] {
            // TRANSLATORS: {0} is the moving piece with its side ("the white rook"), {1} its
            // square; {2} a piece of the same side ("the white knight"), {3} its square.
            return trf(
                "{0} on {1} cannot move onto {2} on {3}: no piece captures a piece of its "
                "own side",
                piece_name(*mover), square_name(move.from), piece_name(*target),
                square_name(move.to));
        });
    const bool captures = target != nullptr;
    if (!reaches_by_pattern(position, me, mover->kind, move.from, move.to, captures))
        if (auto problem = pattern_fault(position, *mover, move, captures)) return problem;
    if (move.capture_mark != captures)
        return fault("C11.2", [&] {
            Action right = move;
            right.capture_mark = captures;
            right.promotion = Kind::none;
            // TRANSLATORS: {0} is the moving piece with its side ("the white pawn"), {1} its
            // square; {2} the piece it captures ("the black knight"), {3} that piece's square;
            // {4} the move written right in the notation, such as "Pe4xd5".
            return captures ? trf("{0} on {1} captures {2} on {3}, so the move is written with "
                                  "'x': {4}",
                                  piece_name(*mover), square_name(move.from), piece_name(*target),
                                  square_name(move.to), format_action(right))
                            // TRANSLATORS: {0} is the moving piece with its side ("the white
                            // pawn"), {1} its square; {2} the empty square it moves to; {3} the
                            // move written right in the notation, such as "Pe4-e5".
                            : trf("{0} on {1} captures nothing, since {2} is empty, so the move "
                                  "is written with '-': {3}",
                                  piece_name(*mover), square_name(move.from), square_name(move.to),
                                  format_action(right));
        });
    if (!captures && !next_to_a_piece(position, move.from, move.to, rules))
        return fault("C5.2", [&] {
            // The square left counts as empty (adjacency_origin empty): said only where that
            // decides, when the mover leaves a square next to the one it reaches.
            if (adjacent(move.from, move.to))
                return trf(
                    // TRANSLATORS: {0} is the moving piece with its side ("the white king"),
                    // {1} the square it leaves, {2} the square next to it that it moves to.
                    "{0} on {1} cannot stop on {2}: once it has left {1}, no piece stands next to "
                    "{2}, and a move that captures nothing must end next to a piece",
                    piece_name(*mover), square_name(move.from), square_name(move.to));
            return trf(
                // TRANSLATORS: {0} is the moving piece with its side ("the white rook"), {1} its
                // square, {2} the square it moves to.
                "{0} on {1} cannot stop on {2}: no piece stands next to {2}, and a move that "
                "captures nothing must end next to a piece",
                piece_name(*mover), square_name(move.from), square_name(move.to));
        });
    // Asked only where a promotion is written or may be required: most moves need neither.
    auto on_king_rank = [&] {
        return mover->kind == Kind::pawn && promotion_rank(position, me, move.to);
    };
    if (move.promotion != Kind::none) {
        if (mover->kind != Kind::pawn)
            return fault("C9.2", [&] {
                // TRANSLATORS: {0} is the moving piece with its side ("the white rook"), {1} its
                // square.
                return trf("{0} on {1} cannot be promoted: only a pawn is promoted",
                           piece_name(*mover), square_name(move.from));
            });
        if (!on_king_rank())
            return fault("C9.2", [&] {
                const std::optional<Square> king = position.king(opponent(me));
                const Piece enemy_king{king.value_or(Square{}), opponent(me), Kind::king};
                if (!king)
                    return trf(
                        // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} the
                        // square it moves to; {2} the other side's king ("the black king").
                        "{0} cannot be promoted on {1}: a pawn is promoted only on the rank where "
                        "the enemy king stands, and {2} is not on the grid",
                        piece_name(*mover), square_name(move.to), piece_name(enemy_king));
                return trf(
                    // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} the square
                    // it moves to, {2} that square's rank ("3"); {3} the other side's king ("the
                    // black king"), {4} its square, {5} its rank ("6", "'1").
                    "{0} cannot be promoted on {1}, on rank {2}: a pawn is promoted only on the "
                    "rank where the enemy king stands, and {3} on {4} is on rank {5}",
                    piece_name(*mover), square_name(move.to), rank_name(move.to.y),
                    piece_name(enemy_king), square_name(*king), rank_name(king->y));
            });
        if (!promotable(move.promotion))
            return fault("C9.2", [&] {
                return trf(
                    // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} the square
                    // it moves to; {2} the kind written after '=', with "a" ("a king", "a pawn").
                    "{0} reaching {1} cannot become {2}: a pawn is exchanged only for a queen, a "
                    "rook, a bishop or a knight",
                    piece_name(*mover), square_name(move.to), kind_indefinite(move.promotion));
            });
        if (position.tiles(me).captured[slot(move.promotion)] == 0)
            return fault("C9.2", [&] {
                const std::string pool = pool_letters(position.tiles(me));
                if (pool.empty())
                    return trf(
                        // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} the
                        // square it moves to; {2} a kind of piece with "a" ("a queen"); {3} a
                        // side (White, Black).
                        "{0} reaching {1} cannot become {2}: a pawn is exchanged only for a piece "
                        "of its side's captured pool, and {3}'s captured pool is empty",
                        piece_name(*mover), square_name(move.to), kind_indefinite(move.promotion),
                        color_name(me));
                return trf(
                    // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} the square
                    // it moves to; {2} a kind of piece with "a" ("a queen"); {3} a side (White,
                    // Black); {4} a kind of piece with "no" ("no queen"); {5} the letters of the
                    // pieces in the pool, such as "RPP" (notation: keep them).
                    "{0} reaching {1} cannot become {2}: a pawn is exchanged only for a piece of "
                    "its side's captured pool, and {3}'s captured pool holds {4} (it holds {5})",
                    piece_name(*mover), square_name(move.to), kind_indefinite(move.promotion),
                    color_name(me), no_kind(move.promotion), pool);
            });
    } else if (rules.promotion == Promotion::mandatory && on_king_rank() &&
               any_promotion_available(position, me)) {
        if (auto problem = fault("C9.3", [&] {
                std::string choices;
                for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight})
                    if (position.tiles(me).captured[slot(k)] > 0) {
                        if (!choices.empty()) choices += ' ';
                        choices += '=';
                        choices += kind_letter(k);
                    }
                return trf(
                    // TRANSLATORS: {0} is a pawn with its side ("the white pawn"), {1} the square
                    // it moves to; {2} the other side's king ("the black king"); {3} a side
                    // (White, Black); {4} the promotions that may be written, such as "=R =N"
                    // (notation: keep them).
                    "{0} reaching {1}, on the rank of {2}, must be promoted under this ruleset: "
                    "{3}'s captured pool holds a piece to exchange it for ({4})",
                    piece_name(*mover), square_name(move.to),
                    piece_name(Piece{Square{}, opponent(me), Kind::king}), color_name(me), choices);
            }))
            return problem;
    }
    const bool checked = side_in_check ? *side_in_check : in_check(position, me);
    if (rules.check_escape == CheckEscape::king_move && mover->kind != Kind::king && checked)
        if (auto problem = fault("C7.4", [&] {
                const std::optional<Square> king = position.king(me);
                const Piece own_king{king.value_or(Square{}), me, Kind::king};
                if (king)
                    for (const Piece& p : position.pieces())
                        if (p.color != me && attacks(position, p, *king))
                            return trf(
                                // TRANSLATORS: {0} is the moving piece with its side ("the white
                                // knight"), {1} its square; {2} the king of the same side ("the
                                // white king"), {3} its square; {4} a piece that attacks it ("the
                                // black rook"), {5} that piece's square.
                                "{0} on {1} may not move: {2} on {3} is in check from {4} on {5}, "
                                "and under this ruleset only a move of the king escapes check",
                                piece_name(*mover), square_name(move.from), piece_name(own_king),
                                square_name(*king), piece_name(p), square_name(p.at));
                return trf(
                    // TRANSLATORS: {} is the king with its side ("the white king").
                    "{} is in check, and under this ruleset only a move of the king escapes it",
                    piece_name(own_king));
            }))
            return problem;
    if (!leaves_king_safe(position, move, checked))
        return fault("C7.2", [&] {
            // Named with the piece that attacks the king once the move is made (the move breaks
            // no other rule, so it can be made on a copy).
            Position after = position;
            after.apply_move(move);
            const std::optional<Square> king = after.king(me);
            if (king)
                for (const Piece& p : after.pieces())
                    if (p.color != me && attacks(after, p, *king))
                        return trf(
                            // TRANSLATORS: {0} is the king with its side ("the white king"), {1}
                            // its square; {2} a piece with its side ("the black rook"), {3} its
                            // square.
                            "this move leaves {} on {} in check: {} on {} attacks it",
                            piece_name(Piece{*king, me, Kind::king}), square_name(*king),
                            piece_name(p), square_name(p.at));
            return me == Color::white ? std::string(tr("this move leaves the white king in check"))
                                      : std::string(tr("this move leaves the black king in check"));
        });
    return std::nullopt;
}

std::optional<RuleFault> check_placement(const Position& position, const Action& placement,
                                         const Ruleset& rules, const Action* move) {
    const Color me = position.side_to_move();
    const Kind kind = placement.kind;
    const SideTiles& tiles = position.tiles(me);
    // Named in every message: the side, the tile with "a" ("a knight"), and the square.
    const auto side = [&] { return color_name(me); };
    const auto tile = [&] { return kind_indefinite(kind); };
    const auto where = [&] { return square_name(placement.to); };
    if (kind == Kind::king)
        return fault("C3.4", [&] {
            // TRANSLATORS: {0} is a side (White, Black), {1} a square.
            return trf(
                "{0} cannot place a king on {1}: a king is never in the hand, and is never "
                "placed",
                side(), where());
        });
    if (!position.in_hand(me, kind))
        return fault("C3.4", [&] {
            if (tiles.hand_size == 0)
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a"
                    // ("a knight"), {2} a square.
                    "{0} cannot place {1} on {2}: {0}'s hand is empty, every tile has been placed",
                    side(), tile(), where());
            const int owned = tiles_owned[slot(kind)] - tiles_at_start[slot(kind)];
            if (tiles.known) {
                std::string hand;
                for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn})
                    for (int i = 0; i < tiles.hand[slot(k)]; ++i) hand += kind_letter(k);
                if (tiles.placed[slot(kind)] < owned)
                    return trf(
                        // TRANSLATORS: {0} is a side (White, Black); {1} a kind of piece with
                        // "no" ("no queen"); {2} a square; {3} the letters of the tiles in the
                        // hand, such as "BNP" (notation: keep them); {4} the same kind with "a"
                        // ("a queen").
                        "{0} has {1} in hand to place on {2}: the hand holds {3}, and {4} is still "
                        "in the pile",
                        side(), no_kind(kind), where(), hand, tile());
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black); {1} a kind of piece with "no"
                    // ("no queen"); {2} a square; {3} the letters of the tiles in the hand, such
                    // as "BNP" (notation: keep them); {4} the same kind ("queen").
                    "{0} has {1} in hand to place on {2}: the hand holds {3}, and {0} has placed "
                    "every {4} it owns",
                    side(), no_kind(kind), where(), hand, kind_name(kind));
            }
            if (owned == 1)
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black); {1} a kind of piece of which a
                    // pile holds one ("queen"); {2} a square.
                    "{0} has no {1} left to place on {2}: the only {1} of its pile has already "
                    "been placed",
                    side(), kind_name(kind), where());
            return trf(
                // TRANSLATORS: {0} is a side (White, Black); {1} a kind of piece ("knight"); {2}
                // a square; {3} how many of that kind a pile holds (2 or 4); {4} the kind in the
                // plural ("knights").
                "{0} has no {1} left to place on {2}: the {3} {4} of its pile have all been placed",
                side(), kind_name(kind), where(), owned, kinds_name(kind));
        });
    if (const Piece* there = position.at(placement.to))
        return fault("C8.1", [&] {
            // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a" ("a
            // knight"), {2} a square; {3} the piece on it ("the black pawn").
            return trf(
                "{0} cannot place {1} on {2}: {2} holds {3}, and a tile is placed only on "
                "an empty square",
                side(), tile(), where(), piece_name(*there));
        });
    const int fw = forward(me);
    auto own_pawn = [&](Square s) {
        const Piece* p = position.at(s);
        return p != nullptr && p->color == me && p->kind == Kind::pawn;
    };
    // C8.4 (C13.9): the anchor is judged after the move.
    const bool any_pawn = position.slots_of(me, Kind::pawn) != 0;
    if (!any_pawn)
        return fault("C8.4", [&] {
            return trf(
                // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a" ("a
                // knight"), {2} a square.
                "{0} cannot place {1} on {2}: after its move {0} has no pawn on the grid, and a "
                "tile is placed only beside or behind one of its own pawns",
                side(), tile(), where());
        });
    auto anchor_moved = [&](Square anchor) {
        return move != nullptr && move->kind == Kind::pawn && move->from == anchor &&
               !own_pawn(anchor);
    };
    auto taken_away = [&](Square anchor) {
        return fault("C8.4", [&] {
            const std::string pawn = piece_name(Piece{anchor, me, Kind::pawn});
            if (kind == Kind::pawn)
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black), {1} a square; {2} a pawn with
                    // its side ("the white pawn"); {3} the square it has just left, {4} the
                    // square it has moved to.
                    "{0} cannot place a pawn on {1}: {2} it would stand beside has just moved "
                    "from {3} to {4}, and the placement is judged on the position after the move",
                    side(), where(), pawn, square_name(move->from), square_name(move->to));
            return trf(
                // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a" ("a
                // knight"), {2} a square; {3} a pawn with its side ("the white pawn"); {4} the
                // square it has just left, {5} the square it has moved to.
                "{0} cannot place {1} on {2}: {3} it would stand behind has just moved from {4} "
                "to {5}, and the placement is judged on the position after the move",
                side(), tile(), where(), pawn, square_name(move->from), square_name(move->to));
        });
    };
    if (kind == Kind::pawn) {
        const Square left{placement.to.x - 1, placement.to.y};
        const Square right{placement.to.x + 1, placement.to.y};
        if (!own_pawn(left) && !own_pawn(right) && (anchor_moved(left) || anchor_moved(right)))
            return taken_away(anchor_moved(left) ? left : right);
        if (!own_pawn(left) && !own_pawn(right))
            return fault("C8.2", [&] {
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black); {1}, {2} and {3} are squares,
                    // {2} and {3} those left and right of {1}.
                    "{0} cannot place a pawn on {1}: a pawn is placed directly left or right of "
                    "one of its own pawns, and neither {2} nor {3} holds one",
                    side(), where(), square_name(left), square_name(right));
            });
        if (rules.pawn_drop_on_king_rank == PawnDropOnKingRank::forbidden &&
            promotion_rank(position, me, placement.to))
            if (auto problem = fault("C8.5", [&] {
                    const Square king = *position.king(opponent(me));
                    return trf(
                        // TRANSLATORS: {0} is a side (White, Black), {1} a square; {2} the other
                        // side's king ("the black king"), {3} its square on the same rank.
                        "{0} cannot place a pawn on {1}: {2} on {3} stands on the same rank, and "
                        "under this ruleset no pawn is placed on the rank of the enemy king",
                        side(), where(), piece_name(Piece{king, opponent(me), Kind::king}),
                        square_name(king));
                }))
                return problem;
        return std::nullopt;
    }
    const Square ahead{placement.to.x, placement.to.y + fw};
    if (!own_pawn(ahead) && anchor_moved(ahead)) return taken_away(ahead);
    if (!own_pawn(ahead))
        return fault("C8.3", [&] {
            if (const Piece* there = position.at(ahead))
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a" ("a
                    // knight"), {2} a square; {3} the square in front of it (for that side), {4}
                    // the piece on that square ("the black pawn", "the white bishop").
                    "{0} cannot place {1} on {2}: it must stand directly behind one of {0}'s "
                    "pawns, "
                    "and {3}, in front of {2}, holds {4}",
                    side(), tile(), where(), square_name(ahead), piece_name(*there));
            return trf(
                // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a" ("a
                // knight"), {2} a square; {3} the square in front of it (for that side).
                "{0} cannot place {1} on {2}: it must stand directly behind one of {0}'s pawns, "
                "and "
                "{3}, in front of {2}, is empty",
                side(), tile(), where(), square_name(ahead));
        });
    return std::nullopt;
}

namespace {

// Calls f(move) with every legal move of the side to move until f returns false; returns false
// then. The candidates are built to fit their patterns, marks and adjacency; check_move is not
// asked again, but the king's safety (C7.2) and C7.4 are.
template <typename F>
bool for_each_legal_move(const Position& position, const Ruleset& rules, F&& f) {
    const Color me = position.side_to_move();
    const bool checked = in_check(position, me);
    const bool king_moves_only = rules.check_escape == CheckEscape::king_move && checked;
    const std::optional<Square> enemy_king = position.king(opponent(me));
    const bool promotions_possible = any_promotion_available(position, me);
    for (const Piece& mover : position.pieces()) {
        if (mover.color != me) continue;
        if (king_moves_only && mover.kind != Kind::king) continue;
        const int fw = forward(mover.color);
        // A candidate destination: legal unless it leaves the own king in check.
        auto offer = [&](Square to, bool capture) {
            if (!in_grid(to)) return true;
            Action move;
            move.type = Action::Type::move;
            move.kind = mover.kind;
            move.from = mover.at;
            move.to = to;
            move.capture_mark = capture;
            if (!leaves_king_safe(position, move, checked)) return true;
            const bool reaches = mover.kind == Kind::pawn && enemy_king && enemy_king->y == to.y;
            if (!(reaches && promotions_possible && rules.promotion == Promotion::mandatory))
                if (!f(move)) return false;
            if (!reaches) return true;
            for (Kind k : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight}) {
                if (position.tiles(me).captured[slot(k)] == 0) continue;
                Action promoted = move;
                promoted.promotion = k;
                if (!f(promoted)) return false;
            }
            return true;
        };
        // A destination reached by a step or a jump: a capture, or an empty square next to a
        // piece (C5.2).
        auto step = [&](Square to, bool may_capture, bool may_move) {
            const Piece* target = position.at(to);
            if (target != nullptr) {
                if (target->color == me || !may_capture) return true;
                return offer(to, true);
            }
            if (!may_move || !next_to_a_piece(position, mover.at, to, rules)) return true;
            return offer(to, false);
        };
        const Square from = mover.at;
        switch (mover.kind) {
            case Kind::king:
                for (int dx = -1; dx <= 1; ++dx)
                    for (int dy = -1; dy <= 1; ++dy) {
                        if (dx == 0 && dy == 0) continue;
                        // C6.4: a step back only to capture.
                        if (!step(Square{from.x + dx, from.y + dy}, true, dy != -fw)) return false;
                    }
                break;
            case Kind::knight:
                for (const auto& [dx, dy] : knight_jumps)
                    if (!step(Square{from.x + dx, from.y + dy}, true, true)) return false;
                break;
            case Kind::pawn:
                if (!step(Square{from.x, from.y + fw}, false, true)) return false;
                for (int dx : {-1, 1})
                    if (!step(Square{from.x + dx, from.y + fw}, true, false)) return false;
                break;
            case Kind::rook:
            case Kind::bishop:
            case Kind::queen:
                for (int sx = -1; sx <= 1; ++sx)
                    for (int sy = -1; sy <= 1; ++sy) {
                        if ((sx == 0 && sy == 0) || !on_line(sx, sy, mover.kind)) continue;
                        // The first piece on the ray, and the squares before it next to some
                        // piece: the only destinations (C5.2, C5.3).
                        std::int64_t blocker_t = std::numeric_limits<std::int64_t>::max();
                        const Piece* blocker = nullptr;
                        for (const Piece& p : position.pieces()) {
                            const std::int64_t t =
                                sx != 0 ? (p.at.x - from.x) * sx : (p.at.y - from.y) * sy;
                            if (t <= 0 || t >= blocker_t) continue;
                            if (p.at.x != from.x + t * sx || p.at.y != from.y + t * sy) continue;
                            blocker_t = t;
                            blocker = &p;
                        }
                        // Each other piece, and the origin when it counts as occupied, is next
                        // to at most three squares of the ray.
                        std::int64_t near[3 * 33];
                        std::size_t count = 0;
                        auto add_near = [&](Square p) {
                            std::int64_t low = 1;
                            std::int64_t high = blocker_t - 1;
                            if (sx != 0) {
                                const std::int64_t t = (p.x - from.x) * sx;
                                low = std::max(low, t - 1);
                                high = std::min(high, t + 1);
                            } else if (std::abs(p.x - from.x) > 1) {
                                return;
                            }
                            if (sy != 0) {
                                const std::int64_t t = (p.y - from.y) * sy;
                                low = std::max(low, t - 1);
                                high = std::min(high, t + 1);
                            } else if (std::abs(p.y - from.y) > 1) {
                                return;
                            }
                            for (std::int64_t t = low; t <= high; ++t) near[count++] = t;
                        };
                        for (const Piece& p : position.pieces())
                            if (p.at != from) add_near(p.at);
                        if (rules.adjacency_origin == AdjacencyOrigin::occupied) add_near(from);
                        std::sort(near, near + count);
                        const std::int64_t* end = std::unique(near, near + count);
                        for (const std::int64_t* t = near; t != end; ++t)
                            if (!offer(Square{from.x + *t * sx, from.y + *t * sy}, false))
                                return false;
                        if (blocker != nullptr && blocker->color != me)
                            if (!offer(blocker->at, true)) return false;
                    }
                break;
            case Kind::none:
                break;
        }
    }
    return true;
}

}  // namespace

std::vector<Action> legal_moves(const Position& position, const Ruleset& rules) {
    std::vector<Action> out;
    for_each_legal_move(position, rules, [&](const Action& move) {
        out.push_back(move);
        return true;
    });
    return out;
}

bool has_legal_move_by_search(const Position& position, const Ruleset& rules) {
    bool found = false;
    for_each_legal_move(position, rules, [&](const Action&) {
        found = true;
        return false;
    });
    return found;
}

// The search for a legal move is the costliest question of a game (every checkmate and every
// turn an observer watches asks it); these shortcuts answer it without listing moves, and
// tests/unit/chessme_fast_paths_test.cpp checks them against has_legal_move_by_search.
// has_legal_move_in is told whether the side to move is in check (end_at_turn_start asks it
// once for both of its questions).
namespace {

bool has_legal_move_in(const Position& position, const Ruleset& rules, bool checked) {
    const Color me = position.side_to_move();
    const std::optional<Square> king = position.king(me);
    if (!king) return has_legal_move_by_search(position, rules);
    if (!checked) {
        if (easy_legal_move(position, rules, me) || safe_king_step(position, rules, me, *king))
            return true;
        return has_legal_move_by_search(position, rules);
    }
    switch (escape_from_check(position, rules, me, *king)) {
        case Escape::found:
            return true;
        case Escape::none:
            return false;
        case Escape::unknown:
            break;
    }
    return has_legal_move_by_search(position, rules);
}

}  // namespace

bool has_legal_move(const Position& position, const Ruleset& rules) {
    return has_legal_move_in(position, rules, in_check(position, position.side_to_move()));
}

std::vector<Action> legal_placements(const Position& position, const Ruleset& rules) {
    QuietFaults quiet;  // only whether each placement is legal matters here
    std::vector<Action> out;
    const Color me = position.side_to_move();
    for (Kind kind : {Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn}) {
        if (!position.in_hand(me, kind)) continue;
        const std::size_t first = out.size();
        for (const Piece& p : position.pieces()) {
            if (p.color != me || p.kind != Kind::pawn) continue;
            auto consider = [&](Square to) {
                Action placement;
                placement.type = Action::Type::place;
                placement.kind = kind;
                placement.to = to;
                if (!in_grid(to) || check_placement(position, placement, rules)) return;
                for (std::size_t i = first; i < out.size(); ++i)
                    if (out[i].to == to) return;
                out.push_back(placement);
            };
            if (kind == Kind::pawn) {
                consider(Square{p.at.x - 1, p.at.y});
                consider(Square{p.at.x + 1, p.at.y});
            } else {
                consider(Square{p.at.x, p.at.y - forward(me)});
            }
        }
    }
    return out;
}

TurnStartEnd end_at_turn_start(const Position& position, const Ruleset& rules) {
    // The check is tested once, for the search and for the answer.
    const bool checked = in_check(position, position.side_to_move());
    if (has_legal_move_in(position, rules, checked)) return TurnStartEnd::none;
    return checked ? TurnStartEnd::checkmate : TurnStartEnd::stalemate;
}

}  // namespace jv::cme
