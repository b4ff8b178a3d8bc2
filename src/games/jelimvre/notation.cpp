#include "games/jelimvre/notation.hpp"

#include <array>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::jel {

char letter_char(Letter l) {
    static constexpr char chars[] = {'?', 'K', 'Q', 'D', 'T', 'G', 'N', 'S', 'R', 'W', '~'};
    auto i = static_cast<std::size_t>(l);
    return i < sizeof chars ? chars[i] : '?';
}

char kind_char(PieceKind k) {
    return letter_char(to_letter(k));
}

namespace {

constexpr std::array<Letter, 128> make_letters() {
    std::array<Letter, 128> table{};
    for (int l = static_cast<int>(Letter::king); l <= static_cast<int>(Letter::water); ++l) {
        static_assert(static_cast<int>(Letter::water) == 10);
        constexpr char chars[] = {'?', 'K', 'Q', 'D', 'T', 'G', 'N', 'S', 'R', 'W', '~'};
        table[static_cast<std::size_t>(chars[l])] = static_cast<Letter>(l);
    }
    return table;
}
constexpr std::array<Letter, 128> letters = make_letters();

// Reads a square at the start of the characters [p, end) (the longest valid one: "a10" before
// "a1"); returns its length, 0 when there is none.
int square_at(const char* p, const char* end, Square& out) {
    const std::ptrdiff_t left = end - p;
    if (left < 2) return 0;
    // Unsigned differences: a character before 'a' or '1' wraps around to a large value.
    const unsigned file = static_cast<unsigned char>(p[0]) - unsigned{'a'};
    const unsigned digit = static_cast<unsigned char>(p[1]) - unsigned{'1'};
    if (file >= board_size || digit >= 9) return 0;
    if (digit == 0 && left > 2 && (p[2] == '0' || p[2] == '1')) {  // ranks 10 and 11
        out = make_square(static_cast<int>(file), 9 + (p[2] - '0'));
        return 3;
    }
    out = make_square(static_cast<int>(file), static_cast<int>(digit));
    return 2;
}

}  // namespace

std::optional<Letter> parse_letter(char c) {
    auto i = static_cast<unsigned char>(c);
    if (i >= letters.size() || letters[i] == Letter::none) return std::nullopt;
    return letters[i];
}

Square parse_square(std::string_view text) {
    Square s = no_square;
    const int length = square_at(text.data(), text.data() + text.size(), s);
    return length != 0 && static_cast<std::size_t>(length) == text.size() ? s : no_square;
}

void append_square_name(std::string& out, Square s) {
    char text[3];
    out.append(text, write_square_name(text, s));
}

std::string square_name(Square s) {
    char text[3];
    return std::string(text, write_square_name(text, s));
}

namespace {

std::size_t read_square(std::string_view text, Square& out) {
    return static_cast<std::size_t>(square_at(text.data(), text.data() + text.size(), out));
}

// `hint` is in the message language already.
ActionParse not_an_action(std::string_view text, const char* hint) {
    return {std::nullopt,
            // TRANSLATORS: {0} is the text that was read; {1} says how an action is written
            trf("'{}' is not a Jelimvre action: {}", quote_for_message(text), hint)};
}

// A word shaped like a square (a small letter and digits, as in "e12" or "l4") that names no
// square of the board: said first, since the general messages below would take the first
// digits for a square and blame what follows ("e12" read as e1, then a '2' that is no promotion).
std::optional<ActionParse> off_board_square(std::string_view text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const char file = text[i];
        if (file < 'a' || file > 'z' || text[i + 1] < '0' || text[i + 1] > '9') continue;
        // An 'x' after a square is its capture joint, whatever follows it.
        if (file == 'x' && i > 0 && text[i - 1] >= '0' && text[i - 1] <= '9') continue;
        std::size_t end = i + 1;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        const std::string_view digits = text.substr(i + 1, end - i - 1);
        const std::string_view word = text.substr(i, end - i);
        std::string problem;
        if (file > 'k')
            // TRANSLATORS: {} is the text that was read, such as l4
            problem = trf("'{}' is not a square of the board: files go from a to k", word);
        else if (digits.size() > 2 || digits[0] == '0' ||
                 (digits.size() == 2 && (digits[0] != '1' || digits[1] > '1')))
            // TRANSLATORS: {} is the text that was read, such as e12
            problem = trf("'{}' is not a square of the board: ranks go from 1 to 11", word);
        else
            continue;
        ActionParse out;
        out.problem = std::move(problem);
        out.fault_begin = static_cast<std::uint32_t>(i);
        out.fault_end = static_cast<std::uint32_t>(end);
        return out;
    }
    return std::nullopt;
}

