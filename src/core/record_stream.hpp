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
// section (a line starting with '[' whose previous line holding more than blanks and comments is
// not a tag line), outside any comment. 0 when there is none.
std::size_t last_game_start(std::string_view text);

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
    std::uint32_t next_line_ = 1;
    bool at_input_start_ = true;
    bool eof_ = false;
};

}  // namespace jv
