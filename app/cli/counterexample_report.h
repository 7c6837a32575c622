// How `check` renders the counterexample (core/minimize/counterexample.h): the
// database table by table, then gold and candidate results on it (its JSON is
// core/inspect/inspection_json.h).
#pragma once

#include "core/minimize/counterexample.h"
#include "core/schema/schema.h"

#include <optional>
#include <string>
#include <string_view>

namespace sqleq::cli {

/// Table by table, then the two results one after the other. `databaseName` names the
/// separating database it comes from (inspect::counterexampleDatabaseName); `profile` is
/// the one the verdict was reached under, named when the database breaks it; `origin`
/// (inspect::counterexampleOrigin) why that is not the first separating database, if so.
void printCounterexample(const schema::Schema& schema, const std::optional<minimize::Counterexample>& counterexample,
                         const std::string& databaseName, std::string_view profile, std::string_view origin = {});

} // namespace sqleq::cli
