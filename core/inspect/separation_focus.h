// Separation focus: where in a separating database to look, and a sentence saying why
// it separates the pair — "a NULL in concert.stadium_id separates them: the gold
// returns 0 rows, the candidate 1 row", "the value 'Federal Republic' in
// country.GovernmentForm separates them: the gold returns 0, the candidate 1". The database's label says how
// it was built ("targeted 18: …"); this says what in it matters. Read from the shrunk
// database, the columns the queries read (as SQLite resolves them, columns_read.h) and
// the clauses that differ, by fixed rules, so every front end opens on the same cell
// and says the same sentence.
#pragma once

#include "core/exec/query_outcome.h"
#include "core/exec/value.h"
#include "core/inspect/clause_diff.h"
#include "core/inspect/columns_read.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <optional>
#include <string>
#include <vector>

namespace sqleq::inspect {

struct SeparationFocus {
    std::string table;   ///< a table of the schema that either query reads
    std::string column;  ///< a column of `table` that either query reads; empty when none stands out
    /// Why this cell: a NULL the profile allows (strict), an empty table, the column the
    /// differing clauses read, or only the table with the most rows.
    enum class Reason { Null, EmptyTable, DifferingClause, MostRows } reason = Reason::MostRows;
    /// The value that decides (DifferingClause only): set when a differing WHERE, HAVING
    /// or join condition names `column` and every row of `table` in the database holds
    /// this one value there (a shrunk database mostly keeps one row).
    std::optional<exec::Value> value;
    std::size_t rowsHoldingValue = 0;  ///< rows of `table` that hold `value`
};

/// In order, over the tables in `tablesRead` and the columns in `columnsRead` only (a
/// column neither query reads is never named):
/// 1. a read column holding a NULL — first one the differing clauses name, else the
///    first in schema order;
/// 2. a read table left empty;
/// 3. the read table with the most rows (ties: one with a read column the differing
///    clauses name, then schema order), on its first read column the differing clauses
///    name, else its first read column. When the clause naming it is a WHERE, HAVING or
///    FROM (join condition) clause and all the table's rows hold one value in that
///    column, that value is the one that decides.
/// Nothing when no table is read.
std::optional<SeparationFocus> separationFocus(const schema::Schema& schema, const schema::DatabaseContent& content,
                                               const std::vector<std::string>& tablesRead,
                                               const std::vector<ColumnRead>& columnsRead,
                                               const std::vector<ClauseDifference>& clauses);

/// "a NULL in concert.stadium_id separates them: the gold returns 0 rows, the candidate
/// 1 row" / "the value 'Federal Republic' in country.GovernmentForm separates them: the
/// gold returns 0, the candidate 1" (one value each: the values) / "this database separates
/// them: the gold and the candidate each return 2 rows, with other values" / "… the
/// candidate does not run". A clause without a final full stop.
std::string separationSentence(const std::optional<SeparationFocus>& focus, const exec::QueryOutcome& gold,
                               const exec::QueryOutcome& candidate);

} // namespace sqleq::inspect
