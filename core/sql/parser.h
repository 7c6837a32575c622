// The public entry of the SQL front end: parse one SQLite SELECT statement into
// an AST with exact source spans, or report positioned diagnostics. Parsing is a
// pure function of the text: no I/O, no global state, safe on any thread, and
// it never throws (allocation failure becomes a diagnostic).
#pragma once

#include "core/base/capped_file.h"
#include "core/base/diagnostic.h"
#include "core/base/query_depth.h"
#include "core/sql/select.h"

#include <memory>
#include <string_view>
#include <vector>

namespace sqleq::sql {

struct ParseOptions {
    /// Maximum nesting of expressions, subqueries and operator chains combined;
    /// deeper input is an error ("parse.too_deep") rather than a stack overflow.
    uint32_t maxDepth = kMaxQueryDepth;
    /// Longer text is refused at once ("parse.too_long"): 1 MiB, the cap on one query
    /// everywhere in sqleq (SQLite's SQL length limit on our connections).
    uint64_t maxBytes = input_limits::kSqlText;
};

struct ParseOutput {
    /// Null whenever diagnostics is non-empty. Owns all its text: it does not
    /// refer to the input after parse() returns.
    std::unique_ptr<SelectStatement> statement;
    /// Errors, first one first. Codes: parse.syntax, parse.unrecognized_token,
    /// parse.unterminated, parse.too_deep, parse.trailing, parse.empty,
    /// parse.join_type, parse.unsupported, parse.too_long, parse.out_of_memory.
    std::vector<Diagnostic> diagnostics;

    [[nodiscard]] bool ok() const { return statement != nullptr && diagnostics.empty(); }
};

/// Parses the first statement of `text`. Anything after it other than
/// whitespace, comments and semicolons is reported as parse.trailing.
ParseOutput parse(std::string_view text, const ParseOptions& options = {});

} // namespace sqleq::sql
