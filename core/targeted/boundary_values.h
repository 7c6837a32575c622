// Boundary values: for a comparison of a computed value of one column with a
// constant — `length(name) > 20`, `julianday('2020-01-01') - julianday(hired) >
// 365`, `strftime('%Y', hired) = '2015'`, `salary * 12 >= 60000` — the column
// values at which the comparison changes its answer (a 20- and a 21-letter name;
// 2019-01-01 and 2018-12-31). The constant collector ties a constant to a column
// only through the column itself or a few transparent functions, and random
// values almost never land on such a boundary, so two queries that differ only
// there looked equivalent. The boundary is found by asking SQLite: the expression
// runs on probe values of the column (numbers on a widening grid, dates day by
// day, texts letter by letter) through the safe executor under a small step
// budget, and a change of answer is narrowed down by bisection. Deterministic:
// expressions that read the clock or random numbers are skipped. A comparison of
// several columns of one table (`a + b > c`, `length(name) + length(city) > 30`)
// is solved for each column in turn with the others held at sample values; each
// solution is a row of values that belong together (a ConstantGroup).
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/schema/schema.h"

#include <string_view>

namespace sqleq::targeted::detail {

/// Column values on both sides of every such boundary in `query` (each attributed to
/// its column, ConstantUse::Compare; the rows of several columns as groups). A query
/// that does not parse gives none.
fuzz::GoldConstants boundaryValues(std::string_view query, const schema::Schema& schema);

} // namespace sqleq::targeted::detail
