// What `check` shows about the separating database: the database (minimal, or whole
// when it could not be shrunk) table by table, and gold and candidate results on it.
#pragma once

#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"
#include "core/fuzz/profile.h"
#include "core/schema/database_content.h"
#include "core/suite/suite.h"

#include <nlohmann/json.hpp>

#include <string>

namespace sqleq::cli {

struct CounterexampleReport {
    bool available = false;   ///< a separating database exists (verdict different)
    bool minimized = false;
    std::size_t rowsBefore = 0;
    std::size_t rowsAfter = 0;
    std::string note;         ///< why the database is shown whole, when it is
    schema::Schema schema;    ///< the schema the content is laid out in
    schema::DatabaseContent content;
    exec::QueryOutcome goldOutcome;
    exec::QueryOutcome candidateOutcome;
};

/// The minimal counterexample of a `different` verdict (nothing for other verdicts);
/// falls back to the whole separating database when minimizing fails.
CounterexampleReport buildCounterexample(const schema::Schema& schema, const suite::Suite& suite,
                                         const suite::CheckResult& result, fuzz::Profile profile,
                                         const exec::ExecLimits& limits);

/// The whole separating database, unshrunk.
CounterexampleReport fullSeparatingDatabase(const schema::Schema& schema, const suite::Suite& suite,
                                            const suite::CheckResult& result);

/// counterexample {table: rows}, counterexample_columns {table: names}, counterexample_rows
/// {before, after, minimized}, gold_rows, candidate_rows.
nlohmann::json counterexampleJson(const CounterexampleReport& report);

/// Table by table, then the two results side by side (one after the other).
void printCounterexample(const CounterexampleReport& report);

} // namespace sqleq::cli
