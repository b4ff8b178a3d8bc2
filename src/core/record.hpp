// The game record, as read from JGN text, before any game's rules look at it.
//
// This layer is game-neutral: Jelimvre, ChessMe and Imbriquation share the outer format (tag
// pairs, numbered turns of comma-joined actions, comments, glyphs, a result token). An action is
// kept as its text and region; each game parses the action text with its own grammar.
//
// Text fields are string_views into the SourceFile, which must outlive the record. A record is
// reused from game to game (RecordReader::next clears it but keeps its capacity), so reading a
// long file allocates nothing per action.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/source.hpp"

namespace jv {

struct Tag {
    std::string_view name;
    std::string value;          // with \" and \\ escapes resolved
    SourceRegion region;        // the whole [Name "value"]
    SourceRegion value_region;  // the quoted value, quotes included
};

// "12." (first player's turn 12) or "12..." (second player's turn 12).
struct TurnNumber {
    std::uint32_t value = 0;
    bool second_player = false;
    SourceRegion region;
};

struct ActionText {
    std::string_view text;
    SourceRegion region;
};

// A turn: the actions [first_action, first_action + action_count) of GameRecord::actions.
struct Turn {
    std::optional<TurnNumber> number;
    std::uint32_t first_action = 0;
    std::uint32_t action_count = 0;
};

// Annotation glyph ("!", "??", "$14") after an action; kept, never checked.
struct Glyph {
    std::string_view text;
    SourceRegion region;
    std::uint32_t action = 0;  // index into GameRecord::actions
};

// Where a comment stands, so a writer can put it back in the same place.
enum class CommentPlace : std::uint8_t {
    before_tags,    // before the first tag (index unused)
    after_tag,      // after tag `index`
    before_turn,    // before turn `index` (before its number, or between number and action)
    after_action,   // after action `index` (glyphs and a following comma included)
    before_result,  // after the last turn, before the result token
    after_result,   // after the result token, before the next game
};

struct Comment {
    std::string_view text;  // without the delimiters: the inside of {...}, or after ';'
    SourceRegion region;    // delimiters included
    CommentPlace place = CommentPlace::before_tags;
    bool line_comment = false;  // written with ';' rather than braces
    std::uint32_t index = 0;
};

enum class ResultKind : std::uint8_t { white_wins, black_wins, draw, unfinished };

std::string_view result_text(ResultKind kind);

// The characters that end an action token: the reader and every writer agree on them.
bool ends_action_token(char c);
// An annotation glyph: ! ? !! ?? !? ?! or $ followed by 1 to 3 digits.
bool is_annotation_glyph(std::string_view text);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<ResultKind> parse_result(std::string_view text);

struct ResultToken {
    ResultKind kind = ResultKind::unfinished;
    SourceRegion region;
};

struct GameRecord {
    std::uint32_t index = 0;  // 1-based position in its file
    SourceRegion region;      // from the first token of the game to its last
    std::vector<Tag> tags;
    std::vector<Turn> turns;
    std::vector<ActionText> actions;
    std::vector<Glyph> glyphs;
    std::vector<Comment> comments;
    std::optional<ResultToken> result;
    // Reading faults. A record with any is an invalid record: no rule is checked on it.
    std::vector<Diagnostic> read_errors;

    const Tag* find_tag(std::string_view name) const;
    std::string_view tag_value(std::string_view name, std::string_view fallback = {}) const;
    const ActionText& action(const Turn& turn, std::uint32_t i) const {
        return actions[turn.first_action + i];
    }
    // From the turn's first action to the end of its last (a turn has at least one).
    SourceRegion turn_region(const Turn& turn) const {
        return {action(turn, 0).region.begin, action(turn, turn.action_count - 1).region.end};
    }
    void clear();
};

// Reads the games of one source, one at a time. A game that cannot be read is still returned,
// with its read_errors filled; reading then resumes at the next line that starts a tag section,
// so no later game is lost.
class RecordReader {
  public:
    explicit RecordReader(const SourceFile& source);
    // With `fast_paths` false, every token is read by the general scanners alone, which the fast
    // paths for the usual tokens must agree with (the tests compare the two).
    RecordReader(const SourceFile& source, bool fast_paths);

    // Reads the next game into `out`. Returns false when the source holds no more games.
    bool next(GameRecord& out);
    std::uint32_t games_read() const { return games_read_; }

  private:
    struct Lexer;
    const SourceFile& source_;
    std::uint32_t pos_ = 0;
    std::uint32_t games_read_ = 0;
    bool fast_paths_ = true;
    std::vector<std::uint32_t> tag_order_;  // scratch for the duplicate-tag check
};

// The conventions of turn numbering shared by every game of the family: the first player's turns
// carry a number ("N."), a second player's turn may leave it out when it directly follows the
// first player's. Turn k of a record (0-based) belongs to the first player when k is even.
// Reports a missing number as a reading fault; `first_player` names that side ("White") and
// `first_number` is the number of the record's first turn (0 for Jelimvre's setup).
void check_turn_numbers_present(const GameRecord& record, std::string_view first_player,
                                std::uint32_t first_number, std::vector<Diagnostic>& faults);

}  // namespace jv
