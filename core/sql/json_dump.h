// JSON dump of an AST for `sqleq-cli parse --json` and debugging: every node as
// {kind, span {begin, end}, fields {…}, children [{role, …node}]}. Invalid
// spans print as null.
#pragma once

#include "core/sql/ast_node.h"

#include <nlohmann/json.hpp>

namespace sqleq::sql {

/// Never throws: if memory runs out the result is {"error": "out of memory"}.
nlohmann::json toJson(const Node& node);

} // namespace sqleq::sql
