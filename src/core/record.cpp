#include "core/record.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include <fmt/format.h>

#include "core/encoding.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv {

std::string_view result_text(ResultKind kind) {
    switch (kind) {
        case ResultKind::white_wins:
            return "1-0";
        case ResultKind::black_wins:
            return "0-1";
        case ResultKind::draw:
            return "1/2-1/2";
        case ResultKind::unfinished:
            return "*";
    }
    return "*";
}

std::optional<ResultKind> parse_result(std::string_view text) {
    if (text == "1-0") return ResultKind::white_wins;
    if (text == "0-1") return ResultKind::black_wins;
    if (text == "1/2-1/2") return ResultKind::draw;
    if (text == "*") return ResultKind::unfinished;
    return std::nullopt;
}

namespace {

// Whether two tag names are the same. Names are short and most pairs differ in length or in
// their first bytes, so a plain loop after the length check beats the call to memcmp that
// operator== makes: find_tag runs a dozen times per game and the duplicate check compares
// every pair of tags, which made about a tenth of the reading of a short game.
bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

}  // namespace

const Tag* GameRecord::find_tag(std::string_view name) const {
    for (const Tag& tag : tags)
        if (same_name(tag.name, name)) return &tag;
    return nullptr;
}

std::string_view GameRecord::tag_value(std::string_view name, std::string_view fallback) const {
    const Tag* tag = find_tag(name);
    return tag != nullptr ? std::string_view(tag->value) : fallback;
}

void GameRecord::clear() {
    index = 0;
    region = {};
    tags.clear();
    turns.clear();
    actions.clear();
    glyphs.clear();
    comments.clear();
    result.reset();
    read_errors.clear();
}

