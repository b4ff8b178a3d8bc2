#include "games/chessme/notation.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::cme {

namespace {

// The name's number n >= 1 of a file (bijective base 26: a = 1 ... z = 26, aa = 27) or of a
// rank (decimal). A coordinate c >= 1 is named by n = c; c <= 0 by an apostrophe and n = 1 - c.
constexpr std::int64_t largest_name = grid_max;  // = 1 - grid_min

std::int64_t name_number(std::int64_t coordinate) {
    return coordinate >= 1 ? coordinate : 1 - coordinate;
}

// Reads "'"? then a non-empty run of what `digit` accepts, as a number of the name (0 when
// there is none); `length` is what was read. Stops counting past the bound.
template <typename Value>
std::int64_t read_part(std::string_view text, std::size_t& length, bool& beyond, Value value,
                       std::int64_t base) {
    std::size_t at = 0;
    const bool primed = at < text.size() && text[at] == '\'';
    if (primed) ++at;
    const std::size_t digits_start = at;
    std::int64_t n = 0;
    while (at < text.size()) {
        const int v = value(text[at], at == digits_start);
        if (v < 0) break;
        if (n <= largest_name) n = n * base + v;
        ++at;
    }
    if (at == digits_start) {
        length = 0;
        return 0;
    }
    length = at;
    if (n > largest_name) beyond = true;
    return primed ? 1 - n : n;
}

}  // namespace

char* write_square_name(char* out, Square s) {
    // The file: one letter from a to z (nearly every square), else bijective base 26, after a
    // prime for x <= 0.
    const std::int64_t x = s.x;
    if (x >= 1 && x <= 26) {
        *out++ = static_cast<char>('a' + (x - 1));
    } else {
        if (x <= 0) *out++ = '\'';
        std::int64_t n = name_number(x);
        char letters[16];
        std::size_t count = 0;
        while (n > 0) {
            --n;
            letters[count++] = static_cast<char>('a' + n % 26);
            n /= 26;
        }
        while (count > 0) *out++ = letters[--count];
    }
    // The rank: decimal, after a prime for y <= 0; one or two digits written directly.
    const std::int64_t y = s.y;
    if (y >= 1 && y <= 9) {
        *out++ = static_cast<char>('0' + y);
    } else if (y >= 10 && y <= 99) {
        *out++ = static_cast<char>('0' + y / 10);
        *out++ = static_cast<char>('0' + y % 10);
    } else {
        if (y <= 0) *out++ = '\'';
        out = std::to_chars(out, out + 20, name_number(y)).ptr;
    }
    return out;
}

void append_square_name(std::string& out, Square s) {
    char name[longest_square_name];
    out.append(name, write_square_name(name, s));
}

std::string square_name(Square s) {
    std::string out;
    append_square_name(out, s);
    return out;
}

SquareRead read_square(std::string_view text) {
    // Nearly every name of a record is one letter and one digit (d4): read those directly,
    // which halves the cost of reading an action. tests/unit/chessme_fast_paths_test.cpp checks
    // this against read_square_by_parts.
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (text.size() >= 2 && text[0] >= 'a' && text[0] <= 'z' && text[1] >= '1' && text[1] <= '9' &&
        (text.size() == 2 || !digit(text[2]))) {
        SquareRead out;
        out.square = Square{text[0] - 'a' + 1, text[1] - '0'};
        out.length = 2;
        return out;
    }
    return read_square_by_parts(text);
}

SquareRead read_square_by_parts(std::string_view text) {
    SquareRead out;
    std::size_t file_length = 0;
    bool beyond = false;
    const std::int64_t x = read_part(
        text, file_length, beyond,
        [](char c, bool) { return c >= 'a' && c <= 'z' ? c - 'a' + 1 : -1; }, 26);
    if (file_length == 0) return out;
    std::size_t rank_length = 0;
    // No leading zero: the first digit is 1 to 9.
    const std::int64_t y = read_part(
        text.substr(file_length), rank_length, beyond,
        [](char c, bool first) { return c >= (first ? '1' : '0') && c <= '9' ? c - '0' : -1; }, 10);
    if (rank_length == 0) return out;
    out.square = Square{x, y};
    out.length = file_length + rank_length;
    out.beyond = beyond;
    return out;
}

std::optional<Square> parse_square(std::string_view text) {
    const SquareRead read = read_square(text);
    if (read.length == 0 || read.length != text.size() || read.beyond) return std::nullopt;
    return read.square;
}

std::optional<Kind> kind_of_letter(char c) {
    const Kind kind = kind_at(c);
    if (kind == Kind::none) return std::nullopt;
    return kind;
}

