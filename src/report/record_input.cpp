#include "report/record_input.hpp"

#include <utility>

namespace jv::report {

RecordInput::RecordInput(std::string path, std::string text, RecordFormat format)
    : format_(format) {
    if (format == RecordFormat::jgn) {
        jgn_ = std::make_shared<const SourceFile>(std::move(path), std::move(text));
        return;
    }
    document_source_ = std::make_unique<SourceFile>(path, std::move(text));
    document_ = std::make_unique<RecordDocument>(*document_source_, format);
    jgn_ = std::make_shared<const SourceFile>(std::move(path), document_->jgn());
}

const std::vector<DocumentFault>& RecordInput::faults() const {
    static const std::vector<DocumentFault> none;
    return document_ ? document_->faults() : none;
}

Diagnostic RecordInput::locate(Diagnostic diagnostic) const {
    return document_ ? document_->locate(std::move(diagnostic)) : diagnostic;
}

void RecordInput::locate(GameVerdict& verdict) const {
    if (!document_) return;
    for (Fault& fault : verdict.faults)
        fault.diagnostic = document_->locate(std::move(fault.diagnostic));
    for (Diagnostic& warning : verdict.warnings) warning = document_->locate(std::move(warning));
}

std::string RecordInput::render(const Diagnostic& diagnostic, DiagnosticStyle style) const {
    return render_diagnostic(shown(), locate(diagnostic), style);
}

}  // namespace jv::report
