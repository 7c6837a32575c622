// CheckFilter: tells whether a sampled row satisfies its table's CHECK
// constraints, by letting SQLite evaluate them on the row's values in a private
// in-memory database. The CHECK bodies come from an untrusted schema, so they
// run through the safe executor, under a query's budgets (steps, heap, value
// length), with one step budget shared by every row of the table. The sampler
// redraws rejected rows; a table whose checks cannot be evaluated here (e.g.
// they call unknown functions) accepts every row; a check that runs past its
// budget stops the sampling with an error naming the table and the check.
#pragma once

#include "core/base/diagnostic.h"
#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/exec/value.h"
#include "core/schema/schema.h"

#include <optional>
#include <string>

namespace sqleq::fuzz {

class CheckFilter {
public:
    /// Prepares the checks of `table`; a table without checks costs nothing.
    /// `limits` bound the evaluation of all the table's rows together.
    explicit CheckFilter(const schema::Table& table, const exec::ExecLimits& limits = {});

    /// True when every CHECK of the table is true or NULL for `row`. After a
    /// failure() every row is refused.
    bool allows(const exec::Row& row);

    /// Why the checks could not be evaluated within the budgets ("fuzz.check"),
    /// naming the table and its CHECK; the sampler reports it as its error.
    [[nodiscard]] const std::optional<Diagnostic>& failure() const { return m_failure; }

    /// Every CHECK of the table as one text ("CHECK (a > 0) AND CHECK (b < 9)"); empty without checks.
    [[nodiscard]] const std::string& checkText() const { return m_checkText; }

private:
    std::optional<exec::Connection> m_connection;
    std::string m_sql;
    std::string m_tableName;
    std::string m_checkText;
    exec::ExecLimits m_limits;
    int64_t m_stepsLeft = 0;  // <= 0 with a budget: spent
    std::optional<Diagnostic> m_failure;
};

} // namespace sqleq::fuzz
