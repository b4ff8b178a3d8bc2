// Reading a long input in pieces that each hold whole games, so that memory stays flat however
// large the input is (a season of records in one file). Each piece is a SourceFile whose lines
// are numbered as in the whole input, so every message keeps its true file:line:col.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "core/encoding.hpp"
#include "core/source.hpp"

namespace jv {

// Finds where a piece may end: the start of a line that opens a new game's tag section, that is
// a line starting with '[' (after blanks) outside any comment, where the last thing before it
// other than white space and comments is not a tag (which would make it a tag of the same game)
// and something other than comments came before (comments before a file's first tags belong to
// its first game).
//
// It reads each complete line once and remembers what it has seen, so that an input arriving
// in many blocks, even one enormous line, is scanned in linear time.
class GameStartScanner {
  public:
    GameStartScanner() = default;
    // With `fast_paths` false, every line is read by the scan forward alone, which the search
    // backwards through lines without comments must agree with (the tests compare the two).
    explicit GameStartScanner(bool fast_paths) : fast_paths_(fast_paths) {}

    // Reads the complete lines of `text` not read yet (the text only grows between calls, but
    // for what drop() takes off its front). Returns the start of the last line found that opens
    // a new game, or 0 when there is none. The last line, without its LF, is left for later:
    // its end is not known yet.
    std::size_t scan(std::string_view text);
    // The first `count` bytes of the text were taken away: a piece ending at the cut the last
    // scan() returned, which `count` must be.
    void drop(std::size_t count);
    // The number of '\n' before the cut the last scan() returned (counted as the lines are read,
    // so that a piece's lines take no second pass over its bytes).
    std::size_t lines_before_cut() const { return cut_lines_; }

  private:
    void read_line(std::string_view line, std::size_t start);
    void skip_lines_without_comments(std::string_view text);

    std::size_t next_line_ = 0;  // where the first line not read yet starts
    std::size_t searched_ = 0;   // where the search goes on; no '\n' stands since next_line_
    std::size_t cut_ = 0;
    std::size_t lines_ = 0;      // lines before next_line_
    std::size_t cut_lines_ = 0;  // lines before cut_
    bool marked_ = false;        // the line at next_line_ is to be read closely (read_line)
    bool in_comment_ = false;    // inside { ... }, which may span lines
    bool last_is_tag_ = false;   // the last token read (comments aside) is a tag
    bool seen_content_ = false;  // something other than white space and comments was read
    bool fast_paths_ = true;
};

// The last place in `text` where a piece may end (GameStartScanner), 0 when there is none.
std::size_t last_game_start(std::string_view text);

class GameStream {
  public:
    // Opens `path` ("-" is standard input). On failure, `error` says why and the stream is empty.
    // With an `encoding` other than UTF-8, each block is converted to UTF-8 as it is read (lines
    // and columns then count the converted text, which has the same characters). Without one, an
    // input that starts as UTF-16 does is refused at its first block, with the advice of
    // not_utf8_message() for `validate`.
    GameStream(std::string path, std::string display_path, std::string& error,
               std::size_t block_size = std::size_t{1} << 22,
               std::optional<Encoding> encoding = std::nullopt);
    ~GameStream();
    GameStream(const GameStream&) = delete;
    GameStream& operator=(const GameStream&) = delete;

    // The next piece, or nothing at the end of the input. A read error sets `error`.
    std::unique_ptr<SourceFile> next(std::string& error);
    // Where the error is, when it is about a place of the input (its encoding).
    const std::optional<LineColumn>& error_at() const { return error_at_; }

    // The first bytes of the input, read ahead of next() (which then starts from them): at
    // least one block, or up to the first byte that is not blank. For telling the input's
    // format; costs nothing more, as next() would read that block first anyway. A read error
    // sets `error` and gives an empty view.
    std::string_view head(std::string& error);
    // The whole input, or what next() has not given yet, converted as next() converts it: for
    // a reader that needs a text whole (a JSON or YAML document). False on a read error.
    bool read_rest(std::string& text, std::string& error);

  private:
    bool read_block(std::string& error);

    std::string display_path_;
    std::FILE* file_ = nullptr;
    bool owns_file_ = false;
    std::size_t block_size_;
    std::string buffer_;
    std::unique_ptr<char[]> block_;  // what one read brings, before it joins buffer_
    GameStartScanner scanner_;
    std::uint32_t next_line_ = 1;
    bool at_input_start_ = true;
    bool eof_ = false;
    bool head_checked_ = false;
    std::unique_ptr<Utf8Decoder> decoder_;
    std::optional<LineColumn> error_at_;
};

}  // namespace jv
