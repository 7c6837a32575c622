// Schema → a Spider tables.json entry: the way a schema loaded from any other
// format reaches the tools that read tables.json (distill, the official
// evaluator). Spider's format keeps only coarse column types (text, number, time,
// boolean, others), so the declared types do not survive the trip.
#pragma once

#include "core/schema/schema.h"

#include <string>
#include <vector>

namespace sqleq::schema {

/// A tables.json text with one entry per schema (db_id = Schema::name), in order.
/// table_names/column_names repeat the original names; primary keys list their
/// columns (a composite key as one list), foreign keys one pair per column.
std::string toSpiderTablesJson(const std::vector<Schema>& schemas);

} // namespace sqleq::schema