namespace {

// `hint`, already translated, says how an action is written.
ActionParse not_an_action(std::string_view text, std::string_view hint) {
    return {std::nullopt,
            // TRANSLATORS: the first {} is the text of the record; the second says how an
            // action is written, as in "a placement is written X@sq, such as N@d2 or P@'a5".
            trf("'{}' is not a ChessMe action: {}", quote_for_message(text), hint)};
}

// Translated where it is used (tr(forms)).
constexpr const char* forms =
    // TRANSLATORS: the forms of an action in the notation: X stands for a piece letter and sq
    // for a square; keep Xsq-sq, Xsqxsq, =X, X@sq, K Q R B N P, + and #, which are notation.
    N_("write Xsq-sq (move), Xsqxsq (capture), either with =X (promotion), or X@sq (placement), "
       "with X one of K Q R B N P, and + or # after the turn's last action for a check");

// The grammar; `part`, when given, receives the part of the text at fault (parse_action's
// results stay small this way: the part is asked for only once an action has failed).
ActionParse read_by_grammar(std::string_view text, ActionFaultPart* part);

// Notes [at, end) as the part at fault, when the caller asked for it.
void note_part(ActionFaultPart* part, std::size_t at, std::size_t end) {
    if (part != nullptr) *part = {static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(end)};
}

// `at` and `length`: the square at fault, which the caret underlines.
ActionParse beyond_the_grid(std::string_view text, std::size_t at, std::size_t length,
                            ActionFaultPart* part) {
    note_part(part, at, at + length);
    return {std::nullopt,
            // TRANSLATORS: the first {} is the text of the record; the second and third are the
            // names of the farthest squares, from which the files and ranks are read.
            trf("'{}' names a square beyond the grid this referee supports (files and "
                "ranks from {} to {}, notation/chessme.md)",
                quote_for_message(text), square_name(Square{grid_min, grid_min}),
                square_name(Square{grid_max, grid_max}))};
}

// A word at `at` shaped like a square whose rank is misspelt ("e0", "e'0", "e01"): said with
// the word underlined, where the general messages would only say that no square stands there.
std::optional<ActionParse> misspelt_rank(std::string_view body, std::size_t at,
                                         ActionFaultPart* part) {
    std::size_t end = at;
    if (end < body.size() && body[end] == '\'') ++end;
    const std::size_t letters = end;
    while (end < body.size() && body[end] >= 'a' && body[end] <= 'z') ++end;
    if (end == letters) return std::nullopt;
    if (end < body.size() && body[end] == '\'') ++end;
    const std::size_t digits = end;
    while (end < body.size() && body[end] >= '0' && body[end] <= '9') ++end;
    if (end == digits || body[digits] != '0') return std::nullopt;
    const std::string_view word = body.substr(at, end - at);
    ActionParse out;
    if (end - digits == 1)
        out.problem = trf(
            // TRANSLATORS: {} is a word of the record shaped like a square, such as "e0"; '1 is
            // the name of the rank below 1, notation: keep it.
            "'{}' is not a square name: there is no rank 0 (the rank just below 1 is '1)", word);
    else
        // TRANSLATORS: {} is a word of the record shaped like a square, such as "e01".
        out.problem = trf("'{}' is not a square name: a rank has no leading zero", word);
    note_part(part, at, end);
    return out;
}

}  // namespace

ActionParse parse_action(std::string_view text) {
    // Nearly every action of a record is one of three shapes with one-letter files and
    // one-digit ranks: Pd2-d3 or Pe4xd3, either with =Q, and B@c1, each with + or # or
    // neither. Those are read here by their length and the class of each character, at about
    // half the cost of the general reading; everything else (primed squares, longer names,
    // every fault) goes to the grammar. tests/unit/chessme_fast_paths_test.cpp checks this
    // against parse_action_by_grammar.
    std::size_t size = text.size();
    ActionWord word;
    if (size > 0 && (text[size - 1] == '+' || text[size - 1] == '#')) {
        word.mark = text[size - 1] == '+' ? CheckMark::check : CheckMark::mate;
        --size;
    }
    const auto file = [](char c) { return c >= 'a' && c <= 'z'; };
    const auto rank = [](char c) { return c >= '1' && c <= '9'; };
    const auto square = [](char f, char r) { return Square{f - 'a' + 1, r - '0'}; };
    const char* c = text.data();
    const Kind kind = size >= 4 ? kind_at(c[0]) : Kind::none;
    if (kind != Kind::none) {
        if (size == 4 && c[1] == '@' && file(c[2]) && rank(c[3])) {
            word.action.type = Action::Type::place;
            word.action.kind = kind;
            word.action.to = square(c[2], c[3]);
            return {word, {}};
        }
        const Kind promotion = size == 8 && c[6] == '=' ? kind_at(c[7]) : Kind::none;
        if ((size == 6 || promotion != Kind::none) && file(c[1]) && rank(c[2]) &&
            (c[3] == '-' || c[3] == 'x') && file(c[4]) && rank(c[5])) {
            word.action.type = Action::Type::move;
            word.action.kind = kind;
            word.action.from = square(c[1], c[2]);
            word.action.to = square(c[4], c[5]);
            word.action.capture_mark = c[3] == 'x';
            word.action.promotion = promotion;
            return {word, {}};
        }
    }
    return parse_action_by_grammar(text);
}

