// How a command that failed says so. People read `error: …` on stderr; a script that
// asked for --json reads stdout, so it also gets one JSON object there, whatever failed
// (a file, the schema, the gold, an option): no --json run ends without JSON.
#pragma once

#include "core/base/diagnostic.h"

#include <string_view>

namespace sqleq::cli {

/// Prints `error: <subject>: <diagnostic>` on stderr (the position as line and column of
/// `text` when the diagnostic has one) and, when `json`, `{"error": {...}}` on stdout.
/// Returns `exitCode`, so a command can `return reportError(...)`.
int reportError(bool json, std::string_view subject, const Diagnostic& diagnostic, std::string_view text,
                int exitCode);

/// The same for an error without a source text (files, schemas, options).
int reportError(bool json, const Diagnostic& diagnostic, int exitCode);

/// The JSON half alone, `{"error": {...}}` on stdout, for errors already told on stderr:
/// code, message, kind (diagnosticKindName) and subject (`subject`, else the diagnostic's
/// own, left out when neither says), with the position when there is one.
void printErrorJson(std::string_view subject, const Diagnostic& diagnostic, std::string_view text);

/// True when the raw command line asks for --json; used for errors CLI11 raises before
/// any command's options are filled in.
bool commandLineAsksForJson(int argc, const char* const* argv);

} // namespace sqleq::cli
