// Simpler replacements for one cell value, simplest first: shorter strings,
// numbers of smaller magnitude, integral reals. Every candidate is strictly
// simpler than the value, so repeated simplification terminates, and each is
// stored by SQLite exactly as given under the column's affinity (no hidden cast).
#pragma once

#include "core/exec/value.h"
#include "core/schema/schema.h"

#include <vector>

namespace sqleq::minimize {

/// Candidates for replacing `value` in a column of `affinity`; empty for NULL and BLOB.
std::vector<exec::Value> simplerValues(const exec::Value& value, schema::Affinity affinity);

} // namespace sqleq::minimize
