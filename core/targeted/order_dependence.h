// Order dependence: whether a query's result on a database depends on the order in
// which SQLite happens to read rows — ties at `ORDER BY … LIMIT`, a bare column
// beside an aggregate, an unordered LIMIT. Such a gold makes every metric
// ill-defined (the same pair scores differently on two machines), so an inspection
// flags it with both valid results. Detected by experiment on private copies of the
// database: the same rows stored in reverse order (which changes which of several
// tied rows a sort or a group meets first) and PRAGMA reverse_unordered_selects (which
// reverses scans that no ORDER BY fixes), alone and together. Not found: ties among
// rows whose INTEGER PRIMARY KEY (a rowid alias) fixes the scan order whatever the
// insertion order — the values themselves would have to change.
#pragma once

#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"
#include "core/schema/schema.h"

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::targeted {

struct OrderDependence {
    bool detected = false;
    exec::QueryOutcome first;   ///< as SQLite reads the rows by default
    exec::QueryOutcome second;  ///< the first other order that gave another result
    std::vector<exec::QueryOutcome> others;  ///< every other valid result found (second first)
};

/// Runs `sql` on `database` and on its reordered copies (see above; `schema` is the
/// database's, as fuzz::materializableSchema gives it) and compares each result with the
/// first under the official rule (as lists when `orderMatters`, else as bags); `second`
/// is the first one that differs. Runs that fail are ignored. Opens its own
/// connections; thread-safe.
OrderDependence checkOrderDependence(const exec::Bytes& database, const schema::Schema& schema, std::string_view sql,
                                     bool orderMatters, const exec::ExecLimits& limits);

/// Gold and candidate on `database`, each also with rows read in other orders.
struct PairOrderDependence {
    OrderDependence gold;
    OrderDependence candidate;
    /// The gold's result depends on row order here, and some valid result of the gold
    /// equals some valid result of the candidate: if they differ here, it is a matter of
    /// tie-breaking, not of meaning. A gold whose result is fixed is never excused so.
    bool tieBreakOnly = false;
};

/// Whether gold and candidate, each read in the other orders, are apart only by
/// tie-breaking (PairOrderDependence::tieBreakOnly), from their order dependences.
bool onlyTieBreaking(const OrderDependence& gold, const OrderDependence& candidate, bool orderMatters);

/// Both queries' order dependences on `database`; the reordered copies are built once
/// for the two.
PairOrderDependence checkPairOrderDependence(const exec::Bytes& database, const schema::Schema& schema,
                                             std::string_view gold, std::string_view candidate, bool orderMatters,
                                             const exec::ExecLimits& limits);

/// checkPairOrderDependence(...).tieBreakOnly, without the candidate's runs when the
/// gold's answer does not move with row order (then nothing is excused): what the search
/// and the minimizer ask of every database they try.
bool onlyTieBreakingOn(const exec::Bytes& database, const schema::Schema& schema, std::string_view gold,
                       std::string_view candidate, bool orderMatters, const exec::ExecLimits& limits);

} // namespace sqleq::targeted
