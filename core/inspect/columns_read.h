// Columns read: which columns of the schema a query reads, as SQLite itself resolves
// it. The query is prepared (never run) on an empty database built from the schema,
// and every column SQLite's authorizer is asked to read is collected, so aliases,
// `*`, subqueries, CTEs and correlated names resolve exactly as they do when the query
// runs; nothing is guessed from the text. The separation focus names only these.
#pragma once

#include "core/schema/schema.h"

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::inspect {

struct ColumnRead {
    std::string table;   ///< spelled as the schema spells it
    std::string column;  ///< likewise
    bool operator==(const ColumnRead&) const = default;
};

/// The columns of `schema` that `sql` reads, in schema order (tables, then their
/// columns), without repeats. `SELECT *` reads every column of its tables; `count(*)`
/// reads none. A query that does not prepare (a syntax error, an unknown name), or a
/// schema SQLite cannot build, reads nothing.
std::vector<ColumnRead> columnsReadBy(const schema::Schema& schema, std::string_view sql);

/// The columns either query reads (columnsReadBy), in schema order, without repeats;
/// one empty database serves both.
std::vector<ColumnRead> columnsReadByEither(const schema::Schema& schema, std::string_view goldSql,
                                            std::string_view candidateSql);

/// Whether `columns` holds `table`.`column` (names compared as SQLite does, ignoring ASCII case).
bool readsColumn(const std::vector<ColumnRead>& columns, std::string_view table, std::string_view column);

} // namespace sqleq::inspect
