// How `check` renders the counterexample (core/minimize/counterexample.h): the
// database table by table, then gold and candidate results on it; and its JSON.
#pragma once

#include "core/minimize/counterexample.h"
#include "core/schema/schema.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sqleq::cli {

/// counterexample {table: rows}, counterexample_columns {table: names}, counterexample_rows
/// {before, after, minimized}, counterexample_source_rows {table: for each row, the index
/// of the separating database's row it was shrunk from}, gold_rows, candidate_rows (null
/// without a counterexample).
nlohmann::json counterexampleJson(const schema::Schema& schema, const std::optional<minimize::Counterexample>& counterexample);

/// Table by table, then the two results one after the other. `databaseName` names the
/// separating database it comes from (inspect::databaseName).
void printCounterexample(const schema::Schema& schema, const std::optional<minimize::Counterexample>& counterexample,
                         const std::string& databaseName);

} // namespace sqleq::cli
