// Turns a Diagnostic's byte span into the line/column text users read.

#include "core/base/diagnostic.h"

#include <fmt/format.h>

namespace sqleq {

LineColumn lineColumnAt(std::string_view text, uint32_t offset)
{
    LineColumn position;
    const auto stop = std::min<size_t>(offset, text.size());
    for (size_t i = 0; i < stop; ++i) {
        if (text[i] == '\n') {
            ++position.line;
            position.column = 1;
        } else {
            ++position.column;
        }
    }
    return position;
}

std::string formatDiagnostic(std::string_view text, const Diagnostic& diagnostic)
{
    std::string out;
    if (diagnostic.span.valid()) {
        const auto position = lineColumnAt(text, diagnostic.span.begin);
        out = fmt::format("line {}, column {} (offset {}): ", position.line, position.column,
                          diagnostic.span.begin);
    }
    out += diagnostic.message;
    // Parsers often phrase the expectation into the message already; say it once.
    if (!diagnostic.expected.empty() && diagnostic.message.find(diagnostic.expected) == std::string::npos) {
        out += fmt::format("; expected {}", diagnostic.expected);
    }
    return out;
}

Diagnostic attributed(Diagnostic diagnostic, DiagnosticKind kind, DiagnosticSubject subject)
{
    diagnostic.kind = kind;
    diagnostic.subject = subject;
    return diagnostic;
}

std::string_view diagnosticSubjectName(DiagnosticSubject subject)
{
    switch (subject) {
    case DiagnosticSubject::Unspecified: return "";
    case DiagnosticSubject::Gold: return "gold";
    case DiagnosticSubject::Candidate: return "candidate";
    case DiagnosticSubject::Schema: return "schema";
    case DiagnosticSubject::Suite: return "suite";
    case DiagnosticSubject::Database: return "database";
    }
    return "";
}

std::string_view diagnosticKindName(DiagnosticKind kind)
{
    switch (kind) {
    case DiagnosticKind::Input: return "input";
    case DiagnosticKind::Syntax: return "syntax";
    case DiagnosticKind::Query: return "query";
    case DiagnosticKind::Schema: return "schema";
    case DiagnosticKind::Suite: return "suite";
    }
    return "input";
}

} // namespace sqleq
