// The operator families: comparison operators, aggregates, sort directions,
// AND/OR, arithmetic operators, LIKE/NOT LIKE and IN/NOT IN, each swapped in
// place over the operator's own tokens, keeping the gold's letter case.
#pragma once

#include "core/neighbors/gold_query.h"

namespace sqleq::neighbors {

/// Appends every operator swap of the gold, in source order.
void appendOperatorMutations(const GoldQuery& gold, Candidates& out);

} // namespace sqleq::neighbors
