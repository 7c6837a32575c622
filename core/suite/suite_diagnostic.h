// A Diagnostic without a source position, the kind every core/suite error is (they
// name files, databases and schemas, not spans), of DiagnosticKind::Suite. Internal to
// core/suite.
#pragma once

#include "core/base/diagnostic.h"

#include <string>

namespace sqleq::suite {

inline Diagnostic suiteError(std::string code, std::string message)
{
    Diagnostic diagnostic;
    diagnostic.code = std::move(code);
    diagnostic.message = std::move(message);
    diagnostic.kind = DiagnosticKind::Suite;
    return diagnostic;
}

} // namespace sqleq::suite
