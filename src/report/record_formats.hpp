// Game records as JSON and YAML documents (notation/record-json.md, notation/record-yaml.md),
// and back. Game-neutral: actions stay text.
//
// Writing: a record becomes a document holding exactly what its canonical JGN holds (tags in
// order, turns with their numbers, actions with glyphs and comments, comments in every place,
// the result). Reading: a document is checked for its shape, then written as canonical JGN by
// the same writer as JGN itself (core/record_writer.hpp); reading that text with RecordReader
// gives the GameRecord. So every format ends as the same GameRecord, and faults the JGN reader
// or a game's grammar finds in the text are told back as faults of the document.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diag.hpp"
#include "core/record.hpp"
#include "core/record_writer.hpp"
#include "core/source.hpp"

namespace jv::report {

enum class RecordFormat : std::uint8_t { jgn, yaml, json };

// "jgn", "yaml" (or "yml"), "json".
std::optional<RecordFormat> record_format_named(std::string_view name);
// By the file name's extension: .jgn, .yaml, .yml, .json (any case).
std::optional<RecordFormat> record_format_of_path(std::string_view path);
// By the first bytes of a text (a UTF-8 byte-order mark and blank lines skipped): JSON when it
// opens an object with a key ('{' then a string then ':') or an array of values ('[' then
// '{', '[', '"', ']', a digit or '-'); YAML when its first line that is not a '#' comment is a
// document start ("---", "%YAML") or a "games:" key; JGN otherwise. A JGN record also starts
// with '[' (a tag: a letter follows) or '{' (a comment: no key follows), which is why one byte
// does not tell. Looks at the first few lines only.
RecordFormat record_format_of_text(std::string_view head);
// The format of an input when it is known without reading it: `from` (--from) when not empty,
// else the file name's extension; standard input ("-") has no name.
std::optional<RecordFormat> record_format_by_name(std::string_view from, std::string_view path);

// The document of several records. Every record must have been read without a fault.
nlohmann::ordered_json records_to_json(std::span<const GameRecord> records);
std::string write_records_json(std::span<const GameRecord> records);  // ends with a line end
std::string write_records_yaml(std::span<const GameRecord> records);  // ends with a line end

// A fault of a document's shape or syntax, in the document: `located` is false when it has no
// place (a YAML file that holds two documents), and its region is then empty at the start.
struct DocumentFault {
    Diagnostic diagnostic;
    bool located = true;
};

// A JSON or YAML document read as records: its canonical JGN text, or why it cannot be read.
class RecordDocument {
  public:
    // Reads `document` (JSON or YAML by `format`). The SourceFile must outlive this object.
    RecordDocument(const SourceFile& document, RecordFormat format);
    ~RecordDocument();
    RecordDocument(const RecordDocument&) = delete;
    RecordDocument& operator=(const RecordDocument&) = delete;

    // True when the document has the shape of a record document.
    bool ok() const { return errors_.empty(); }
    // Why not: each one rendered ("file:line:col: error: games[0].tags[1].value: ..." with the
    // line and a caret for YAML and for JSON syntax; "file: error: path: ..." for JSON shape).
    const std::vector<std::string>& errors() const { return errors_; }
    // The same faults, not rendered: the message starts with the element's path.
    const std::vector<DocumentFault>& faults() const { return faults_; }

    // The canonical JGN text of the document's games (empty unless ok()).
    const std::string& jgn() const { return jgn_; }

    // A fault found in jgn() (by the JGN reader or a game), rendered as a fault of the document
    // at the element the faulty text was written from (locate()).
    std::string explain(const Diagnostic& fault, DiagnosticStyle style = {}) const;

    // A fault found in jgn() as a fault of the document: its region there (below), and its
    // message after the path of the element the faulty text was written from
    // ("games[0].turns[3].actions[0]: ..."; a fault past every element keeps its message).
    Diagnostic locate(Diagnostic fault) const;

    // Where a region of jgn() was written from: the region of the document's element (the
    // characters themselves when the document spells them as the JGN does, as in an action's
    // text; otherwise the element's first character). A region of no element (past the last
    // game) is the start of the game before it.
    SourceRegion locate(SourceRegion region) const;

  private:
    SourceRegion locate(SourceRegion region, std::string* path_text) const;

    struct Impl;
    const SourceFile& document_;
    std::unique_ptr<Impl> impl_;
    std::string jgn_;
    std::vector<std::string> errors_;
    std::vector<DocumentFault> faults_;
};

}  // namespace jv::report