// How an action is written, for a text that is none (translated where it is said).
constexpr const char* forms =
    // TRANSLATORS: X@sq, Xsq-sq, Xsqxsq, Xsq~sq, xXsq, timeout and the letters are notation: keep
    // them as they are
    N_("write X@sq (placement), Xsq-sq (move), Xsqxsq (capture), Xsq~sq (water crossing), xXsq "
       "(removal) or timeout, with X one of K Q D T G N S R W ~ and squares a1 to k11");

}  // namespace

namespace {

// The two shapes of nearly every action in a record, both with one-digit ranks: "Xsq-sq"
// (also 'x' or '~') and "X@sq". Read at once, with the general reader below as the fallback
// for anything else (and the judge of any text that fails here).
Action read_short_action(std::string_view text, Letter letter) {
    // Each square is read with its end bounded to two characters, so that none takes a
    // two-digit rank.
    const char* const p = text.data();
    Square from = no_square;
    Square to = no_square;
    if (text.size() == 4) {
        if (p[1] != '@' || square_at(p + 2, p + 4, to) != 2) return Action{};
        return Action::make(ActionKind::place, letter, no_square, to);
    }
    const char joint = p[3];
    if (text.size() != 6 || (joint != '-' && joint != 'x' && joint != '~') ||
        square_at(p + 1, p + 3, from) != 2 || square_at(p + 4, p + 6, to) != 2)
        return Action{};
    return Action::make(joint == '~' ? ActionKind::cross : ActionKind::move, letter, from, to,
                        joint == 'x');
}

}  // namespace

Action read_common_action(std::string_view text) {
    if (text.size() < 4 || static_cast<unsigned char>(text[0]) >= letters.size()) return {};
    const Letter letter = letters[static_cast<unsigned char>(text[0])];
    if (letter == Letter::none) return {};
    if (const Action action = read_short_action(text, letter); action != Action{}) return action;
    const char* p = text.data() + 1;
    const char* const end = text.data() + text.size();
    Square from = no_square;
    Square to = no_square;
    if (*p == '@') {
        ++p;
        if (p + square_at(p, end, to) != end || to == no_square) return {};
        return Action::make(ActionKind::place, letter, no_square, to);
    }
    const int from_length = square_at(p, end, from);
    if (from_length == 0) return {};
    p += from_length;
    if (p == end) return {};
    const char joint = *p++;
    if (joint != '-' && joint != 'x' && joint != '~') return {};
    const int to_length = square_at(p, end, to);
    if (to_length == 0) return {};
    p += to_length;
    Letter promotion = Letter::none;
    if (p != end) {
        if (end - p != 2 || p[0] != '=') return {};
        auto promoted = parse_letter(p[1]);
        if (!promoted) return {};
        promotion = *promoted;
    }
    return Action::make(joint == '~' ? ActionKind::cross : ActionKind::move, letter, from, to,
                        joint == 'x', promotion);
}

namespace {

[[gnu::always_inline]] inline ActionParse parse_action_by_forms(std::string_view text);

// Replaces the problem of `parsed` with that of a square off the board, when the text has one:
// only in a word that starts as an action does such a square explain the fault.
[[gnu::noinline, gnu::cold]] void explain_off_board(std::string_view text, ActionParse& parsed) {
    const bool starts_as_action =
        !text.empty() &&
        (parse_letter(text[0]) || (text[0] == 'x' && text.size() > 1 && parse_letter(text[1])));
    if (!starts_as_action) return;
    if (std::optional<ActionParse> off_board = off_board_square(text))
        parsed = std::move(*off_board);
}

}  // namespace

ActionParse parse_action(std::string_view text) {
    ActionParse parsed = parse_action_by_forms(text);
    // Looked for once the forms have failed, out of line: the replay reads some actions
    // (timeouts, removals) through here.
    if (!parsed.action) explain_off_board(text, parsed);
    return parsed;
}

