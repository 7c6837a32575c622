// The search past the suite: random databases with both queries' constants.
#include "core/search/search.h"

namespace sqleq::search {

SearchOutcome searchPastSuite(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                              suite::Suite& suite, const suite::CheckResult& suiteResult,
                              const suite::CheckOptions& check, const SearchOptions& options,
                              const std::atomic<bool>* cancel)
{
    SearchOutcome outcome;
    const std::size_t before = suite.databases.size();
    outcome.check = suite::checkCandidateDeep(schema, gold, candidate, suite, check,
                                              {options.budget, options.profile, options.seed}, cancel);
    outcome.cancelled = outcome.check.cancelled;
    outcome.tried = options.budget;
    if (suite.databases.size() > before) {
        outcome.foundBy = suite.databases.back().label;
        outcome.tried = suite.databases.back().sampleIndex + 1;
    }
    (void)suiteResult;
    return outcome;
}

} // namespace sqleq::search
