// Structural equality of ASTs: same kinds, same scalar fields (names with their
// quote style, literal spellings, operators) and equal children, ignoring
// spans. Used for print → parse round-trip checks and by mutation stages to
// drop duplicate neighbors.
#pragma once

#include "core/sql/ast_node.h"

namespace sqleq::sql {

/// Never throws; false if memory runs out.
bool structurallyEqual(const Node& a, const Node& b);

} // namespace sqleq::sql