namespace {

inline ActionParse parse_action_by_forms(std::string_view text) {
    if (auto common = parse_common_action(text)) return {common, {}};
    if (text == "timeout")
        return {Action::make(ActionKind::timeout, Letter::none, no_square, no_square), {}};
    if (text.empty()) return not_an_action(text, tr(forms));

    // Removal: xXsq
    if (text[0] == 'x') {
        auto letter = text.size() > 1 ? parse_letter(text[1]) : std::nullopt;
        Square s = no_square;
        if (!letter || 2 + read_square(text.substr(2), s) != text.size() || s == no_square)
            // TRANSLATORS: xXsq, xWe5, x~g5 and xNc4 are notation: keep them as they are
            return not_an_action(text, tr("a removal is written xXsq, such as xWe5, x~g5 or xNc4"));
        return {Action::make(ActionKind::remove, *letter, no_square, s), {}};
    }

    auto letter = parse_letter(text[0]);
    if (!letter) return not_an_action(text, tr(forms));

    // Placement: X@sq
    if (text.size() > 1 && text[1] == '@') {
        Square s = no_square;
        std::size_t length = read_square(text.substr(2), s);
        if (length == 0 || 2 + length != text.size())
            return not_an_action(
                // TRANSLATORS: X@sq, K@f1, W@c5 and ~@f5 are notation: keep them as they are
                text, tr("a placement is written X@sq, such as K@f1, W@c5 or ~@f5"));
        return {Action::make(ActionKind::place, *letter, no_square, s), {}};
    }

    // Move, capture or crossing: Xsq-sq, Xsqxsq, Xsq~sq, each with an optional =X.
    Square from = no_square;
    Square to = no_square;
    std::size_t at = 1;
    std::size_t length = read_square(text.substr(at), from);
    if (length == 0) return not_an_action(text, tr(forms));
    at += length;
    if (at >= text.size() || (text[at] != '-' && text[at] != 'x' && text[at] != '~'))
        return not_an_action(text,
                             // TRANSLATORS: '-', 'x' and '~' are notation: keep them as they are
                             tr("after the first square comes '-' (move), 'x' (capture) or "
                                "'~' (water crossing), then the second square"));
    char joint = text[at++];
    length = read_square(text.substr(at), to);
    if (length == 0)
        return not_an_action(text, tr("the second square is missing or is not a square a1 to k11"));
    at += length;
    Letter promotion = Letter::none;
    if (at < text.size()) {
        auto promoted =
            at + 2 == text.size() && text[at] == '=' ? parse_letter(text[at + 1]) : std::nullopt;
        if (!promoted)
            return not_an_action(text,
                                 // TRANSLATORS: =Q, =T, =G and =N are notation: keep them as they
                                 // are
                                 tr("only a promotion (=Q, =T, =G or =N) may follow the "
                                    "second square"));
        promotion = *promoted;
    }
    ActionKind kind = joint == '~' ? ActionKind::cross : ActionKind::move;
    return {Action::make(kind, *letter, from, to, joint == 'x', promotion), {}};
}

}  // namespace

std::string format_action(Action action) {
    char letter = letter_char(action.letter());
    switch (action.kind()) {
        case ActionKind::timeout:
            return "timeout";
        case ActionKind::place:
            return fmt::format("{}@{}", letter, square_name(action.to()));
        case ActionKind::remove:
            return fmt::format("x{}{}", letter, square_name(action.to()));
        case ActionKind::move:
        case ActionKind::cross: {
            char joint = action.kind() == ActionKind::cross ? '~'
                         : action.capture_mark()            ? 'x'
                                                            : '-';
            std::string out = fmt::format("{}{}{}{}", letter, square_name(action.from()), joint,
                                          square_name(action.to()));
            if (action.promotion() != Letter::none) {
                out += '=';
                out += letter_char(action.promotion());
            }
            return out;
        }
    }
    return "?";
}

std::string format_turn(std::span<const Action> turn) {
    std::string out;
    append_turn(out, turn);
    return out;
}

void append_turn(std::string& out, std::span<const Action> turn) {
    bool first = true;
    for (Action a : turn) {
        if (!first) out += ',';
        first = false;
        out += format_action(a);  // short enough to stay in the string's own storage
    }
}

}  // namespace jv::jel
