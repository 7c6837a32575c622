#include "app/cli/error_report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <string>

namespace sqleq::cli {

int reportError(bool json, std::string_view subject, const Diagnostic& diagnostic, std::string_view text,
                int exitCode)
{
    const std::string located = diagnostic.span.valid() ? formatDiagnostic(text, diagnostic) : diagnostic.message;
    if (subject.empty()) {
        fmt::print(stderr, "error: {}\n", located);
    } else {
        fmt::print(stderr, "error: {}: {}\n", subject, located);
    }
    if (json) printErrorJson(subject, diagnostic, text);
    return exitCode;
}

void printErrorJson(std::string_view subject, const Diagnostic& diagnostic, std::string_view text)
{
    nlohmann::json error{{"code", diagnostic.code}, {"message", diagnostic.message},
                         {"kind", diagnosticKindName(diagnostic.kind)}};
    // The input at fault: the caller's word for it, else the one core attributed it to.
    if (subject.empty()) subject = diagnosticSubjectName(diagnostic.subject);
    if (!subject.empty()) error["subject"] = subject;
    if (!diagnostic.expected.empty()) error["expected"] = diagnostic.expected;
    if (diagnostic.span.valid()) {
        const LineColumn at = lineColumnAt(text, diagnostic.span.begin);
        error["offset"] = diagnostic.span.begin;
        error["line"] = at.line;
        error["column"] = at.column;
        error["text"] = text;
    }
    fmt::print("{}\n", nlohmann::json{{"error", error}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
}

int reportError(bool json, const Diagnostic& diagnostic, int exitCode)
{
    return reportError(json, {}, diagnostic, {}, exitCode);
}

bool commandLineAsksForJson(int argc, const char* const* argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--json") return true;
    }
    return false;
}

} // namespace sqleq::cli
