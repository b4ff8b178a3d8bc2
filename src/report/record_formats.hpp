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

// The document of several records. Every record must have been read without a fault.
nlohmann::ordered_json records_to_json(std::span<const GameRecord> records);
std::string write_records_json(std::span<const GameRecord> records);  // ends with a line end
std::string write_records_yaml(std::span<const GameRecord> records);  // ends with a line end

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

    // The canonical JGN text of the document's games (empty unless ok()).
    const std::string& jgn() const { return jgn_; }

    // A fault found in jgn() (by the JGN reader or a game), rendered as a fault of the document
    // at the element the faulty text was written from.
    std::string explain(const Diagnostic& fault) const;

  private:
    struct Impl;
    const SourceFile& document_;
    RecordFormat format_;
    std::unique_ptr<Impl> impl_;
    std::string jgn_;
    std::vector<std::string> errors_;
};

}  // namespace jv::report
