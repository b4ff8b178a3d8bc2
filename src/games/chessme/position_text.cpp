#include "games/chessme/position_text.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/rules.hpp"

namespace jv::cme {

namespace {

constexpr std::array<Kind, 5> hand_kinds = {Kind::queen, Kind::rook, Kind::bishop, Kind::knight,
                                            Kind::pawn};
constexpr std::array<Kind, 6> pool_kinds = {Kind::king,   Kind::queen,  Kind::rook,
                                            Kind::bishop, Kind::knight, Kind::pawn};

// The pieces ordered as the position string lists them: by rank, then by file.
struct SortedPieces {
    std::array<Piece, 32> pieces;
    std::size_t count = 0;
};
SortedPieces sorted_pieces(const Position& position) {
    SortedPieces out;
    for (const Piece& p : position.pieces()) out.pieces[out.count++] = p;
    std::sort(out.pieces.begin(), out.pieces.begin() + static_cast<std::ptrdiff_t>(out.count),
              [](const Piece& a, const Piece& b) {
                  return a.at.y != b.at.y ? a.at.y < b.at.y : a.at.x < b.at.x;
              });
    return out;
}

void append_number(std::string& out, std::uint32_t n) {
    char digits[10];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    out.append(digits, end);
}

void append_hand(std::string& out, const SideTiles& t) {
    if (!t.known) {
        out.append(t.hand_size, '?');
        return;
    }
    for (Kind k : hand_kinds) out.append(t.hand[slot(k)], kind_letter(k));
}

void append_next(std::string& out, const SideTiles& t) {
    if (!t.known) {
        out += '?';
        return;
    }
    for (std::size_t i = 0; i < t.pile_left; ++i) out += kind_letter(t.pile[t.pile_top + i]);
}

void append_pool(std::string& out, const std::array<std::uint8_t, kind_slots>& pool) {
    for (Kind k : pool_kinds) out.append(pool[slot(k)], kind_letter(k));
}

}  // namespace

std::string format_position_plain(const Position& position, const GameEnd& end) {
    std::string out;
    out.reserve(256);
    const SortedPieces sorted = sorted_pieces(position);
    for (std::size_t i = 0; i < sorted.count; ++i) {
        const Piece& p = sorted.pieces[i];
        if (i > 0) out += ',';
        append_square_name(out, p.at);
        out += '=';
        out += p.color == Color::white ? 'w' : 'b';
        out += kind_letter(p.kind);
    }
    if (sorted.count == 0) out += '-';
    const SideTiles& w = position.tiles(Color::white);
    const SideTiles& b = position.tiles(Color::black);
    out += "|side=";
    out += position.side_to_move() == Color::white ? 'w' : 'b';
    out += "|turn=";
    append_number(out, position.turn_number());
    out += "|hand=w:";
    append_hand(out, w);
    out += ",b:";
    append_hand(out, b);
    out += "|pile=w";
    append_number(out, w.pile_left);
    out += ",b";
    append_number(out, b.pile_left);
    out += "|next=w:";
    append_next(out, w);
    out += ",b:";
    append_next(out, b);
    out += "|captured=w:";
    append_pool(out, w.captured);
    out += ",b:";
    append_pool(out, b.captured);
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

std::string format_position(const Position& position, const GameEnd& end) {
    std::string out;
    write_position(out, position, end);
    return out;
}

void write_position(std::string& out, const Position& position, const GameEnd& end) {
    // Every verdict carries a position string, and written through std::string's appends it
    // cost about 6,000 instructions a game. Here it is written through a pointer into `out`,
    // sized once for the longest string these counts can give (a verdict's string, reused from
    // game to game, keeps its memory, where a new string cost an allocation and its release
    // each game), and the pieces sorted by one integer key each.
    // tests/unit/chessme_fast_paths_test.cpp checks it against format_position_plain.
    const std::span<const Piece> pieces = position.pieces();
    const SideTiles& w = position.tiles(Color::white);
    const SideTiles& b = position.tiles(Color::black);

    // The pieces by rank, then by file: a key of (y, x), each made non-negative and at most
    // 2^31 - 1 by the grid's bound, sorted by insertion (at most 32 pieces).
    struct Keyed {
        std::uint64_t key;
        const Piece* piece;
    };
    std::array<Keyed, 32> sorted;
    std::size_t count = 0;
    for (const Piece& p : pieces) {
        // A square beyond the bound cannot be in a position; were one there, the key and the
        // buffer's size would not hold it.
        if (!in_grid(p.at)) {
            out = format_position_plain(position, end);
            return;
        }
        const auto key = (static_cast<std::uint64_t>(p.at.y - grid_min) << 32) |
                         static_cast<std::uint64_t>(p.at.x - grid_min);
        std::size_t i = count++;
        for (; i > 0 && sorted[i - 1].key > key; --i) sorted[i] = sorted[i - 1];
        sorted[i] = Keyed{key, &p};
    }

    // With "=wK," a piece takes at most longest_square_name + 4 characters. Far more than any
    // position needs is allowed for the rest, counted from the tiles.
    std::size_t tiles = 0;
    for (const SideTiles* t : {&w, &b}) {
        tiles += t->hand_size + t->pile_left;
        for (std::uint8_t n : t->hand) tiles += n;
        for (std::uint8_t n : t->captured) tiles += n;
    }
    out.resize(count * (longest_square_name + 4) + tiles + end.reason.size() + 160);
    char* at = out.data();
    const auto put = [&](std::string_view text) {
        std::memcpy(at, text.data(), text.size());
        at += text.size();
    };
    const auto put_number = [&](std::uint64_t n) {
        if (n < 10) {
            *at++ = static_cast<char>('0' + n);
            return;
        }
        at = std::to_chars(at, at + 20, n).ptr;
    };
    for (std::size_t i = 0; i < count; ++i) {
        const Piece& p = *sorted[i].piece;
        if (i > 0) *at++ = ',';
        at = write_square_name(at, p.at);
        *at++ = '=';
        *at++ = p.color == Color::white ? 'w' : 'b';
        *at++ = kind_letter(p.kind);
    }
    if (count == 0) *at++ = '-';
    put("|side=");
    *at++ = position.side_to_move() == Color::white ? 'w' : 'b';
    put("|turn=");
    put_number(position.turn_number());
    for (const SideTiles* t : {&w, &b}) {
        put(t == &w ? "|hand=w:" : ",b:");
        if (!t->known) {
            for (std::size_t i = 0; i < t->hand_size; ++i) *at++ = '?';
            continue;
        }
        for (Kind k : hand_kinds)
            for (std::size_t i = 0; i < t->hand[slot(k)]; ++i) *at++ = kind_letter(k);
    }
    put("|pile=w");
    put_number(w.pile_left);
    put(",b");
    put_number(b.pile_left);
    for (const SideTiles* t : {&w, &b}) {
        put(t == &w ? "|next=w:" : ",b:");
        if (!t->known) {
            *at++ = '?';
            continue;
        }
        for (std::size_t i = 0; i < t->pile_left; ++i)
            *at++ = kind_letter(t->pile[t->pile_top + i]);
    }
    for (const SideTiles* t : {&w, &b}) {
        put(t == &w ? "|captured=w:" : ",b:");
        for (Kind k : pool_kinds)
            for (std::size_t i = 0; i < t->captured[slot(k)]; ++i) *at++ = kind_letter(k);
    }
    put("|over=");
    if (end.over) {
        put(result_text(end.result()));
        *at++ = ':';
        put(end.reason);
    } else {
        *at++ = '-';
    }
    out.resize(static_cast<std::size_t>(at - out.data()));
}

namespace {

// Reads the fields of a position string in order; the first fault stops it.
class Reader {
  public:
    Reader(std::string_view text, PositionParseError& error) : text_(text), error_(error) {}

    bool fail(std::size_t offset, std::string message) {
        if (!failed_) {
            error_.offset = static_cast<std::uint32_t>(std::min(offset, text_.size()));
            error_.message = std::move(message);
        }
        failed_ = true;
        return false;
    }
    bool failed() const { return failed_; }
    std::size_t at() const { return at_; }
    bool done() const { return at_ == text_.size(); }

    bool literal(std::string_view expected) {
        if (text_.substr(at_, expected.size()) != expected)
            // TRANSLATORS: {} is a part of a position string, such as "|side=", that must stand
            // here.
            return fail(at_, trf("expected '{}'", expected));
        at_ += expected.size();
        return true;
    }
    // Characters up to (not including) any of `stops` or the end.
    std::string_view until(std::string_view stops) {
        const std::size_t end = text_.find_first_of(stops, at_);
        const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
        std::string_view out = text_.substr(at_, stop - at_);
        at_ = stop;
        return out;
    }
    std::optional<std::uint32_t> number(std::string_view stops, std::uint32_t low,
                                        std::uint32_t high) {
        const std::size_t start = at_;
        const std::string_view digits = until(stops);
        std::uint64_t n = 0;
        const bool ok =
            !digits.empty() && digits.size() <= 9 && (digits == "0" || digits[0] != '0') &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (ok)
            for (char c : digits) n = n * 10 + static_cast<std::uint64_t>(c - '0');
        if (!ok || n < low || n > high) {
            fail(start, trf("expected a number from {} to {}", low, high));
            return std::nullopt;
        }
        return static_cast<std::uint32_t>(n);
    }

  private:
    std::string_view text_;
    PositionParseError& error_;
    std::size_t at_ = 0;
    bool failed_ = false;
};

// Letters of a hand, a pile or a pool: each a kind letter of `allowed`, grouped in `order`
// when `ordered`.
std::optional<std::vector<Kind>> read_letters(Reader& in, std::string_view stops,
                                              std::span<const Kind> allowed, bool ordered) {
    const std::size_t start = in.at();
    const std::string_view letters = in.until(stops);
    std::vector<Kind> out;
    std::size_t last_rank = 0;
    for (std::size_t i = 0; i < letters.size(); ++i) {
        const std::optional<Kind> kind = kind_of_letter(letters[i]);
        const auto place = kind ? std::find(allowed.begin(), allowed.end(), *kind) : allowed.end();
        if (place == allowed.end()) {
            // TRANSLATORS: {} is a character of a position string, in a list of tile letters.
            in.fail(start + i, trf("'{}' is not a tile here", letters[i]));
            return std::nullopt;
        }
        const auto rank = static_cast<std::size_t>(place - allowed.begin());
        if (ordered && rank < last_rank) {
            in.fail(start + i, tr("the letters are written in the order of the game's letters"));
            return std::nullopt;
        }
        last_rank = rank;
        out.push_back(*kind);
    }
    return out;
}

}  // namespace

std::optional<ParsedPosition> parse_position(std::string_view text, PositionParseError& error) {
    Reader in(text, error);
    ParsedPosition out;
    Position& p = out.position;
    p.clear_pieces();
    // Squares.
    std::array<std::array<int, kind_slots>, 2> on_grid{};
    if (text.substr(0, 1) == "-") {
        in.literal("-");
    } else {
        for (;;) {
            const std::size_t start = in.at();
            const SquareRead read = read_square(text.substr(start));
            if (read.length == 0) return in.fail(start, tr("expected a square name")), std::nullopt;
            if (read.beyond)
                return in.fail(start, tr("the square lies beyond the grid this referee supports")),
                       std::nullopt;
            in.until("=");
            if (in.at() != start + read.length)
                return in.fail(start + read.length, tr("expected '=' after the square")),
                       std::nullopt;
            in.literal("=");
            const std::size_t piece_at = in.at();
            const std::string_view piece = in.until(",|");
            if (piece.size() != 2 || (piece[0] != 'w' && piece[0] != 'b') ||
                !kind_of_letter(piece[1]))
                // TRANSLATORS: w, b and wK are notation of the position string: keep them.
                return in.fail(piece_at, tr("expected w or b then a piece letter, such as wK")),
                       std::nullopt;
            const Color color = piece[0] == 'w' ? Color::white : Color::black;
            const Kind kind = *kind_of_letter(piece[1]);
            if (p.at(read.square) != nullptr)
                return in.fail(start, tr("a square is listed twice")), std::nullopt;
            if (p.pieces().size() == 32)
                return in.fail(start, tr("more pieces than both sides own")), std::nullopt;
            if (!p.pieces().empty()) {
                const Piece& before = p.pieces().back();
                if (before.at.y > read.square.y ||
                    (before.at.y == read.square.y && before.at.x > read.square.x))
                    return in.fail(start, tr("the squares are listed by rank, then by file")),
                           std::nullopt;
            }
            p.add_piece(Piece{read.square, color, kind});
            ++on_grid[slot(color)][slot(kind)];
            if (text.substr(in.at(), 1) != ",") break;
            in.literal(",");
        }
    }
    if (!in.literal("|side=")) return std::nullopt;
    const std::size_t side_at = in.at();
    const std::string_view side = in.until("|");
    if (side != "w" && side != "b")
        // TRANSLATORS: w and b are notation of the position string: keep them.
        return in.fail(side_at, tr("expected w or b")), std::nullopt;
    p.set_side_to_move(side == "w" ? Color::white : Color::black);
    if (!in.literal("|turn=")) return std::nullopt;
    const std::optional<std::uint32_t> turn = in.number("|", 1, 999'999'999);
    if (!turn) return std::nullopt;
    p.set_turn_number(*turn);

    // Hands, piles, next tiles, pools: read first, checked together below.
    std::array<std::vector<Kind>, 2> hands;
    std::array<bool, 2> hand_known{};
    std::array<std::size_t, 2> hand_at{};
    if (!in.literal("|hand=")) return std::nullopt;
    for (Color c : {Color::white, Color::black}) {
        if (!in.literal(c == Color::white ? "w:" : ",b:")) return std::nullopt;
        hand_at[slot(c)] = in.at();
        const std::string_view letters = in.until(",|");
        // A hand is all '?' (unknown) or letters (known); empty, it is either.
        const bool unknown =
            !letters.empty() && letters.find_first_not_of('?') == std::string_view::npos;
        if (unknown) {
            hands[slot(c)].assign(letters.size(), Kind::none);
            continue;
        }
        hand_known[slot(c)] = !letters.empty();
        Reader sub(letters, error);
        auto read = read_letters(sub, "", hand_kinds, true);
        if (!read) {
            error.offset += static_cast<std::uint32_t>(hand_at[slot(c)]);
            return std::nullopt;
        }
        hands[slot(c)] = *read;
    }
    if (!in.literal("|pile=")) return std::nullopt;
    std::array<std::uint32_t, 2> pile_left{};
    for (Color c : {Color::white, Color::black}) {
        if (!in.literal(c == Color::white ? "w" : ",b")) return std::nullopt;
        const std::optional<std::uint32_t> n =
            in.number(c == Color::white ? "," : "|", 0, pile_tiles - hand_tiles);
        if (!n) return std::nullopt;
        pile_left[slot(c)] = *n;
    }
    if (!in.literal("|next=")) return std::nullopt;
    std::array<std::optional<std::vector<Kind>>, 2> next;
    std::array<std::size_t, 2> next_at{};
    for (Color c : {Color::white, Color::black}) {
        if (!in.literal(c == Color::white ? "w:" : ",b:")) return std::nullopt;
        next_at[slot(c)] = in.at();
        if (text.substr(in.at(), 1) == "?") {
            in.literal("?");
            continue;
        }
        auto read = read_letters(in, ",|", hand_kinds, false);
        if (!read) return std::nullopt;
        next[slot(c)] = *read;
    }
    if (!in.literal("|captured=")) return std::nullopt;
    for (Color c : {Color::white, Color::black}) {
        if (!in.literal(c == Color::white ? "w:" : ",b:")) return std::nullopt;
        auto read = read_letters(in, ",|", pool_kinds, true);
        if (!read) return std::nullopt;
        for (Kind k : *read) ++p.mutable_tiles(c).captured[slot(k)];
    }
    if (!in.literal("|over=")) return std::nullopt;
    const std::size_t over_at = in.at();
    const std::string_view over = in.until("");
    if (over == "1-0:checkmate")
        out.end = GameEnd{true, false, Color::white, "checkmate"};
    else if (over == "0-1:checkmate")
        out.end = GameEnd{true, false, Color::black, "checkmate"};
    else if (over == "1/2-1/2:stalemate")
        out.end = GameEnd{true, true, Color::white, "stalemate"};
    else if (over != "-")
        return in.fail(over_at,
                       // TRANSLATORS: the values after "over=" are notation: keep them.
                       tr("expected -, 1-0:checkmate, 0-1:checkmate or 1/2-1/2:stalemate")),
               std::nullopt;

    // The fields must describe a position some game reaches.
    for (Color c : {Color::white, Color::black}) {
        const std::string_view who = color_name(c);
        if (on_grid[slot(c)][slot(Kind::king)] != 1)
            // TRANSLATORS: the first {} is a side (White, Black); the second a number, not 1.
            return in.fail(0, trf("{} has {} kings on the grid; a side has one", who,
                                  on_grid[slot(c)][slot(Kind::king)])),
                   std::nullopt;
        SideTiles& t = p.mutable_tiles(c);
        if (t.captured[slot(Kind::king)] != 0)
            return in.fail(0,
                           // TRANSLATORS: {} is a side (White, Black).
                           trf("{}'s king is in its captured pool; kings are never captured", who)),
                   std::nullopt;
        int placed_total = 0;
        for (Kind k : hand_kinds) {
            const int placed =
                on_grid[slot(c)][slot(k)] + t.captured[slot(k)] - tiles_at_start[slot(k)];
            const int seen = on_grid[slot(c)][slot(k)] + t.captured[slot(k)];
            if (placed < 0) {
                // Only pawns start on the grid; a pawn taken or given up in a promotion goes to
                // the pool (C9.1), so the count never falls below the start.
                const auto n = static_cast<unsigned long>(seen);
                return in.fail(0, trn(
                                      // TRANSLATORS: {0} is a side (White, Black); {1} a number
                                      // of pawns; {2} how many it starts with on the grid (4).
                                      "{0} has {1} pawn on the grid and in its captured pool, "
                                      "fewer than the {2} it starts with",
                                      "{0} has {1} pawns on the grid and in its captured pool, "
                                      "fewer than the {2} it starts with",
                                      n, who, seen, tiles_at_start[slot(k)])),
                       std::nullopt;
            }
            if (placed > tiles_owned[slot(k)] - tiles_at_start[slot(k)])
                return in.fail(0, trf(
                                      // TRANSLATORS: {0} is a side (White, Black); {1} a number,
                                      // 2 or more; {2} a kind of piece in the plural (queens,
                                      // pawns); {3} how many of that kind a side owns.
                                      "{0} has {1} {2} on the grid and in its captured pool, more "
                                      "than the {3} a side owns",
                                      who, seen, kinds_name(k), tiles_owned[slot(k)])),
                       std::nullopt;
            t.placed[slot(k)] = static_cast<std::uint8_t>(placed);
            placed_total += placed;
        }
        // C3.3: after n placements the pile holds max(0, 8 - n) tiles and the hand the rest.
        const int left = std::max(0, pile_tiles - hand_tiles - placed_total);
        const int hand = pile_tiles - placed_total - left;
        if (static_cast<int>(pile_left[slot(c)]) != left)
            // TRANSLATORS: the first {} is a side (White, Black); the others are numbers.
            return in.fail(0, trf("{} has placed {} tiles, so its pile holds {}, not {}", who,
                                  placed_total, left, pile_left[slot(c)])),
                   std::nullopt;
        if (static_cast<int>(hands[slot(c)].size()) != hand)
            return in.fail(hand_at[slot(c)],
                           // TRANSLATORS: the first {} is a side (White, Black); the others
                           // are numbers.
                           trf("{} has placed {} tiles, so its hand holds {}", who, placed_total,
                               hand)),
                   std::nullopt;
        t.hand_size = static_cast<std::uint8_t>(hand);
        t.pile_left = static_cast<std::uint8_t>(left);
        t.pile_top = static_cast<std::uint8_t>(pile_tiles - left);
        // An empty hand goes with either kind of `next`.
        if (hand > 0 && hand_known[slot(c)] != next[slot(c)].has_value())
            return in.fail(next_at[slot(c)],
                           // TRANSLATORS: {} is a side (White, Black); '?' is notation.
                           trf("{}'s hand and pile are both known or both '?'", who)),
                   std::nullopt;
        if (!next[slot(c)].has_value()) continue;
        t.known = true;
        const std::vector<Kind>& pile = *next[slot(c)];
        if (static_cast<int>(pile.size()) != left)
            return in.fail(
                       next_at[slot(c)],
                       // TRANSLATORS: the first {} is a side (White, Black); the others
                       // are numbers.
                       trf("{}'s pile holds {} tiles, and {} are listed", who, left, pile.size())),
                   std::nullopt;
        std::array<int, kind_slots> off_grid{};
        for (Kind k : hands[slot(c)]) ++t.hand[slot(k)], ++off_grid[slot(k)];
        for (std::size_t i = 0; i < pile.size(); ++i) {
            t.pile[t.pile_top + i] = pile[i];
            ++off_grid[slot(pile[i])];
        }
        for (Kind k : hand_kinds)
            if (off_grid[slot(k)] + t.placed[slot(k)] !=
                tiles_owned[slot(k)] - tiles_at_start[slot(k)])
                return in.fail(
                           hand_at[slot(c)],
                           trf(
                               // TRANSLATORS: the first {} is a side (White, Black); the
                               // second a kind of piece in the plural (queens, pawns); the
                               // third a number.
                               "{}'s {} in hand and pile, with those placed, are not the {} a "
                               "pile holds",
                               who, kinds_name(k), tiles_owned[slot(k)] - tiles_at_start[slot(k)])),
                       std::nullopt;
    }
    // What no game reaches: more placements than turns played, a pawn behind its start rank,
    // the side not to move in check (C7.2).
    for (Color c : {Color::white, Color::black}) {
        const std::uint32_t played =
            p.turn_number() - 1 + (c == Color::white && p.side_to_move() == Color::black ? 1 : 0);
        int placed_total = 0;
        for (Kind k : hand_kinds) placed_total += p.tiles(c).placed[slot(k)];
        if (static_cast<std::uint32_t>(placed_total) > played)
            // TRANSLATORS: the first {} is a side (White, Black); the others are numbers.
            return in.fail(0, trf("{} has placed {} tiles in {} turns; a turn places one at most",
                                  color_name(c), placed_total, played)),
                   std::nullopt;
    }
    for (const Piece& piece : p.pieces())
        if (piece.kind == Kind::pawn &&
            (piece.color == Color::white ? piece.at.y < 2 : piece.at.y > 5))
            return in.fail(0, trf(
                                  // TRANSLATORS: the first {} is a side (White, Black); the
                                  // second a square.
                                  "{}'s pawn on {} stands behind its side's start rank, where no "
                                  "pawn goes",
                                  color_name(piece.color), square_name(piece.at))),
                   std::nullopt;
    if (in_check(p, opponent(p.side_to_move())))
        return in.fail(0, trf(
                              // TRANSLATORS: {} is a side (White, Black).
                              "{}, not to move, is in check: no legal move leaves its own king in "
                              "check",
                              color_name(opponent(p.side_to_move())))),
               std::nullopt;
    if (in.failed()) return std::nullopt;
    return out;
}

std::vector<std::int64_t> drawn_lines(const Position& position, std::span<const Square> marked,
                                      bool files) {
    std::vector<std::int64_t> values;
    auto add = [&](Square s) {
        const std::int64_t v = files ? s.x : s.y;
        for (std::int64_t d = -1; d <= 1; ++d)
            if (v + d >= grid_min && v + d <= grid_max) values.push_back(v + d);
    };
    for (const Piece& p : position.pieces()) add(p.at);
    for (Square s : marked) add(s);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

std::string file_label(std::int64_t x) {
    std::string name = square_name(Square{x, 1});
    name.pop_back();  // the rank "1"
    return name;
}

std::string rank_label(std::int64_t y) {
    return square_name(Square{1, y}).substr(1);
}

std::int64_t skipped(const std::vector<std::int64_t>& lines, std::size_t i) {
    if (i == 0 || i >= lines.size()) return 0;
    const std::int64_t d =
        lines[i] > lines[i - 1] ? lines[i] - lines[i - 1] : lines[i - 1] - lines[i];
    return d - 1;
}

std::string gap_mark(std::int64_t count) {
    return fmt::format("~{}", count);
}

std::string gap_key_lines(const std::vector<std::int64_t>& files,
                          const std::vector<std::int64_t>& ranks, std::string_view indent) {
    std::string out;
    for (const bool by_file : {true, false}) {
        const std::vector<std::int64_t>& lines = by_file ? files : ranks;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const std::int64_t n = skipped(lines, i);
            if (n == 0) continue;
            const std::int64_t low = std::min(lines[i - 1], lines[i]) + 1;
            const std::int64_t high = std::max(lines[i - 1], lines[i]) - 1;
            const auto count = static_cast<unsigned long>(n);
            const std::string first = by_file ? file_label(low) : rank_label(low);
            const std::string last = by_file ? file_label(high) : rank_label(high);
            out += indent;
            if (by_file)
                // TRANSLATORS: the key of a gap in the pictures of ChessMe's grid: {0} is how many
                // files the gap skips (it is drawn "~{0}"); {1} the first file skipped and {2} the
                // last, such as "d" and "h" (the singular names the one file skipped, {1}).
                out += trn("~{0}: {0} file skipped ({1})", "~{0}: {0} files skipped ({1} to {2})",
                           count, n, first, last);
            else
                // TRANSLATORS: the key of a gap in the pictures of ChessMe's grid: {0} is how many
                // ranks the gap skips (it is drawn "~{0}"); {1} the first rank skipped and {2} the
                // last, such as "3" and "'2" (the singular names the one rank skipped, {1}).
                out += trn("~{0}: {0} rank skipped ({1})", "~{0}: {0} ranks skipped ({1} to {2})",
                           count, n, first, last);
            out += '\n';
        }
    }
    return out;
}

std::string draw_position(const Position& position, std::span<const Square> marked) {
    const std::vector<std::int64_t> files = drawn_lines(position, marked, true);
    std::vector<std::int64_t> ranks = drawn_lines(position, marked, false);
    std::reverse(ranks.begin(), ranks.end());
    std::size_t width = 3;
    for (std::int64_t x : files) width = std::max(width, file_label(x).size() + 2);
    std::size_t rank_width = 2;
    for (std::int64_t y : ranks) rank_width = std::max(rank_width, rank_label(y).size());
    // A gap between two groups of files is its mark "~5" in the header, blank in the rows.
    std::string header = std::string(rank_width + 2, ' ');
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (const std::int64_t n = skipped(files, i); n > 0) header += " " + gap_mark(n);
        header += fmt::format("{:^{}}", file_label(files[i]), width);
    }
    std::string out = header + '\n';
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        if (const std::int64_t n = skipped(ranks, r); n > 0)
            out += fmt::format("{:>{}}\n", gap_mark(n), rank_width + 1);
        std::string line = fmt::format(" {:>{}} ", rank_label(ranks[r]), rank_width);
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (const std::int64_t n = skipped(files, i); n > 0)
                line += std::string(gap_mark(n).size() + 1, ' ');
            const Piece* piece = position.at(Square{files[i], ranks[r]});
            char c = '.';
            if (piece != nullptr) {
                c = kind_letter(piece->kind);
                if (piece->color == Color::black) c = static_cast<char>(c - 'A' + 'a');
            }
            line += fmt::format("{:^{}}", std::string(1, c), width);
        }
        out += line + fmt::format(" {}\n", rank_label(ranks[r]));
    }
    out += header + '\n';
    out += "  ";
    // TRANSLATORS: the legend of the text diagram, whose pieces are letters (K Q R B N P).
    out += tr("key: upper case White, lower case Black");
    out += '\n';
    out += gap_key_lines(files, ranks, "  ");
    for (Color c : {Color::white, Color::black}) {
        const SideTiles& t = position.tiles(c);
        std::string hand;
        append_hand(hand, t);
        std::string captured;
        append_pool(captured, t.captured);
        out += "  ";
        // TRANSLATORS: a side's tiles: the first {} is a side (White, Black); the second the
        // letters of its hand, such as "QRP", or "-"; the third a number of tiles; the fourth the
        // letters of the pieces it has captured, or "-".
        out += trf("{}: hand {}, pile {}, captured {}", color_name(c),
                   t.hand_size == 0 ? "-" : hand, t.pile_left, captured.empty() ? "-" : captured);
        out += '\n';
    }
    out += "  ";
    // TRANSLATORS: {} is a side (White, Black); the second {} a turn number.
    out += trf("{} to play turn {}", color_name(position.side_to_move()), position.turn_number());
    out += '\n';
    return out;
}

}  // namespace jv::cme
