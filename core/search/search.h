// search: when a test suite finds no difference between gold and candidate, keep
// looking — databases built from both queries, tried in a fixed order within a budget.
// A database that separates them joins the suite and is reported.
#pragma once

#include "core/fuzz/profile.h"
#include "core/schema/schema.h"
#include "core/suite/suite.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sqleq::search {

struct SearchOptions {
    std::size_t budget = 300;  ///< databases built and run at most
    fuzz::Profile profile = fuzz::Profile::Spider;
    uint64_t seed = 0;
};

struct SearchOutcome {
    suite::CheckResult check;     ///< the verdict after the search
    std::size_t tried = 0;        ///< databases built and run
    std::size_t targetedTried = 0;
    std::string foundBy;          ///< label of the separating database; empty if none
    bool cancelled = false;
};

/// Called when checkCandidate found no difference (`suiteResult`). A separating database
/// is appended to `suite`. Deterministic for the same inputs and seed.
SearchOutcome searchPastSuite(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                              suite::Suite& suite, const suite::CheckResult& suiteResult,
                              const suite::CheckOptions& check, const SearchOptions& options,
                              const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::search
