// The search loop: targeted databases first, then random ones with both queries'
// constants, in batches built and run on worker threads and decided in index order.

#include "core/search/search.h"

#include "core/base/cancellation.h"
#include "core/base/parallel_for.h"
#include "core/exec/executor.h"
#include "core/fuzz/fuzz.h"
#include "core/suite/spider_options.h"
#include "core/targeted/order_dependence.h"
#include "core/targeted/targeted_databases.h"

#include <fmt/format.h>

namespace sqleq::search {
namespace {

/// Seeds of the random search differ from the suite's so it never re-draws the
/// databases distillation already tried (the same constant as --deep used).
constexpr uint64_t kRandomStream = 0x6A09E667F3BCC909ull;
constexpr std::size_t kBatch = 16;

/// One database of the search, built and run: whether it separates the texts as judged.
struct Trial {
    bool built = false;
    bool separates = false;
    exec::Bytes bytes;  ///< kept only when it separates
};

class Search {
public:
    Search(const schema::Schema& schema, const suite::CheckResult& suiteResult, const suite::CheckOptions& check,
           const SearchOptions& options, const std::atomic<bool>* cancel)
        : m_schema(schema), m_readable(fuzz::materializableSchema(schema)), m_materializer(m_readable),
          m_suiteResult(suiteResult),
          m_options(options), m_targeted(schema, suiteResult.goldUsed, suiteResult.candidateUsed, options.profile,
                                         options.seed, /*largeGroups=*/false, /*witnesses=*/true, /*boundaries=*/true),
          m_orderMatters(suite::orderMattersFor(suiteResult.goldUsed, check.orderRule))
    {
        m_limits = check.limits;
        m_limits.cancel = cancel;
    }

    [[nodiscard]] std::size_t targetedCount() const { return m_targeted.size(); }

    std::string label(std::size_t index) const
    {
        return index < m_targeted.size() ? m_targeted.label(index)
                                         : fmt::format("search sample {}", index - m_targeted.size());
    }

    Trial trial(std::size_t index) const
    {
        Trial out;
        auto connection = open(index);
        if (!connection) return out;
        out.built = true;
        const auto gold = exec::runQuery(*connection, m_suiteResult.goldUsed, m_limits);
        if (!gold.ok()) return out;  // the gold must run: such a database says nothing
        const auto candidate = exec::runQuery(*connection, m_suiteResult.candidateUsed, m_limits);
        out.separates = !compare::compareOutcomes(gold, candidate, m_orderMatters).same();
        if (out.separates) {
            if (auto bytes = connection->serialize()) out.bytes = std::move(*bytes);
            else out.separates = false;
        }
        // A difference that reading the rows in another order removes is tie-breaking,
        // not meaning: the search looks on for a real one.
        if (out.separates
            && targeted::checkPairOrderDependence(out.bytes, m_readable, m_suiteResult.goldUsed,
                                                  m_suiteResult.candidateUsed, m_orderMatters, m_limits)
                   .tieBreakOnly) {
            out.separates = false;
        }
        return out;
    }

private:
    std::optional<exec::Connection> open(std::size_t index) const
    {
        if (index < m_targeted.size()) {
            auto content = m_targeted.build(index);
            if (!content) return std::nullopt;
            auto connection = m_materializer.build(*content);
            return connection ? std::optional(std::move(*connection)) : std::nullopt;
        }
        const fuzz::SampleSpec spec{.profile = m_options.profile, .seed = m_options.seed ^ kRandomStream,
                                    .index = index - m_targeted.size()};
        auto content = fuzz::sampleDatabase(m_schema, m_targeted.constants(), spec);
        if (!content) return std::nullopt;
        auto connection = m_materializer.build(*content);
        return connection ? std::optional(std::move(*connection)) : std::nullopt;
    }

    const schema::Schema& m_schema;
    schema::Schema m_readable;
    schema::Materializer m_materializer;  ///< builds every database from one empty image
    const suite::CheckResult& m_suiteResult;
    SearchOptions m_options;
    targeted::TargetedDatabases m_targeted;
    bool m_orderMatters;
    exec::ExecLimits m_limits;
};

} // namespace

SearchOutcome searchPastSuite(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                              suite::Suite& suite, const suite::CheckResult& suiteResult,
                              const suite::CheckOptions& check, const SearchOptions& options,
                              const std::atomic<bool>* cancel)
{
    SearchOutcome outcome;
    outcome.check = suiteResult;
    if (suiteResult.verdict != suite::VerdictKind::Equivalent || options.budget == 0) return outcome;
    const Search search(schema, suiteResult, check, options, cancel);
    for (std::size_t start = 0; start < options.budget; start += kBatch) {
        const std::size_t count = std::min(kBatch, options.budget - start);
        std::vector<Trial> trials(count);
        parallelFor(count, options.jobs, [&](std::size_t i, unsigned) { trials[i] = search.trial(start + i); },
                    [](std::size_t, std::size_t) {});
        if (cancelRequested(cancel)) {
            outcome.cancelled = true;
            return outcome;
        }
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t index = start + i;
            if (!trials[i].built) continue;
            ++outcome.tried;
            outcome.targetedTried += index < search.targetedCount() ? 1 : 0;
            if (!trials[i].separates) continue;
            suite::SuiteDatabase database;
            database.label = search.label(index);
            database.sampleIndex = index;
            database.bytes = std::move(trials[i].bytes);
            suite.databases.push_back(std::move(database));
            auto again = suite::checkCandidate(gold, candidate, suite, check, cancel);
            if (again.cancelled) {
                outcome.cancelled = true;
                suite.databases.pop_back();
                return outcome;
            }
            if (again.verdict != suite::VerdictKind::Equivalent) {
                outcome.check = std::move(again);
                outcome.foundBy = suite.databases.back().label;
                return outcome;
            }
            // Another plugged variant passes this database too: it separates nothing.
            suite.databases.pop_back();
        }
    }
    return outcome;
}

} // namespace sqleq::search
