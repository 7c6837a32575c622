// Diagnostic: the one error value that crosses core's public API.
// It names what went wrong and where (a span into the input, when there is one);
// it never refers to UI and is never thrown.
#pragma once

#include "core/base/source_span.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sqleq {

struct Diagnostic {
    std::string code;      ///< stable machine-readable tag, e.g. "parse.expected", "exec.denied"
    std::string message;   ///< one human sentence naming the object or position at fault
    SourceSpan span;       ///< where in the input, invalid when the error has no position
    std::string expected;  ///< for parse errors: what the parser wanted instead (may be empty)
};

struct LineColumn {
    uint32_t line = 1;    ///< 1-based
    uint32_t column = 1;  ///< 1-based, counted in bytes
};

/// Line and column of a byte offset in text; offsets past the end clamp to the end.
LineColumn lineColumnAt(std::string_view text, uint32_t offset);

/// "line 3, column 7 (offset 41): message; expected X" — the text form used by the CLI.
std::string formatDiagnostic(std::string_view text, const Diagnostic& diagnostic);

} // namespace sqleq
