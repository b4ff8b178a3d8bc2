// Reading a long input in pieces that each hold whole games, so that memory stays flat however
// large the input is (a season of records in one file). Each piece is a SourceFile whose lines
// are numbered as in the whole input, so every message keeps its true file:line:col.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "core/source.hpp"

namespace jv {

// Where a piece may end: the start of the last line in `text` that opens a new game's tag
// section (a line starting with '[' whose previous non-blank line is not a tag line), outside
// any comment. 0 when there is none.
std::size_t last_game_start(std::string_view text);

// last_game_start for a text that grows at its end: each complete line is looked at once, and
// the newlines before the cut are counted on the way (a piece's first line number).
class GameCutScanner {
  public:
    // Looks at the complete lines of `text` not seen yet; `text` holds what it held before,
    // with more after it.
    void scan(std::string_view text);
    std::size_t cut() const { return cut_; }
    std::uint32_t lines_before_cut() const { return cut_lines_; }
    // Every complete line seen so far; `scanned()` is where the first line not seen starts.
    std::uint32_t lines_scanned() const { return lines_; }
    std::size_t scanned() const { return scanned_; }
    // The text now starts at the cut (the piece before it was taken away).
    void drop_before_cut();

  private:
    void scan_movetext(std::string_view rest);

    bool in_comment_ = false;       // inside { ... }, which may span lines
    bool previous_is_tag_ = false;  // the previous non-blank line starts with '['
    std::size_t scanned_ = 0;
    std::size_t searched_ = 0;  // no line end between scanned_ and here
    std::uint32_t lines_ = 0;
    std::size_t cut_ = 0;
    std::uint32_t cut_lines_ = 0;
};

class GameStream {
  public:
    // Opens `path` ("-" is standard input). On failure, `error` says why and the stream is empty.
    GameStream(std::string path, std::string display_path, std::string& error,
               std::size_t block_size = std::size_t{1} << 22);
    ~GameStream();
    GameStream(const GameStream&) = delete;
    GameStream& operator=(const GameStream&) = delete;

    // The next piece, or nothing at the end of the input. A read error sets `error`.
    std::unique_ptr<SourceFile> next(std::string& error);

  private:
    std::string display_path_;
    std::FILE* file_ = nullptr;
    bool owns_file_ = false;
    std::size_t block_size_;
    std::string buffer_;
    GameCutScanner scanner_;
    std::uint32_t next_line_ = 1;
    bool at_input_start_ = true;
    bool eof_ = false;
};

}  // namespace jv
