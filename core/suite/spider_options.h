// Internal helpers for the Spider-compatible options shared by the distiller and
// the checker: the text a query is run as (postprocessed, DISTINCT removed), the
// order rule, and token-level equality. The public removeDistinct/plugGoldValues are
// declared in checker.h. Pure text functions: no SQL is executed here.
#pragma once

#include "core/compare/compare.h"

#include <string>
#include <string_view>

namespace sqleq::suite {

/// What exec_eval.py runs: officialPostprocess, then removeDistinct unless keepDistinct.
std::string textAsRun(std::string_view sql, bool keepDistinct);

/// Whether rows are compared as lists for the gold `goldRun` (the text as run).
/// TopLevelOrderBy parses it; a gold our parser refuses falls back to the official rule.
bool orderMattersFor(std::string_view goldRun, compare::OrderRule rule);

/// The same tokens with the same spellings (whitespace and comments ignored).
bool sameTokens(std::string_view a, std::string_view b);

} // namespace sqleq::suite