namespace {

// Looked up for every blank of a file, so a table rather than six comparisons.
constexpr std::array<bool, 256> make_spaces() {
    std::array<bool, 256> table{};
    for (char c : std::string_view(" \t\n\r\f\v")) table[static_cast<unsigned char>(c)] = true;
    return table;
}
constexpr std::array<bool, 256> spaces = make_spaces();

bool is_space(char c) {
    return spaces[static_cast<unsigned char>(c)];
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

}  // namespace

namespace {

// Characters that end an action token. Everything else belongs to it: each game's own grammar
// decides whether the token is one of its actions. A table, since every byte of the movetext
// is looked up here.
constexpr std::array<bool, 256> make_token_ends() {
    std::array<bool, 256> table{};
    for (char c : std::string_view(" \t\n\r\f\v,{};!?$[]\""))
        table[static_cast<unsigned char>(c)] = true;
    return table;
}
constexpr std::array<bool, 256> token_ends = make_token_ends();

// What the first byte of a movetext token makes of it, so that the reader's main loop dispatches
// on one table lookup instead of a chain of comparisons.
enum class Lead : std::uint8_t {
    action,    // any byte that does not end an action token
    space,     // skipped before the lookup; listed for completeness
    comment,   // '{' or ';'
    comma,     // ','
    glyph,     // '!', '?' or '$'
    digit,     // a turn number, or a result such as "1-0"
    star,      // the result "*"
    open_tag,  // '['
    stray,     // ']', '}' or '"'
    nul,       // the '\0' after the text (the end), or a NUL byte inside it (an action)
};
constexpr std::array<Lead, 256> make_leads() {
    std::array<Lead, 256> table{};
    auto set = [&](std::string_view chars, Lead lead) {
        for (char c : chars) table[static_cast<unsigned char>(c)] = lead;
    };
    set(" \t\n\r\f\v", Lead::space);
    set("{;", Lead::comment);
    set(",", Lead::comma);
    set("!?$", Lead::glyph);
    set("0123456789", Lead::digit);
    set("*", Lead::star);
    set("[", Lead::open_tag);
    set("]}\"", Lead::stray);
    table[0] = Lead::nul;
    return table;
}
constexpr std::array<Lead, 256> leads = make_leads();

// The bytes of an action token: a byte that ends it, or one that needs a second look (a byte past
// ASCII, which asks for the UTF-8 check; a NUL, which may be the end of the text).
enum : std::uint8_t { in_action = 0, ends_action = 1, look_again = 2 };
constexpr std::array<std::uint8_t, 256> make_action_bytes() {
    std::array<std::uint8_t, 256> table{};
    for (unsigned c = 0; c < 256; ++c)
        table[c] = token_ends[c] ? ends_action : c == 0 || c >= 0x80 ? look_again : in_action;
    return table;
}
constexpr std::array<std::uint8_t, 256> action_bytes = make_action_bytes();

unsigned char byte(char c) {
    return static_cast<unsigned char>(c);
}

// The bytes of a tag name after its first letter.
constexpr std::array<bool, 256> make_tag_name_bytes() {
    std::array<bool, 256> table{};
    for (unsigned c = 0; c < 256; ++c)
        table[c] =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    return table;
}
constexpr std::array<bool, 256> tag_name_bytes = make_tag_name_bytes();

// The bytes of a tag value that read_plain_tag() takes as they stand: ASCII but for the quote
// and the escape that end or interrupt a value, the line ends that cut it, and the NUL that
// may be the end of the text.
constexpr std::array<bool, 256> make_plain_value_bytes() {
    std::array<bool, 256> table{};
    for (unsigned c = 1; c < 0x80; ++c) table[c] = c != '"' && c != '\\' && c != '\n' && c != '\r';
    return table;
}
constexpr std::array<bool, 256> plain_value_bytes = make_plain_value_bytes();

// Out of line and cold: the action scan it is called from is inlined in the reader's main loop.
[[gnu::noinline, gnu::cold]] std::string movetext_not_utf8(std::string_view text,
                                                           std::uint32_t at) {
    // TRANSLATORS: {} is a note about the byte ("byte 0xE9 looks like Latin-1 ...").
    return trf("the movetext is not UTF-8 text here: {}", not_utf8_note(text, at));
}

}  // namespace

bool ends_action_token(char c) {
    return token_ends[static_cast<unsigned char>(c)];
}

bool is_annotation_glyph(std::string_view text) {
    if (text == "!" || text == "?" || text == "!!" || text == "??" || text == "!?" || text == "?!")
        return true;
    return text.size() >= 2 && text.size() <= 4 && text[0] == '$' &&
           std::all_of(text.begin() + 1, text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The scanner of one game. Errors are collected in the record; after a fault in the movetext the
// rest of the game is skipped up to the next tag section.
struct RecordReader::Lexer {
    const SourceFile& source;
    std::string_view text;
    std::uint32_t pos;
    GameRecord& game;
    bool fast_paths = true;  // false: the general scanners alone (the tests compare the two)

    std::uint32_t size() const { return static_cast<std::uint32_t>(text.size()); }
    bool at_end() const { return pos >= text.size(); }
    char peek(std::uint32_t ahead = 0) const {
        return pos + ahead < text.size() ? text[pos + ahead] : '\0';
    }

    // The first byte from `at` that is not blank: at the latest the '\0' after the text. The
    // scans of the movetext step through pointers, which takes fewer instructions than offsets.
    static const char* skip_blanks(const char* at) {
        while (is_space(*at)) ++at;
        return at;
    }
    void skip_space() { pos = offset(skip_blanks(text.data() + pos)); }
    std::uint32_t offset(const char* at) const {
        return static_cast<std::uint32_t>(at - text.data());
    }

    // True when only blanks stand between the previous line end (or the file start) and `at`.
    bool at_line_start(std::uint32_t at) const {
        while (at > 0) {
            char c = text[at - 1];
            if (c == '\n') return true;
            if (c != ' ' && c != '\t' && c != '\r') return false;
            --at;
        }
        return true;
    }

    void error(SourceRegion region, std::string message) {
        game.read_errors.push_back(Diagnostic{Severity::error, region, "", std::move(message)});
    }

    // Moves to the next line that starts with '[' (the next game's tag section), or to the end.
    void skip_to_next_tag_section() {
        while (pos < text.size()) {
            std::size_t newline = text.find('\n', pos);
            if (newline == std::string_view::npos) {
                pos = size();
                return;
            }
            pos = static_cast<std::uint32_t>(newline + 1);
            std::uint32_t p = pos;
            while (p < text.size() && (text[p] == ' ' || text[p] == '\t')) ++p;
            if (p < text.size() && text[p] == '[') {
                pos = p;
                return;
            }
        }
    }

    // Reads a comment at `pos` ('{' or ';'). Returns false (after reporting) if it never ends.
    bool read_comment(CommentPlace place, std::uint32_t index) {
        std::uint32_t begin = pos;
        Comment comment;
        comment.place = place;
        comment.index = index;
        if (text[pos] == ';') {
            std::size_t newline = text.find('\n', pos);
            std::uint32_t end =
                newline == std::string_view::npos ? size() : static_cast<std::uint32_t>(newline);
            std::uint32_t body_end = end;
            if (body_end > pos + 1 && text[body_end - 1] == '\r') --body_end;
            comment.text = text.substr(pos + 1, body_end - pos - 1);
            comment.line_comment = true;
            pos = end;
            comment.region = {begin, body_end};  // without the '\r' of a CRLF line end
        } else {
            std::size_t close = text.find('}', pos + 1);
            if (close == std::string_view::npos) {
                error({begin, begin + 1},
                      // TRANSLATORS: '{{' and '}}' are written doubled, as the format
                      // asks, and show as { and }: keep them doubled.
                      trf("this comment is never closed: '{{' has no matching '}}'"));
                return false;
            }
            comment.text = text.substr(pos + 1, close - pos - 1);
            pos = static_cast<std::uint32_t>(close + 1);
            comment.region = {begin, pos};
        }
        std::size_t bad = find_invalid_utf8(comment.text);
        if (bad != std::string_view::npos) {
            auto at = static_cast<std::uint32_t>(
                static_cast<std::size_t>(comment.text.data() - text.data()) + bad);
            // TRANSLATORS: {} is a note about the byte ("byte 0xE9 looks like Latin-1 ...").
            error({at, at + 1}, trf("this comment is not UTF-8 text: {}", not_utf8_note(text, at)));
            return false;
        }
        game.comments.push_back(comment);
        return true;
    }

    // Reads one [Name "value"] at `pos`. On a fault, reports it and skips to the line's end.
    void read_tag() {
        if (fast_paths && read_plain_tag()) return;
        read_any_tag();
    }

    // The usual tag, [Name "value"] in ASCII without an escape, read in one pass over the bytes
    // with the '\0' after the text as the end mark: no bounds checks, no UTF-8 check (ASCII is
    // UTF-8), and the value copied once. Cut the cost of a tag from about 500 instructions to
    // about 220 (ChessMe's games have 10 tags for 48 actions). Returns false, having read
    // nothing, for any other tag (a fault, an escape, a byte past ASCII, a NUL), which
    // read_any_tag() then reads; both give the same Tag (tests/unit/reader_test.cpp).
    bool read_plain_tag() {
        const char* const p = text.data();
        const char* q = p + pos + 1;  // after the '['
        while (*q == ' ' || *q == '\t') ++q;
        if (!is_letter(*q)) return false;
        const char* const name = q;
        while (tag_name_bytes[byte(*q)]) ++q;
        const char* const name_end = q;
        while (*q == ' ' || *q == '\t') ++q;
        if (*q != '"') return false;
        const char* const value_begin = q++;
        while (plain_value_bytes[byte(*q)]) ++q;
        if (*q != '"') return false;
        const char* const value_end = ++q;
        while (*q == ' ' || *q == '\t') ++q;
        if (*q != ']') return false;
        ++q;
        game.tags.push_back(Tag{std::string_view(name, static_cast<std::size_t>(name_end - name)),
                                std::string(value_begin + 1, value_end - 1),
                                {pos, offset(q)},
                                {offset(value_begin), offset(value_end)}});
        pos = offset(q);
        return true;
    }

    // Any tag, well formed or not: the general reader.
    void read_any_tag() {
        std::uint32_t begin = pos++;
        auto fail = [&](std::uint32_t at, std::uint32_t length, std::string message) {
            // A tag cut off by the end of the input is faulted at that end, not past it.
            error({at, std::min(at + length, size())}, std::move(message));
            std::size_t newline = text.find('\n', pos);
            pos = newline == std::string_view::npos ? size() : static_cast<std::uint32_t>(newline);
        };
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
        std::uint32_t name_begin = pos;
        if (!is_letter(peek())) {
            // TRANSLATORS: [White "Ana"] is a tag as a record writes it: keep it.
            fail(pos, 1, tr("a tag starts with its name, such as [White \"Ana\"]"));
            return;
        }
        while (pos < text.size() &&
               (is_letter(text[pos]) || is_digit(text[pos]) || text[pos] == '_'))
            ++pos;
        std::string_view name = text.substr(name_begin, pos - name_begin);
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
        if (peek() != '"') {
            // TRANSLATORS: {} is a tag's name (White).
            fail(pos, 1, trf("the value of tag {} must be written in double quotes", name));
            return;
        }
        std::uint32_t value_begin = pos++;
        std::string value;
        for (;;) {
            // The characters up to a quote, an escape or a line end are taken as they stand.
            std::uint32_t run = pos;
            while (pos < text.size() && text[pos] != '"' && text[pos] != '\\' &&
                   text[pos] != '\n' && text[pos] != '\r')
                ++pos;
            value.append(text.data() + run, pos - run);
            if (at_end() || text[pos] == '\n' || text[pos] == '\r') {
                fail(value_begin, 1,
                     // TRANSLATORS: {} is a tag's name (White).
                     trf("the value of tag {} is never closed: a '\"' is missing", name));
                return;
            }
            if (text[pos] == '"') break;
            char next = peek(1);  // after a '\\'
            if (next != '"' && next != '\\') {
                fail(pos, 2, tr("only \\\" and \\\\ are escapes in a tag value"));
                return;
            }
            value += next;
            pos += 2;
        }
        ++pos;  // closing quote
        std::uint32_t value_end = pos;
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
        if (peek() != ']') {
            // TRANSLATORS: {} is a tag's name (White).
            fail(pos, 1, trf("tag {} must end with ']'", name));
            return;
        }
        ++pos;
        std::string_view raw = text.substr(value_begin + 1, value_end - value_begin - 2);
        std::size_t bad = find_invalid_utf8(raw);
        if (bad != std::string_view::npos) {
            auto at = static_cast<std::uint32_t>(value_begin + 1 + bad);
            error({at, at + 1},
                  // TRANSLATORS: {0} is a tag's name (White), {1} a note about the byte ("byte
                  // 0xE9 looks like Latin-1 ...").
                  trf("the value of tag {} is not UTF-8 text: {}", name, not_utf8_note(text, at)));
            return;
        }
        game.tags.push_back(Tag{name, std::move(value), {begin, pos}, {value_begin, value_end}});
    }

    // Returns false when the game had to be abandoned (a comment that never ends).
    bool read_tag_section() {
        for (;;) {
            skip_space();
            if (at_end()) return true;
            char c = text[pos];
            if (c == '[') {
                read_tag();
            } else if (c == '{' || c == ';') {
                CommentPlace place =
                    game.tags.empty() ? CommentPlace::before_tags : CommentPlace::after_tag;
                auto index =
                    static_cast<std::uint32_t>(game.tags.empty() ? 0 : game.tags.size() - 1);
                if (!read_comment(place, index)) {
                    skip_to_next_tag_section();
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    // A tag given twice is a fault at its second occurrence. Sorting keeps this fast for
    // records with very many tags.
    void check_duplicate_tags(std::vector<std::uint32_t>& order) {
        if (game.tags.size() <= 16) {
            // The usual handful of tags: comparing each with those before it costs less than
            // sorting. The faults are the same, and next() orders them by place. A tag is
            // compared only when a mask of the names seen so far (one bit for each name's
            // length, first and last letter mixed) says its name may be among them: the usual
            // tags all have bits of their own, and the 45 comparisons of ten distinct tags took
            // about 550 instructions a game.
            std::uint64_t seen = 0;
            for (std::size_t i = 0; i < game.tags.size(); ++i) {
                const Tag& tag = game.tags[i];
                const std::string_view name = tag.name;
                const std::size_t mix = name.empty() ? 0
                                                     : std::size_t{byte(name.front())} +
                                                           3 * std::size_t{byte(name.back())} +
                                                           5 * name.size();
                const std::uint64_t bit = std::uint64_t{1} << (mix % 64);
                const bool maybe_seen = (seen & bit) != 0;
                seen |= bit;
                if (fast_paths && !maybe_seen) continue;
                for (std::size_t j = 0; j < i; ++j) {
                    if (!same_name(game.tags[j].name, tag.name)) continue;
                    duplicate_tag(tag);
                    break;
                }
            }
            return;
        }
        order.resize(game.tags.size());
        for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return game.tags[a].name < game.tags[b].name;
        });
        for (std::size_t i = 1; i < order.size(); ++i) {
            const Tag& tag = game.tags[order[i]];
            if (tag.name != game.tags[order[i - 1]].name) continue;
            duplicate_tag(tag);
        }
    }
    void duplicate_tag(const Tag& tag) {
        auto at = static_cast<std::uint32_t>(tag.name.data() - text.data());
        error({at, static_cast<std::uint32_t>(at + tag.name.size())},
              // TRANSLATORS: {} is a tag's name (White).
              trf("tag {} is given twice in this game", tag.name));
    }

    // A run of regular movetext lines, "12. Pd2-d3,B@c1" or "12... Pe5-e4" each ending with a
    // '\n' that the next line's number follows, read from the digit at `at` straight into the
    // record. Most of a movetext is such lines; read_movetext() reads them through its general
    // state (the pending number, the open turn, the comma), which this loop keeps in registers:
    // a turn is written once, with its number and its count of actions. A line that is not
    // regular (a fault, a comment, a glyph, a byte past ASCII or a NUL in an action, a result) is
    // left unread for read_movetext(), which reads it as it would without this loop. Returns the
    // end of the last action read, or nullptr when the first line is not regular. Checked
    // against the general reader (RecordReader's fast_paths) in tests/unit/reader_test.cpp.
    const char* read_regular_lines(const char* at) {
        const char* const base = text.data();
        auto offset_of = [base](const char* c) { return static_cast<std::uint32_t>(c - base); };
        auto next_action_index = static_cast<std::uint32_t>(game.actions.size());
        const char* read_up_to = nullptr;
        for (;;) {
            // The turn number: one to six digits, then "." or "...", then one space and an
            // action.
            const char* q = at;
            auto value = static_cast<std::uint32_t>(*q++ - '0');
            while (is_digit(*q)) value = value * 10 + static_cast<std::uint32_t>(*q++ - '0');
            if (q - at > 6 || *q != '.') return read_up_to;
            const char* number_end = q + 1;
            const bool second_player = *number_end == '.';
            if (second_player) {
                if (number_end[1] != '.') return read_up_to;  // a fourth '.' is no space
                number_end += 2;
            }
            if (*number_end != ' ' || leads[byte(number_end[1])] != Lead::action) return read_up_to;
            Turn& turn = game.turns.emplace_back();
            TurnNumber& number = turn.number.emplace();
            number.value = value;
            number.second_player = second_player;
            number.region.begin = offset_of(at);
            number.region.end = offset_of(number_end);
            turn.first_action = next_action_index;
            // The actions, joined by commas.
            const char* action = number_end + 1;
            for (;;) {
                const char* end = skip_action_bytes(action + 1);
                if (byte(*action) >= 0x80 || action_bytes[byte(*end)] == look_again) {
                    // A byte past ASCII or a NUL: the general reader checks the UTF-8.
                    game.actions.erase(
                        game.actions.begin() + static_cast<std::ptrdiff_t>(turn.first_action),
                        game.actions.end());
                    game.turns.pop_back();
                    return read_up_to;
                }
                game.actions.push_back(
                    ActionText{std::string_view(action, static_cast<std::size_t>(end - action)),
                               {offset_of(action), offset_of(end)}});
                ++next_action_index;
                action = end;
                if (*end != ',' || leads[byte(end[1])] != Lead::action) break;
                ++action;
            }
            turn.action_count = next_action_index - turn.first_action;
            read_up_to = action;
            if (*action != '\n' || !is_digit(action[1])) return read_up_to;
            at = action + 1;
        }
    }

    // The first byte from `at` that ends an action token or needs a second look (action_bytes),
    // at the latest the '\0' after the text.
    static const char* skip_action_bytes(const char* at) {
        while (action_bytes[byte(*at)] == in_action) ++at;
        return at;
    }

    // The movetext up to and including the result token. Returns false after a fault.
    //
    // Most of a record's bytes pass through here, so the loop leans on the '\0' that follows the
    // text (source.hpp): blanks, digits, dots and action bytes are scanned without a bounds check,
    // and the end of the text is looked at only when a scan stops at a '\0'.
    bool read_movetext() {
        const char* const p = text.data();
        bool turn_open = false;    // the last turn may still take a ",action"
        bool after_comma = false;  // a comma was read: an action must follow
        // The number read before the next turn's first action. Kept as plain fields and copied
        // into the Turn one by one: a struct or an optional written in parts and copied whole
        // is loaded in wider pieces than it was stored in, which the processor cannot forward
        // from the stores (a stall of a dozen cycles on every turn).
        bool pending_number = false;
        TurnNumber pending{};
        std::uint32_t last_end = pos;  // end of the last token, where a missing result goes

        auto last_action_index = [&] {
            return static_cast<std::uint32_t>(game.actions.size() - 1);
        };
        auto fail = [&](SourceRegion region, std::string message) {
            error(region, std::move(message));
            skip_to_next_tag_section();
            return false;
        };
        auto dangling = [&]() -> std::optional<SourceRegion> {
            if (after_comma) return SourceRegion{last_end - 1, last_end};
            if (pending_number) return pending.region;
            return std::nullopt;
        };
        auto dangling_message = [&] {
            return after_comma ? std::string(tr("an action must follow this ','"))
                               // TRANSLATORS: {} is a turn number as written (12. or 12...).
                               : trf("turn number '{}' is not followed by any action",
                                     source.slice(pending.region));
        };
        // The end of the text, or a '[' that starts a line: the next game's tags.
        auto no_result = [&] {
            if (auto region = dangling()) return fail(*region, dangling_message());
            // A piece of a streamed input ends where the next game's tags begin.
            error({last_end, last_end},
                  at_end() && source.ends_input()
                      ? tr("the movetext reaches the end of the file without a result: end it "
                           "with 1-0, 0-1, 1/2-1/2 or *")
                      : tr("the movetext reaches the next game's tags without a result: end it "
                           "with 1-0, 0-1, 1/2-1/2 or *"));
            return false;  // the next game starts right here
        };

        // A token that starts with a digit but is no turn number, or with '*': the result.
        auto read_result = [&] {
            const std::uint32_t begin = pos;
            std::uint32_t end = pos;
            while (end < size() && !ends_action_token(text[end]) && text[end] != '.') ++end;
            std::string_view word = text.substr(pos, end - pos);
            if (auto result = parse_result(word)) {
                if (auto region = dangling()) return fail(*region, dangling_message());
                // The comments after the last action (and its glyphs) stand before the result.
                for (auto it = game.comments.rbegin();
                     it != game.comments.rend() && it->region.begin >= last_end; ++it) {
                    it->place = CommentPlace::before_result;
                    it->index = 0;
                }
                game.result = ResultToken{*result, {begin, end}};
                pos = end;
                return true;
            }
            return fail({begin, std::max(end, begin + 1)},
                        // TRANSLATORS: {} is a word of the record.
                        trf("'{}' is neither a turn number (such as '12.' or '12...') nor a result",
                            quote_for_message(word)));
        };

        // The action at `pos`, whose first byte is known not to end it (a NUL there is inside
        // the text). Returns false after a fault. Inlined: a call would cost more than a
        // short action's scan.
        auto read_action = [&]() __attribute__((always_inline)) {
            const std::uint32_t start = pos;
            bool check_utf8 = byte(p[start]) >= 0x80;  // a byte past ASCII (or a NUL) was seen
            const char* q = p + start + 1;
            for (;;) {
                while (action_bytes[byte(*q)] == in_action) ++q;
                if (action_bytes[byte(*q)] == ends_action || q >= p + text.size()) break;
                check_utf8 = true;
                ++q;
            }
            const std::uint32_t end = offset(q);
            const std::string_view word(p + start, end - start);
            std::size_t bad = check_utf8 ? find_invalid_utf8(word) : std::string_view::npos;
            if (bad != std::string_view::npos) {
                auto at = static_cast<std::uint32_t>(start + bad);
                return fail({at, at + 1}, movetext_not_utf8(text, at));
            }
            if (after_comma) {
                ++game.turns.back().action_count;
            } else {
                Turn& turn = game.turns.emplace_back();
                turn.first_action = static_cast<std::uint32_t>(game.actions.size());
                turn.action_count = 1;
                if (pending_number) {
                    TurnNumber& number = turn.number.emplace();
                    number.value = pending.value;
                    number.second_player = pending.second_player;
                    number.region.begin = pending.region.begin;
                    number.region.end = pending.region.end;
                    pending_number = false;
                }
            }
            game.actions.push_back(ActionText{word, {start, end}});
            turn_open = true;
            after_comma = false;
            pos = last_end = end;
            return true;
        };

        for (;;) {
            skip_space();
            const std::uint32_t begin = pos;
            const char c = p[pos];
            switch (leads[byte(c)]) {
                case Lead::nul:
                    if (at_end()) return no_result();
                    break;  // a NUL byte inside the text starts an action
                case Lead::open_tag:
                    if (at_line_start(pos)) return no_result();
                    return fail({begin, begin + 1},
                                tr("a tag must start its own line, before the movetext"));
                case Lead::comment: {
                    CommentPlace place;
                    std::uint32_t index;
                    if (pending_number || !turn_open) {
                        place = CommentPlace::before_turn;
                        index = static_cast<std::uint32_t>(game.turns.size());
                    } else {
                        place = CommentPlace::after_action;
                        index = last_action_index();
                    }
                    if (!read_comment(place, index)) {
                        skip_to_next_tag_section();
                        return false;
                    }
                    continue;
                }
                case Lead::comma:
                    if (!turn_open || after_comma || pending_number)
                        return fail({begin, begin + 1},
                                    tr("',' joins two actions of one turn; here no action stands "
                                       "before it"));
                    after_comma = true;
                    last_end = ++pos;
                    continue;
                case Lead::glyph: {
                    std::uint32_t end = pos + 1;
                    if (c == '$') {
                        while (is_digit(p[end])) ++end;
                    } else {
                        while (p[end] == '!' || p[end] == '?') ++end;
                    }
                    std::string_view glyph = text.substr(pos, end - pos);
                    if (!is_annotation_glyph(glyph))
                        return fail({begin, end},
                                    // TRANSLATORS: {} is a word of the record; ! ? !! ?? !? ?!
                                    // and $n are the glyphs as written: keep them.
                                    trf("'{}' is not an annotation glyph (! ? !! ?? !? ?! or $n)",
                                        quote_for_message(glyph)));
                    if (!turn_open || after_comma || pending_number)
                        return fail({begin, end}, tr("an annotation glyph must follow an action"));
                    game.glyphs.push_back(Glyph{glyph, {begin, end}, last_action_index()});
                    pos = last_end = end;
                    continue;
                }
                case Lead::digit: {
                    if (fast_paths && !after_comma && !pending_number) {
                        if (const char* end = read_regular_lines(p + begin)) {
                            turn_open = true;
                            pos = last_end = offset(end);
                            continue;
                        }
                    }
                    // Most of a movetext is regular turns, "12. Wa6-b7,W@c3" or "12... Se10-e8"
                    // one to a line: they are read here one after another, without a pass
                    // through the blanks and the dispatch between their tokens.
                    for (std::uint32_t number = begin;;) {
                        // Digits up to a '.' make a turn number ("12." or "12..."), most of the
                        // tokens that start with a digit; results and other words are read
                        // apart.
                        std::uint32_t end = number + 1;
                        // Wraps for a number too long, which is refused below.
                        auto value = static_cast<std::uint32_t>(p[number] - '0');
                        while (is_digit(p[end]))
                            value = value * 10 + static_cast<std::uint32_t>(p[end++] - '0');
                        if (p[end] != '.') return read_result();
                        std::uint32_t dots_end = end + 1;
                        while (p[dots_end] == '.') ++dots_end;
                        std::uint32_t dots = dots_end - end;
                        if (dots != 1 && dots != 3)
                            return fail({number, dots_end},
                                        tr("a turn number ends with '.' (first player) or '...' "
                                           "(second player)"));
                        if (end - number > 6)
                            return fail({number, end}, tr("this turn number is too large"));
                        if (auto region = dangling()) return fail(*region, dangling_message());
                        pending_number = true;
                        pending.value = value;
                        pending.second_player = dots == 3;
                        pending.region.begin = number;
                        pending.region.end = dots_end;
                        turn_open = false;
                        pos = last_end = dots_end;
                        if (p[pos] != ' ' || leads[byte(p[pos + 1])] != Lead::action) break;
                        ++pos;
                        if (!read_action()) return false;
                        while (p[pos] == ',' && leads[byte(p[pos + 1])] == Lead::action) {
                            after_comma = true;
                            last_end = ++pos;
                            if (!read_action()) return false;
                        }
                        if (p[pos] != '\n' || !is_digit(p[pos + 1])) break;
                        number = ++pos;
                    }
                    continue;
                }
                case Lead::star:
                    return read_result();
                case Lead::stray:
                    // TRANSLATORS: {} is a character (] } or ").
                    return fail({begin, begin + 1}, trf("unexpected '{}' in the movetext", c));
                case Lead::space:  // skipped above
                case Lead::action:
                    break;
            }
            // An action, or a NUL byte inside the text (which starts one).
            if (!read_action()) return false;
        }
    }

    // After the result: comments, then the next tag section or the end of the file.
    void read_after_result() {
        for (;;) {
            skip_space();
            if (at_end() || (text[pos] == '[' && at_line_start(pos))) return;
            if (text[pos] == '{' || text[pos] == ';') {
                if (!read_comment(CommentPlace::after_result, 0)) {
                    skip_to_next_tag_section();
                    return;
                }
                continue;
            }
            std::uint32_t end = pos;
            while (end < size() && !is_space(text[end])) ++end;
            // TRANSLATORS: {0} is a word of the record, {1} the result (1-0, 0-1, 1/2-1/2, *).
            error({pos, end}, trf("'{}' follows the result {}; a game ends with its result",
                                  quote_for_message(text.substr(pos, end - pos)),
                                  result_text(game.result->kind)));
            skip_to_next_tag_section();
            return;
        }
    }
};

RecordReader::RecordReader(const SourceFile& source) : source_(source) {}
RecordReader::RecordReader(const SourceFile& source, bool fast_paths)
    : source_(source), fast_paths_(fast_paths) {}

bool RecordReader::next(GameRecord& out) {
    out.clear();
    std::string_view text = source_.text();
    // Blank space and comments alone do not make a game.
    for (std::uint32_t p = pos_;; ++p) {
        while (p < text.size() && is_space(text[p])) ++p;
        if (p >= text.size()) {
            pos_ = static_cast<std::uint32_t>(text.size());
            return false;
        }
        if (text[p] != '{' && text[p] != ';') break;
        std::size_t close = text.find(text[p] == '{' ? '}' : '\n', p);
        if (close == std::string_view::npos) {
            if (text[p] == '{') break;  // let the lexer report the open comment
            close = text.size() - 1;    // a ';' comment up to the end of the file
        }
        // Nor does a comment that is not UTF-8 go unreported when no game follows it: the lexer
        // reports it, as it does before a game's tags, so that a piece of a long input cut
        // before the next game's tags (record_stream.hpp) reads as the whole input does.
        if (find_invalid_utf8(text.substr(p, close - p)) != std::string_view::npos) break;
        p = static_cast<std::uint32_t>(close);
    }
    out.index = ++games_read_;
    Lexer lexer{source_, text, pos_, out, fast_paths_};
    lexer.skip_space();
    std::uint32_t begin = lexer.pos;
    if (lexer.read_tag_section()) {
        lexer.check_duplicate_tags(tag_order_);
        if (lexer.read_movetext()) lexer.read_after_result();
    }
    std::uint32_t end = lexer.pos;  // the end of the game's last token, not the blanks after it
    while (end > begin && is_space(text[end - 1])) --end;
    out.region = {begin, end};
    pos_ = lexer.pos;
    std::stable_sort(
        out.read_errors.begin(), out.read_errors.end(),
        [](const Diagnostic& a, const Diagnostic& b) { return a.region.begin < b.region.begin; });
    return true;
}

void check_turn_numbers_present(const GameRecord& record, std::string_view first_player,
                                std::uint32_t first_number, std::vector<Diagnostic>& faults) {
    for (std::size_t k = 0; k < record.turns.size(); k += 2) {
        const Turn& turn = record.turns[k];
        if (turn.number) continue;
        const ActionText& action = record.actions[turn.first_action];
        faults.push_back(Diagnostic{Severity::error, action.region, "",
                                    // TRANSLATORS: {0} is a player (White), {1} a turn number.
                                    trf("{}'s turn must be numbered: write '{}.' before it",
                                        first_player, first_number + k / 2)});
        return;
    }
}

}  // namespace jv
