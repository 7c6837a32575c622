// crash_plan: the deterministic sequence of annotations the crash-safety writer
// commits, shared by the writer (tests/tools/annotation_writer.cpp) and its test
// (tests/core/test_audit_crash.cpp), so the test can tell exactly which values
// every confirmed write must have left behind. Write n goes to item n mod M under
// annotator "writer-<n div M>", so every write is a fresh (item, annotator) row.
#pragma once

#include "core/audit/audit.h"

#include <string>
#include <vector>

namespace sqleq::crashplan {

inline audit::Annotation plannedAnnotation(std::size_t n, const std::vector<std::size_t>& itemIndices)
{
    audit::Annotation annotation;
    annotation.itemIndex = itemIndices[n % itemIndices.size()];
    annotation.annotator = "writer-" + std::to_string(n / itemIndices.size());
    annotation.verdict = n % 3 == 0 ? audit::Verdict::Equivalent
                         : n % 3 == 1 ? audit::Verdict::NotEquivalent
                                      : audit::Verdict::Unsure;
    // Every fifth write brings a new reason, so reasons are grown under fire too.
    annotation.reason = n % 5 == 0 ? "reason of write " + std::to_string(n) : std::string();
    annotation.note = "write " + std::to_string(n) + " — noté";
    return annotation;
}

} // namespace sqleq::crashplan
