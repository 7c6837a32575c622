// The counterexample of a `different` verdict, as every front end shows it: the
// separating suite database shrunk to a minimal one (or whole, with the reason, when
// it cannot be shrunk; then the smallest one another separating database of the suite
// gives, when one does better), and gold and candidate results on it with their comparison.
#pragma once

#include "core/compare/compare.h"
#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"
#include "core/minimize/minimize.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "core/suite/checker.h"

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::minimize {

struct Counterexample {
    schema::DatabaseContent content;  ///< minimal, or the whole separating database
    bool minimized = false;           ///< false: shrinking failed or stopped early (see note)
    std::string note;                 ///< why the database is not (fully) minimized
    std::size_t rowsBefore = 0;       ///< rows of the separating database
    /// Per entry of `content`, per row: the index of the row of the separating database's
    /// same table (as schema::readContent reads it, in rowid order) that it was shrunk
    /// from. Its non-key values may be simpler than that row's, its foreign keys may point
    /// at another kept parent. Identity when the database is shown whole.
    SourceRows sourceRows;
    exec::QueryOutcome goldOutcome;   ///< the gold as the checker ran it, on `content`
    exec::QueryOutcome candidateOutcome;
    compare::Comparison comparison;   ///< its onlyIn…Indices point into the two outcomes
    /// Schema tables the gold or the candidate (as judged) reads, in schema order: the
    /// others are only there because the profile keeps every table non-empty, and front
    /// ends show them collapsed ("not read by either query").
    std::vector<std::string> tablesRead;
    /// The profile's promise this database breaks ("NULL in Addresses.line_3"); empty
    /// when it keeps them all. Only a database the user brought (the original, a
    /// prebuilt suite's file) can break one: the separation is real, the profile is not.
    std::string outsideProfile;
    /// The suite database it comes from: the first that separates the pair (the
    /// check's), or a later one when that one could not be shrunk and a later one gave
    /// a smaller counterexample.
    int database = -1;
    /// Set when `database` is not the check's separating database: why that database's
    /// counterexample was not shown (its `note`: "shown whole: …", "minimization stopped early").
    std::string firstNotShrunk;
    [[nodiscard]] bool isRead(std::string_view table) const;
    /// True when it comes from another database than the check's first separating one.
    [[nodiscard]] bool fromLaterDatabase() const { return !firstNotShrunk.empty(); }
};

/// Every table named in a FROM clause of `sql` (subqueries and CTE bodies included),
/// in first-seen order without repeats; empty when the query does not parse.
std::vector<std::string> tablesReadBy(std::string_view sql);

/// The tables of `schema` that `goldSql` or `candidateSql` reads (tablesReadBy), in
/// schema order and spelled as the schema spells them: Counterexample::tablesRead, and
/// what a front end shows first when there is no counterexample.
std::vector<std::string> tablesReadByEither(const schema::Schema& schema, std::string_view goldSql,
                                            std::string_view candidateSql);

/// For a `different` verdict with a separating database in `suite`: that database shrunk
/// with minimizeSeparatingDatabase within the profile — every table kept non-empty when
/// `keepTablesNonEmpty` (the `spider` profile), every foreign key of `schema` resolving
/// (also those SQLite cannot enforce) — then both queries re-run on it.
/// When it cannot be shrunk (shown whole, or shrinking stopped early), every later
/// database of the suite that separates the pair too (both queries run, the candidate
/// runs and the results differ) is shrunk alike, in suite order, and the smallest
/// counterexample wins: a minimized one over one that is not, then the fewest rows, ties
/// to the earlier database; `database` and `firstNotShrunk` then say so. At most one
/// shrinking per database of the suite, each under the minimizer's own query budget and `limits`.
/// Nothing for other verdicts. Runs on the calling thread; stops early on `cancel`.
std::optional<Counterexample> buildCounterexample(const schema::Schema& schema, const suite::Suite& suite,
                                                  const suite::CheckResult& check, bool keepTablesNonEmpty,
                                                  const exec::ExecLimits& limits,
                                                  const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::minimize
