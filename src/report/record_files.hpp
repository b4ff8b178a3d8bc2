// The games of many record files, for a run over all of them (validate): each file read in
// pieces of whole games, so that memory does not grow with a file's size, in any record format
// (JGN, or a YAML or JSON record document), and every game refereed on several threads and handed
// back in input order (judge_games_in_order).
//
// Nothing here writes: a file that cannot be read is handed to a FileErrorSink, and the command
// decides how to show it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/diag.hpp"
#include "core/encoding.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "report/record_input.hpp"

namespace jv::report {

// One thread reads a file in pieces of this size (whole games, so a piece may be larger); with
// several threads the pieces are smaller, so that every thread gets work early and often.
inline constexpr std::size_t whole_file_block_size = std::size_t{1} << 22;
inline constexpr std::size_t parallel_block_size = std::size_t{1} << 18;

// A piece of whole games of JGN, and the input it tells its places in: none for a JGN file
// (the piece is a part of the file itself), the document for a YAML or JSON record document
// (the piece is the whole JGN written from it).
struct RecordPiece {
    std::shared_ptr<const SourceFile> jgn;
    std::shared_ptr<const RecordInput> document;

    // What the places of messages point into.
    const SourceFile& shown() const { return document ? document->shown() : *jgn; }
};

// How to read the files.
struct InputChoice {
    std::optional<Encoding> encoding;
    std::string from;  // --from; empty: by each file's extension, else its first bytes
};

// Why a file (`file`, as shown: "<stdin>" for "-") cannot be read, in part or whole. `at`, when
// the place is known. `diagnostic` and `source`, when the place has a line to show with a caret
// (a fault inside a record document); both are valid only during the sink's call.
// `first_of_file` is false for the second and later faults of one record document: a file counts
// once among the unreadable ones.
struct FileError {
    std::string file;
    std::optional<LineColumn> at;
    std::string message;
    const SourceFile* source = nullptr;
    const Diagnostic* diagnostic = nullptr;
    bool first_of_file = true;
};
using FileErrorSink = std::function<void(const FileError&)>;

// What for_each_piece does with each file: `piece` receives its pieces of whole games in order;
// `games_in_file`, called after the last piece, says how many games they held (a file with none
// is a FileError).
struct PieceHandler {
    std::function<void(const RecordPiece&)> piece;
    std::function<std::uint32_t()> games_in_file;
};

// Reads every file ("-" is standard input) in pieces of about `block_size` bytes that each hold
// whole games and hands them to `handler`; a record document is one piece. `bytes_read`, when
// given, counts the bytes handed over (for the share of the work done).
void for_each_piece(const std::vector<std::string>& files, const InputChoice& choice,
                    std::size_t block_size, const PieceHandler& handler,
                    const FileErrorSink& file_errors, std::uint64_t* bytes_read = nullptr);

// Reads every game of every file, in order, and hands each to `each_game`, its index numbered
// from 1 in its file.
void for_each_game(const std::vector<std::string>& files, const InputChoice& choice,
                   const std::function<void(const RecordPiece&, const GameRecord&)>& each_game,
                   const FileErrorSink& file_errors, std::uint64_t* bytes_read = nullptr,
                   std::size_t block_size = whole_file_block_size);

// Every game of every file judged by `judge(piece, record, verdict)` on `jobs` threads, each
// result handed to `emit(result)` on the calling thread, strictly in input order: the output is
// the same whatever `jobs` is. `judge` must be safe to run on several threads at once; `verdict`
// is a scratch value it may reuse. With one job, nothing runs on another thread.
//
// With several, the calling thread only cuts the input into pieces of whole games; each piece is
// read, judged and rendered by a task of its own, and the results are emitted in input order,
// with at most 2 * jobs pieces in flight. A game's number in its file depends on the pieces
// before it: each task reads its piece first, then waits for the count of the games before it
// and passes on the count after it, so the tasks overlap in everything but that hand-over.
template <typename Judge, typename Emit>
void judge_games_in_order(const std::vector<std::string>& files, const InputChoice& choice,
                          unsigned jobs, Judge&& judge, Emit&& emit,
                          const FileErrorSink& file_errors, std::uint64_t* bytes_read = nullptr,
                          std::size_t block_size = 0) {
    using Result =
        std::invoke_result_t<Judge&, const RecordPiece&, const GameRecord&, GameVerdict&>;
    if (jobs <= 1) {
        GameVerdict verdict;
        for_each_game(
            files, choice,
            [&](const RecordPiece& piece, const GameRecord& record) {
                emit(judge(piece, record, verdict));
            },
            file_errors, bytes_read, block_size != 0 ? block_size : whole_file_block_size);
        return;
    }
    if (block_size == 0) block_size = parallel_block_size;
    std::deque<std::future<std::vector<Result>>> pending;
    auto drain_one = [&] {
        for (Result& result : pending.front().get()) emit(std::move(result));
        pending.pop_front();
    };
    std::shared_future<std::uint32_t> games_before;
    auto start_file = [&] {
        std::promise<std::uint32_t> none;
        none.set_value(0);
        games_before = none.get_future().share();
    };
    start_file();
    PieceHandler handler{
        [&](const RecordPiece& piece) {
            std::promise<std::uint32_t> games_after;
            std::shared_future<std::uint32_t> next = games_after.get_future().share();
            pending.push_back(std::async(
                std::launch::async,
                [&judge, piece, before = games_before, after = std::move(games_after)]() mutable {
                    // Reading the piece twice (once to count its games) costs less than keeping
                    // all its records, which would allocate for every game.
                    thread_local GameRecord record;
                    std::uint32_t first = 0;
                    std::uint32_t in_piece = 0;
                    try {
                        RecordReader counter(*piece.jgn);
                        while (counter.next(record)) {
                        }
                        in_piece = counter.games_read();
                        first = before.get();
                        after.set_value(first + in_piece);
                    } catch (...) {
                        // Out of memory, say. The next task and the calling thread wait for this
                        // count: they get the failure instead, or would wait for ever.
                        after.set_exception(std::current_exception());
                        throw;
                    }
                    GameVerdict verdict;
                    std::vector<Result> out;
                    out.reserve(in_piece);
                    RecordReader reader(*piece.jgn);
                    while (reader.next(record)) {
                        record.index += first;
                        out.push_back(judge(piece, record, verdict));
                    }
                    return out;
                }));
            games_before = next;
            while (pending.size() > 2 * static_cast<std::size_t>(jobs)) drain_one();
        },
        [&] {
            const std::uint32_t in_file = games_before.get();
            start_file();
            return in_file;
        }};
    for_each_piece(files, choice, block_size, handler, file_errors, bytes_read);
    while (!pending.empty()) drain_one();
}

}  // namespace jv::report
