// Printer: canonical SQL text from an AST — upper-case keywords, single spaces,
// and only the parentheses that precedence requires, so that printing and
// re-parsing yields a structurally equal tree. Literals and identifiers keep
// their original spelling and quoting. Nodes with invalid spans print the same.
#pragma once

#include "core/sql/ast_node.h"

#include <string>

namespace sqleq::sql {

struct PrintOptions {
    /// Wrap every non-primary subexpression in parentheses, to show how the
    /// parser grouped operators (the result still re-parses to the same tree).
    bool fullyParenthesize = false;
};

/// Canonical SQL for any node (a statement, an expression, a FROM item…).
/// Pure and thread-safe; returns an empty string only if memory runs out.
std::string print(const Node& node, const PrintOptions& options = {});

/// How an identifier prints: bare when SQLite reads it back as the same name,
/// otherwise quoted in its recorded style (bare names that need it get "…").
std::string printIdentifier(const Identifier& identifier);

} // namespace sqleq::sql
