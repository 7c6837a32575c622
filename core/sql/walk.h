// Walk: generic pre-order traversal over every node of an AST, const or
// mutable. It is iterative (an explicit stack), so it never recurses, and it
// reads children only after visiting a node, so a visitor may replace them.
#pragma once

#include "core/sql/ast_node.h"

#include <functional>

namespace sqleq::sql {

/// Calls `visit` on `root` and its descendants in pre-order (source order).
/// Returning false from `visit` skips that node's children.
void walk(const Node& root, const std::function<bool(const Node&)>& visit);
void walk(Node& root, const std::function<bool(Node&)>& visit);

/// The non-null children of a node, in source order.
std::vector<const Node*> childrenOf(const Node& node);

} // namespace sqleq::sql
