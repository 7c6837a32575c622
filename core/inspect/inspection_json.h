// The JSON view of one inspection: what `sqleq-cli check --json` prints and what the
// Python module's Inspection.to_dict() returns, so both front ends show the same
// object. Formatting only: every value comes from the Inspection; nothing is decided here.
#pragma once

#include "core/inspect/inspect.h"
#include "core/minimize/counterexample.h"
#include "core/schema/schema.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>

namespace sqleq::inspect {

/// The gold's neighbors counted as the reports count them: a neighbor that reads like
/// the gold once DISTINCT is removed is not counted.
struct NeighborCounts {
    std::size_t total = 0;
    std::size_t distinguished = 0;
};

NeighborCounts countNeighbors(const suite::DistillResult& distilled);

/// counterexample {table: rows}, counterexample_columns {table: names}, counterexample_rows
/// {before, after, minimized}, counterexample_source_rows {table: for each row, the index
/// of the separating database's row it was shrunk from}, gold_rows, candidate_rows (null
/// without a counterexample).
nlohmann::json counterexampleJson(const schema::Schema& schema,
                                  const std::optional<minimize::Counterexample>& counterexample);

/// The whole inspection: verdict, suite_verdict, test_suite_false_positive,
/// convention_note (null, or how the metric's conventions decided its answer),
/// constraint_notes (where tables.json and the original's DDL disagreed), evidence,
/// the counterexample keys above with counterexample_db and counterexample_db_label (the
/// database it was shrunk from) and counterexample_origin (null, or why that is not the
/// first separating database: inspect::counterexampleOrigin), gold_used, candidate_used, diagnosis, clauses,
/// nondeterminism, profile, seed, settings (the JSON form of the settings it ran with,
/// settings_json.h), seconds.
nlohmann::json inspectionJson(const schema::Schema& schema, const Inspection& inspection);

} // namespace sqleq::inspect
