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
/// string literals (the evaluator does not tokenize either); then officialCurrentYear,
/// which exec_eval.py applies to every query it runs.
std::string officialPostprocess(std::string_view query);

/// exec_eval.py's replace_cur_year: `re.sub(r"YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*", "2020",
/// query, flags=re.IGNORECASE)`. MySQL's current year, which SQLite lacks, becomes the
/// year the evaluator fixed (the classical datasets' golds use it); the whitespace after
/// the match goes too, as in Python. Not word-bounded, also inside strings.
std::string officialCurrentYear(std::string_view query);

/// Exactly Python's `p_str.replace("value", "1")`, which evaluation.py applies to every
/// prediction before exact match and execution: models that predict no value write the
/// placeholder `value` (bare or quoted, `' value '`), and the evaluator turns it into `1`
/// (so `' value '` becomes the string `' 1 '`). Case-sensitive, and blind to tokens: it
/// also rewrites identifiers and strings that contain "value" (`total_value` → `total_1`).
std::string officialValuePlaceholder(std::string_view prediction);

} // namespace sqleq::exec
