#include "report/record_files.hpp"

#include <utility>

#include "core/record_stream.hpp"
#include "core/translate.hpp"
#include "report/record_formats.hpp"

namespace jv::report {

namespace {

// A record document that is not one: each of its faults, at its place when it has one.
void report_document_faults(const RecordInput& document, const FileErrorSink& file_errors) {
    const SourceFile& source = document.shown();
    bool first = true;
    for (const DocumentFault& fault : document.faults()) {
        FileError error{source.path(), std::nullopt, fault.diagnostic.message};
        error.first_of_file = std::exchange(first, false);
        if (fault.located) {
            error.at = source.line_column(fault.diagnostic.region.begin);
            error.source = &source;
            error.diagnostic = &fault.diagnostic;
        }
        file_errors(error);
    }
}

}  // namespace

void for_each_piece(const std::vector<std::string>& files, const InputChoice& choice,
                    std::size_t block_size, const PieceHandler& handler,
                    const FileErrorSink& file_errors, std::uint64_t* bytes_read) {
    for (const std::string& path : files) {
        std::string error;
        const std::string shown_path = path == "-" ? "<stdin>" : path;
        auto report_file_error = [&](const std::string& message,
                                     std::optional<LineColumn> at = std::nullopt) {
            file_errors(FileError{shown_path, at, message});
        };
        GameStream stream(path, shown_path, error, block_size, choice.encoding);
        // The format is told once per file, before its first piece: by name, or by the first
        // block, which the stream reads first anyway.
        std::optional<RecordFormat> format = record_format_by_name(choice.from, path);
        if (!format && error.empty()) {
            const std::string_view head = stream.head(error);
            if (error.empty()) format = record_format_of_text(head);
        }
        if (error.empty() && format != RecordFormat::jgn) {
            // A document is read whole, and its games handed over as one piece of JGN.
            std::string text;
            if (!stream.read_rest(text, error)) {
                handler.games_in_file();
                report_file_error(error, stream.error_at());
                continue;
            }
            auto document =
                std::make_shared<const RecordInput>(shown_path, std::move(text), *format);
            if (bytes_read != nullptr) *bytes_read += document->shown().size();
            if (!document->ok()) {
                handler.games_in_file();
                report_document_faults(*document, file_errors);
                continue;
            }
            handler.piece(RecordPiece{document->shared_jgn(), document});
        }
        while (error.empty() && format == RecordFormat::jgn) {
            std::shared_ptr<const SourceFile> piece = stream.next(error);
            if (!piece) break;
            if (bytes_read != nullptr) *bytes_read += piece->size();
            handler.piece(RecordPiece{std::move(piece), nullptr});
        }
        const std::uint32_t games = handler.games_in_file();
        if (!error.empty()) {
            report_file_error(error, stream.error_at());
            continue;
        }
        if (games == 0)
            report_file_error(
                // TRANSLATORS: said of a file; [White "Ana"] is a tag of a record: keep it.
                tr("holds no game (a game starts with its tags, such as [White \"Ana\"])"));
    }
}

void for_each_game(const std::vector<std::string>& files, const InputChoice& choice,
                   const std::function<void(const RecordPiece&, const GameRecord&)>& each_game,
                   const FileErrorSink& file_errors, std::uint64_t* bytes_read,
                   std::size_t block_size) {
    GameRecord record;
    std::uint32_t games = 0;
    PieceHandler handler{[&](const RecordPiece& piece) {
                             RecordReader reader(*piece.jgn);
                             while (reader.next(record)) {
                                 record.index += games;
                                 each_game(piece, record);
                             }
                             games += reader.games_read();
                         },
                         [&] { return std::exchange(games, 0); }};
    for_each_piece(files, choice, block_size, handler, file_errors, bytes_read);
}

}  // namespace jv::report
