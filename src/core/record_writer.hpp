// The canonical JGN writer (notation/jgn.md, section 12). Game-neutral, like the reader: actions
// are written as their text, and nothing about any game's rules is known here.
//
// The writer works on a GameOutline, the content of one game without any source positions. An
// outline is made from a GameRecord (outline_of) or, by the record formats, from a JSON or YAML
// document; both then go through the same JgnWriter, so every format spells a game the same way.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/record.hpp"

namespace jv {

// One game's content, as the writer sees it. Text fields are views: whatever they point into
// (a SourceFile, a parsed document) must outlive the outline. `origin` fields are the caller's
// own ids; the writer reports where it wrote each element that has one (see WrittenSpan).
struct GameOutline {
    static constexpr std::uint32_t no_origin = std::numeric_limits<std::uint32_t>::max();

    struct Comment {
        std::string_view text;  // as read: the writer trims and normalises it (12.4)
        std::uint32_t origin = no_origin;
    };
    struct Glyph {
        std::string_view text;  // "!", "?!", "$14" ...
        std::uint32_t origin = no_origin;
    };
    struct Action {
        std::string_view text;
        std::vector<Glyph> glyphs;
        std::vector<Comment> comments_after;
        std::uint32_t origin = no_origin;
    };
    struct Number {
        std::uint32_t value = 0;
        bool second_player = false;  // written "N..." rather than "N."
    };
    struct Turn {
        std::optional<Number> number;          // none: the writer numbers it when it can (12.3)
        std::vector<Comment> comments_before;  // between the number and the first action
        std::vector<Action> actions;
        std::uint32_t origin = no_origin;  // the turn number
    };
    struct Tag {
        std::string_view name;
        std::string_view value;  // unescaped
        std::vector<Comment> comments_after;
        std::uint32_t origin = no_origin;
    };

    std::vector<Comment> comments_before_tags;
    std::vector<Tag> tags;
    std::vector<Turn> turns;
    std::vector<Comment> comments_before_result;
    std::optional<ResultKind> result;  // none: written "*"
    std::uint32_t result_origin = no_origin;
    std::vector<Comment> comments_after_result;
    std::uint32_t origin = no_origin;  // the whole game
};

// The content of a record read from JGN (its tags, turns, glyphs and comments in every place).
GameOutline outline_of(const GameRecord& record);

// Where the writer put an element that carries an origin: bytes [begin, end) of its output.
struct WrittenSpan {
    std::uint32_t origin = GameOutline::no_origin;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
};

// Writes games one after another in canonical form, separated by one empty line.
class JgnWriter {
  public:
    // When `spans` is given, one WrittenSpan is added to it for every element with an origin.
    explicit JgnWriter(std::vector<WrittenSpan>* spans = nullptr) : spans_(spans) {}

    void add(const GameOutline& game);
    const std::string& text() const { return out_; }
    std::string take() { return std::move(out_); }

  private:
    void begin_item();
    void space();
    void end_line();
    void comment_inline(const GameOutline::Comment& comment);
    void comment_line(const GameOutline::Comment& comment);
    void mark(std::uint32_t origin, std::size_t begin);

    std::string out_;
    std::vector<WrittenSpan>* spans_;
    bool line_start_ = true;       // nothing written on the current line yet
    bool pending_indent_ = false;  // a ';' comment ended the line that goes on
    std::size_t games_ = 0;
};

// A comment's text as the canonical form writes it: CRLF made LF, the white space at the end of
// each of its lines and at both ends of the whole removed.
std::string canonical_comment_text(std::string_view text);

// A glyph as the canonical form writes it ("$014" becomes "$14").
std::string canonical_glyph(std::string_view glyph);

// The canonical JGN text of one game, and of several games (one empty line between games).
std::string write_jgn(const GameRecord& record);
std::string write_jgn(std::span<const GameRecord> records);

}  // namespace jv
