// The counterexample an annotator reads: a separating suite database (serialized)
// shrunk with minimizeCounterexample, within the profile: every table kept non-empty
// when the profile forbids empty tables, every foreign key resolving. Glue between the suite's
// serialized databases and the row-level minimizer.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/minimize/minimize.h"
#include "core/schema/schema.h"

#include <atomic>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::minimize {

struct SeparationCase {
    const schema::Schema* schema = nullptr;  ///< a schema SQLite can enforce (fuzz::materializableSchema)
    const schema::Schema* keySchema = nullptr;  ///< the full schema: every foreign key resolves (null: `schema`)
    std::string goldSql;                     ///< both as they were run (post-processed, DISTINCT handled)
    std::string candidateSql;
    bool orderMatters = false;
    /// The `spider` profile: no table left empty (one that is empty in the input may stay so).
    bool keepTablesNonEmpty = true;
    exec::ExecLimits limits;
    const std::atomic<bool>* cancel = nullptr;
};

/// Reads `database` and shrinks it to a minimal counterexample for the case. Errors are
/// the minimizer's, or "exec.*" when the bytes are not a database.
Result<MinimizeResult> minimizeSeparatingDatabase(const exec::Bytes& database, const SeparationCase& separation);

} // namespace sqleq::minimize
