// Compatibility with the official test-suite-sql-eval evaluator: the text
// rewrites it applies to predictions before running them (exec_eval.py's
// postprocess, evaluation.py's placeholder rewrite). Pure string helpers;
// nothing here parses or executes SQL.
#pragma once

#include <string>
#include <string_view>

namespace sqleq::exec {

/// Exactly Python's `query.replace('> =', '>=').replace('< =', '<=').replace('! =', '!=')`:
/// three sequential, non-overlapping, left-to-right replacements, also inside
/// string literals (the evaluator does not tokenize either).
std::string officialPostprocess(std::string_view query);

/// Exactly Python's `p_str.replace("value", "1")`, which evaluation.py applies to every
/// prediction before exact match and execution: models that predict no value write the
/// placeholder `value` (bare or quoted, `' value '`), and the evaluator turns it into `1`
/// (so `' value '` becomes the string `' 1 '`). Case-sensitive, and blind to tokens: it
/// also rewrites identifiers and strings that contain "value" (`total_value` → `total_1`).
std::string officialValuePlaceholder(std::string_view prediction);

} // namespace sqleq::exec
