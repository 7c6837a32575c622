// CheckFilter: tells whether a sampled row satisfies its table's CHECK
// constraints, by letting SQLite evaluate them on the row's values in a private
// in-memory database. The sampler redraws rejected rows; a table whose checks
// cannot be evaluated here (e.g. they call unknown functions) accepts every row.
#pragma once

#include "core/exec/connection.h"
#include "core/exec/statement.h"
#include "core/exec/value.h"
#include "core/schema/schema.h"

#include <optional>

namespace sqleq::fuzz {

class CheckFilter {
public:
    /// Prepares the checks of `table`; a table without checks costs nothing.
    explicit CheckFilter(const schema::Table& table);

    /// True when every CHECK of the table is true or NULL for `row`.
    bool allows(const exec::Row& row);

private:
    std::optional<exec::Connection> m_connection;  // declared first: outlives the statement
    std::optional<exec::Statement> m_statement;
};

} // namespace sqleq::fuzz
