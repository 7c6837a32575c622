// Diagnostic: the one error value that crosses core's public API.
// It names what went wrong and where (a span into the input, when there is one);
// it never refers to UI and is never thrown.
#pragma once

#include "core/base/source_span.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sqleq {

/// Which input a diagnostic is about. Front ends place and label an error by it
/// (beside the gold editor, as the prebuilt suite's, ...) and never read `code` for
/// that. Set by the core boundary that knows it: the distiller for the gold's errors,
/// openSchemaSource for a schema's, the suite files for a suite's.
enum class DiagnosticSubject : std::uint8_t {
    Unspecified,  ///< an argument, a file or a step core does not attribute to an input
    Gold,         ///< the gold (reference) query
    Candidate,    ///< the candidate (predicted) query
    Schema,       ///< the schema source: tables.json, DDL, a SQLite file's schema
    Suite,        ///< a test suite on disk: a prebuilt one imported, one read or written
    Database,     ///< an original database (the one the exec metrics run on)
};

/// What sort of failure a diagnostic reports; Python's exception classes follow it.
enum class DiagnosticKind : std::uint8_t {
    Input,   ///< files, directories, arguments, limits: the default
    Syntax,  ///< SQL that does not lex or parse
    Query,   ///< SQL that SQLite refuses to prepare or run
    Schema,  ///< a schema that cannot be loaded, or a name it does not have
    Suite,   ///< a test suite that cannot be built, read or written
};

struct Diagnostic {
    std::string code;      ///< stable machine-readable tag, e.g. "parse.expected", "exec.denied"
    std::string message;   ///< one human sentence naming the object or position at fault
    SourceSpan span;       ///< where in the input, invalid when the error has no position
    std::string expected;  ///< for parse errors: what the parser wanted instead (may be empty)
    DiagnosticKind kind = DiagnosticKind::Input;
    DiagnosticSubject subject = DiagnosticSubject::Unspecified;
};

/// `diagnostic` attributed to `subject` with `kind`: for the boundary that knows them.
Diagnostic attributed(Diagnostic diagnostic, DiagnosticKind kind, DiagnosticSubject subject);

/// "gold", "candidate", "schema", "suite", "database"; "" for Unspecified. The JSON names.
std::string_view diagnosticSubjectName(DiagnosticSubject subject);

/// "input", "syntax", "query", "schema", "suite": the JSON names.
std::string_view diagnosticKindName(DiagnosticKind kind);

struct LineColumn {
    uint32_t line = 1;    ///< 1-based
    uint32_t column = 1;  ///< 1-based, counted in bytes
};

/// Line and column of a byte offset in text; offsets past the end clamp to the end.
LineColumn lineColumnAt(std::string_view text, uint32_t offset);

/// "line 3, column 7 (offset 41): message; expected X" — the text form used by the CLI.
std::string formatDiagnostic(std::string_view text, const Diagnostic& diagnostic);

} // namespace sqleq
