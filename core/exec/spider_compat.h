// Compatibility with the official test-suite-sql-eval evaluator: the text
// rewrites it applies to predictions before running them. Pure string helpers;
// nothing here parses or executes SQL.
#pragma once

#include <string>
#include <string_view>

namespace sqleq::exec {

/// Exactly Python's `query.replace('> =', '>=').replace('< =', '<=').replace('! =', '!=')`:
/// three sequential, non-overlapping, left-to-right replacements, also inside
/// string literals (the evaluator does not tokenize either).
std::string officialPostprocess(std::string_view query);

} // namespace sqleq::exec
