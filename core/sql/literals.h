// Literal constants of a query with their spans: the value slots that later
// stages plug values into or mutate. Reported in source (pre-order) order,
// subqueries included.
#pragma once

#include "core/sql/expr.h"

#include <vector>

namespace sqleq::sql {

/// Every Literal node under `root`.
std::vector<const Literal*> collectLiterals(const Node& root);
std::vector<Literal*> collectLiterals(Node& root);

} // namespace sqleq::sql
