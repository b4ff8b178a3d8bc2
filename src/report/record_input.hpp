// One input's records, whatever its format: a JGN file as it is, or a JSON or YAML record
// document (notation/record-json.md, notation/record-yaml.md) with the canonical JGN written
// from it. Every command reads records through the JGN; the places of faults found there are
// told back as places of the input, so that a message points into the file the user gave.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "core/game.hpp"
#include "core/source.hpp"
#include "report/record_formats.hpp"

namespace jv::report {

class RecordInput {
  public:
    // `text` is the whole input, as UTF-8; `path` names it in messages ("<stdin>").
    RecordInput(std::string path, std::string text, RecordFormat format);

    RecordFormat format() const { return format_; }
    bool is_document() const { return document_ != nullptr; }
    // False when a document does not have the shape of a record document (faults() says why).
    bool ok() const { return document_ == nullptr || document_->ok(); }
    // Why a document cannot be read, each fault located in it where it has a place.
    const std::vector<DocumentFault>& faults() const;

    // What RecordReader reads: the input itself, or the JGN written from the document.
    const SourceFile& jgn() const { return *jgn_; }
    const std::shared_ptr<const SourceFile>& shared_jgn() const { return jgn_; }
    // What the places of messages point into: the input itself.
    const SourceFile& shown() const { return document_ ? *document_source_ : *jgn_; }

    // A region of jgn() as a region of shown() (the same region for JGN).
    SourceRegion locate(SourceRegion region) const {
        return document_ ? document_->locate(region) : region;
    }
    // A diagnostic of jgn() at its place in shown(); for a document, its message starts with
    // the path of the element ("games[0].turns[3].actions[0]: ...").
    Diagnostic locate(Diagnostic diagnostic) const;
    // Every fault and warning of a verdict of a game of jgn(), moved to shown() (locate()); the
    // rest (rule, turn, side, the action's text) is the same in every format.
    void locate(GameVerdict& verdict) const;
    // A diagnostic of jgn() drawn at its place in shown().
    std::string render(const Diagnostic& diagnostic, DiagnosticStyle style = {}) const;

  private:
    RecordFormat format_;
    std::unique_ptr<SourceFile> document_source_;
    std::unique_ptr<RecordDocument> document_;
    std::shared_ptr<const SourceFile> jgn_;
};

}  // namespace jv::report
