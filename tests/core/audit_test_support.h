// Small builders shared by the core audit tests (test_audit, test_audit_exchange).
#pragma once

#include "core/audit/audit.h"

#include <string>
#include <string_view>

namespace sqleq::audit::testing {

inline Annotation annotation(std::size_t item, std::string annotator, Verdict verdict, std::string reason = {},
                             std::string note = {})
{
    Annotation result;
    result.itemIndex = item;
    result.annotator = std::move(annotator);
    result.verdict = verdict;
    result.reason = std::move(reason);
    result.note = std::move(note);
    return result;
}

inline bool contains(const std::string& text, std::string_view part)
{
    return text.find(part) != std::string::npos;
}

} // namespace sqleq::audit::testing
