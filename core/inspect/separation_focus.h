// Separation focus: where in a separating database to look, and a sentence saying why
// it separates the pair — "a NULL in concert.stadium_id separates them: the gold
// returns 0 rows, the candidate 1 row". The database's label says how it was built
// ("targeted 18: …"); this says what in it matters. Read from the shrunk database and
// the clauses that differ, by fixed rules, so every front end opens on the same cell.
#pragma once

#include "core/exec/query_outcome.h"
#include "core/inspect/clause_diff.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::inspect {

struct SeparationFocus {
    std::string table;   ///< a table of the schema that either query reads
    std::string column;  ///< a column of `table`; empty when no column stands out
    /// Why this cell: a NULL the profile allows (strict), an empty table, or the
    /// column the differing clauses read.
    enum class Reason { Null, EmptyTable, DifferingClause, MostRows } reason = Reason::MostRows;
};

/// In order: a read table holding a NULL (its first such column, schema order); a read
/// table left empty; else the read table with the most rows (ties: one whose column the
/// differing clauses name, then schema order), on the first of its columns named by the
/// differing clauses, or failing that by either query. Nothing when no table is read.
std::optional<SeparationFocus> separationFocus(const schema::Schema& schema, const schema::DatabaseContent& content,
                                               const std::vector<std::string>& tablesRead,
                                               const std::vector<ClauseDifference>& clauses,
                                               std::string_view goldSql, std::string_view candidateSql);

/// "a NULL in concert.stadium_id separates them: the gold returns 0 rows, the candidate
/// 1 row" / "this database separates them: the gold returns 2 rows, the candidate 1 row"
/// / "… the gold and the candidate each return 1 row, with other values" / "… the
/// candidate does not run". A clause without a final full stop.
std::string separationSentence(const std::optional<SeparationFocus>& focus, const exec::QueryOutcome& gold,
                               const exec::QueryOutcome& candidate);

} // namespace sqleq::inspect
