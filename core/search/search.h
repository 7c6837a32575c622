// search: when a test suite finds no difference between gold and candidate, keep
// looking — first targeted databases built from both queries (TargetedDatabases:
// constant variants, ties and duplicates, groups of k rows, nothing passing the WHERE,
// pooled join columns, and under `strict` NULLs and empty tables), then random
// databases with both queries' constants — tried in a fixed order within a budget.
// Under `strict` the spider search's databases are tried too, after strict's own: every
// spider database is a strict database, so strict never misses what spider separates.
// A database that separates them joins the suite and is reported. Databases are
// built and run in parallel batches but decided in index order, so the outcome does
// not depend on the thread count.
#pragma once

#include "core/fuzz/profile.h"
#include "core/schema/schema.h"
#include "core/suite/checker.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sqleq::search {

/// The search budget every front end starts from.
inline constexpr std::size_t kDefaultSearchBudget = 300;

struct SearchOptions {
    std::size_t budget = kDefaultSearchBudget;  ///< databases built and run at most, per profile searched
    fuzz::Profile profile = fuzz::Profile::Spider;
    uint64_t seed = 0;
    unsigned jobs = 1;         ///< worker threads; 0: all cores. The outcome does not depend on it.
    /// Under `strict`, also the spider search's databases after strict's own. Off only
    /// where the spider search already ran (the other profile's verdict of a spider check).
    bool includeSpiderSearch = true;
};

struct SearchOutcome {
    suite::CheckResult check;     ///< the verdict after the search: `suiteResult`, or the new separation
    std::size_t tried = 0;        ///< databases built and run (those that could not be built not counted)
    std::size_t targetedTried = 0;  ///< of which targeted
    std::string foundBy;          ///< label of the separating database; empty if none
    bool cancelled = false;
};

/// The most databases searchPastSuite builds for `options`: its budget for each profile
/// it searches (under `strict`, strict's own and then the spider search's).
std::size_t searchLimit(const SearchOptions& options);

/// Called when checkCandidate found no difference (`suiteResult`, whose goldUsed and
/// candidateUsed are the texts as judged). Each database is tried in index order:
/// when the gold runs on it and the candidate's result differs, it is appended to
/// `suite` (labelled by what built it) and the whole suite is checked again with
/// checkCandidate — with plug-value another variant may pass it, and then it is
/// dropped and the search goes on. A database on which the gold fails says nothing
/// and is skipped. Deterministic for the same inputs, seed and budget, whatever
/// `jobs` is. Stops on `cancel` (then `cancelled` is set and the verdict is the input's).
SearchOutcome searchPastSuite(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                              suite::Suite& suite, const suite::CheckResult& suiteResult,
                              const suite::CheckOptions& check, const SearchOptions& options,
                              const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::search
