#include "core/record_stream.hpp"

#include <sys/stat.h>
#include <algorithm>
#include <cerrno>
#include <cstring>

namespace jv {

std::size_t last_game_start(std::string_view text) {
    GameCutScanner scanner;
    scanner.scan(text);
    return scanner.cut();
}

// A movetext line (or what follows a comment closed on it): notes a '{' comment left open at
// its end. A ';' comment ends the line; a '{' inside either kind of comment opens nothing.
void GameCutScanner::scan_movetext(std::string_view rest) {
    // Most lines hold no comment: two quick searches settle them.
    if (rest.find('{') == std::string_view::npos) return;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == ';') return;
        if (rest[i] == '{') {
            std::size_t close = rest.find('}', i + 1);
            if (close == std::string_view::npos) {
                in_comment_ = true;
                return;
            }
            i = close;
        }
    }
}

void GameCutScanner::scan(std::string_view text) {
    while (scanned_ < text.size()) {
        const std::size_t pos = scanned_;
        const std::size_t end = text.find('\n', std::max(pos, searched_));
        // The last line may be incomplete: it is looked at once its end is there. What was
        // searched of it is not searched again (a line may be a hundred megabytes long).
        if (end == std::string_view::npos) {
            searched_ = text.size();
            return;
        }
        scanned_ = end + 1;
        ++lines_;
        std::string_view line = text.substr(pos, end - pos);
        if (in_comment_) {
            const std::size_t close = line.find('}');
            if (close == std::string_view::npos) continue;
            in_comment_ = false;
            // Whatever follows the comment on its line is movetext, never a tag line: a tag
            // starts its own line.
            previous_is_tag_ = false;
            scan_movetext(line.substr(close + 1));
            continue;
        }
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos) continue;  // blank lines change nothing
        if (line[first] == '[') {
            if (!previous_is_tag_ && pos > 0) {
                cut_ = pos;
                cut_lines_ = lines_ - 1;
            }
            previous_is_tag_ = true;
        } else {
            previous_is_tag_ = false;
            scan_movetext(line.substr(first));
        }
    }
}

void GameCutScanner::drop_before_cut() {
    scanned_ -= cut_;
    searched_ = searched_ > cut_ ? searched_ - cut_ : 0;
    lines_ -= cut_lines_;
    cut_ = 0;
    cut_lines_ = 0;
}

GameStream::GameStream(std::string path, std::string display_path, std::string& error,
                       std::size_t block_size)
    : display_path_(std::move(display_path)), block_size_(block_size) {
    if (path == "-") {
        file_ = stdin;
        return;
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return;
    }
    if (S_ISDIR(info.st_mode)) {
        error = "is a directory, not a record file";
        return;
    }
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return;
    }
    owns_file_ = true;
}

GameStream::~GameStream() {
    if (owns_file_ && file_ != nullptr) std::fclose(file_);
}

std::unique_ptr<SourceFile> GameStream::next(std::string& error) {
    if (file_ == nullptr) return nullptr;
    for (;;) {
        if (eof_) {
            if (buffer_.empty()) return nullptr;
            // The rest is one piece (its last line may lack a line end): no cut to look for,
            // only the newlines not seen yet to count.
            const auto lines = static_cast<std::uint32_t>(
                scanner_.lines_scanned() +
                std::count(buffer_.begin() + static_cast<std::ptrdiff_t>(scanner_.scanned()),
                           buffer_.end(), '\n'));
            auto source = std::make_unique<SourceFile>(display_path_, std::move(buffer_),
                                                       next_line_, at_input_start_);
            buffer_.clear();
            scanner_ = GameCutScanner{};
            next_line_ += lines;
            at_input_start_ = false;
            return source;
        }
        scanner_.scan(buffer_);
        const std::size_t cut = scanner_.cut();
        if (cut > 0 && buffer_.size() >= block_size_) {
            // The piece keeps the buffer's storage; only the start of the next game (usually
            // a few lines) is copied into a new buffer.
            std::string piece = std::move(buffer_);
            buffer_.assign(piece, cut);
            piece.resize(cut);
            const std::uint32_t lines = scanner_.lines_before_cut();
            scanner_.drop_before_cut();
            auto source = std::make_unique<SourceFile>(display_path_, std::move(piece), next_line_,
                                                       at_input_start_);
            next_line_ += lines;
            at_input_start_ = false;
            return source;
        }
        std::size_t old = buffer_.size();
        buffer_.resize(old + block_size_);
        std::size_t got = std::fread(buffer_.data() + old, 1, block_size_, file_);
        buffer_.resize(old + got);
        if (got < block_size_) {
            if (std::ferror(file_)) {
                error = std::string("cannot read: ") + std::strerror(errno);
                return nullptr;
            }
            eof_ = true;
        }
    }
}

}  // namespace jv