ActionParse parse_action_by_grammar(std::string_view text) {
    return read_by_grammar(text, nullptr);
}

ActionFaultPart action_fault_part(std::string_view text) {
    ActionFaultPart part;
    read_by_grammar(text, &part);
    return part;
}

namespace {

ActionParse read_by_grammar(std::string_view text, ActionFaultPart* part) {
    ActionWord word;
    std::string_view body = text;
    if (!body.empty() && (body.back() == '+' || body.back() == '#')) {
        word.mark = body.back() == '+' ? CheckMark::check : CheckMark::mate;
        body.remove_suffix(1);
    }
    if (body.empty()) return not_an_action(text, tr(forms));
    const std::optional<Kind> kind = kind_of_letter(body[0]);
    if (!kind) return not_an_action(text, tr(forms));
    word.action.kind = *kind;
    std::size_t at = 1;
    if (at < body.size() && body[at] == '@') {
        const SquareRead to = read_square(body.substr(at + 1));
        if (to.length == 0)
            if (std::optional<ActionParse> misspelt = misspelt_rank(body, at + 1, part))
                return *misspelt;
        if (to.length == 0 || at + 1 + to.length != body.size())
            // TRANSLATORS: X stands for a piece letter and sq for a square; keep X@sq, N@d2 and
            // P@'a5, which are notation.
            return not_an_action(text, tr("a placement is written X@sq, such as N@d2 or P@'a5"));
        if (to.beyond) return beyond_the_grid(text, at + 1, to.length, part);
        word.action.type = Action::Type::place;
        word.action.to = to.square;
        return {word, {}};
    }
    const SquareRead from = read_square(body.substr(at));
    if (from.length == 0)
        if (std::optional<ActionParse> misspelt = misspelt_rank(body, at, part)) return *misspelt;
    if (from.length == 0) return not_an_action(text, tr(forms));
    const std::size_t from_at = at;
    at += from.length;
    if (at >= body.size() || (body[at] != '-' && body[at] != 'x'))
        return not_an_action(text, tr("after the first square comes '-' (move) or 'x' "
                                      "(capture), then the second square"));
    word.action.capture_mark = body[at] == 'x';
    ++at;
    const SquareRead to = read_square(body.substr(at));
    if (to.length == 0)
        if (std::optional<ActionParse> misspelt = misspelt_rank(body, at, part)) return *misspelt;
    if (to.length == 0)
        return not_an_action(text, tr("the second square is missing or is not a square name"));
    const std::size_t to_at = at;
    at += to.length;
    if (at < body.size()) {
        const std::optional<Kind> promoted =
            at + 2 == body.size() && body[at] == '=' ? kind_of_letter(body[at + 1]) : std::nullopt;
        if (!promoted)
            return not_an_action(text, tr("only a promotion (=Q, =R, =B or =N) and a check mark "
                                          "may follow the second square"));
        word.action.promotion = *promoted;
    }
    if (from.beyond) return beyond_the_grid(text, from_at, from.length, part);
    if (to.beyond) return beyond_the_grid(text, to_at, to.length, part);
    word.action.type = Action::Type::move;
    word.action.from = from.square;
    word.action.to = to.square;
    return {word, {}};
}

}  // namespace

std::string format_action(const Action& action) {
    std::string out(1, kind_letter(action.kind));
    if (action.type == Action::Type::place) {
        out += '@';
        append_square_name(out, action.to);
        return out;
    }
    append_square_name(out, action.from);
    out += action.capture_mark ? 'x' : '-';
    append_square_name(out, action.to);
    if (action.promotion != Kind::none) {
        out += '=';
        out += kind_letter(action.promotion);
    }
    return out;
}

}  // namespace jv::cme
