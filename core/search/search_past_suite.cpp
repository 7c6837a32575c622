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

/// The databases one profile's search tries, in order: its targeted databases, then
/// random samples with both queries' constants.
class SearchStream {
public:
    SearchStream(const schema::Schema& schema, const suite::CheckResult& suiteResult, fuzz::Profile profile,
                 uint64_t seed, std::string labelPrefix)
        : m_schema(schema), m_profile(profile), m_seed(seed), m_labelPrefix(std::move(labelPrefix)),
          // Large groups too: a candidate's count threshold past the small databases (`> 1001`
          // where the gold says `> 1000`) is no neighbor of the gold, so no suite aims at it.
          m_targeted(schema, suiteResult.goldUsed, suiteResult.candidateUsed, profile, seed, /*largeGroups=*/true,
                     /*witnesses=*/true, /*boundaries=*/true)
    {
    }

    [[nodiscard]] std::size_t targetedCount() const { return m_targeted.size(); }

    std::string label(std::size_t index) const
    {
        return m_labelPrefix
            + (index < m_targeted.size() ? m_targeted.label(index)
                                         : fmt::format("search sample {}", index - m_targeted.size()));
    }

    std::optional<schema::DatabaseContent> content(std::size_t index) const
    {
        if (index < m_targeted.size()) return m_targeted.build(index);
        const fuzz::SampleSpec spec{.profile = m_profile, .seed = m_seed ^ kRandomStream,
                                    .index = index - m_targeted.size()};
        auto content = fuzz::sampleDatabase(m_schema, m_targeted.constants(), spec);
        return content ? std::optional(std::move(*content)) : std::nullopt;
    }

private:
    const schema::Schema& m_schema;
    fuzz::Profile m_profile;
    uint64_t m_seed;
    std::string m_labelPrefix;
    targeted::TargetedDatabases m_targeted;
};

/// Every spider database is a strict database, so a strict search must never call a
/// pair equivalent that the spider search separates: under `strict` the search tries
/// its own databases, then exactly those the spider search would (same seed, same
/// budget), each stream `budget` databases long.
std::vector<fuzz::Profile> streamProfiles(const SearchOptions& options)
{
    if (options.profile == fuzz::Profile::Strict && options.includeSpiderSearch)
        return {fuzz::Profile::Strict, fuzz::Profile::Spider};
    return {options.profile};
}

class Search {
public:
    Search(const schema::Schema& schema, const suite::CheckResult& suiteResult, const suite::CheckOptions& check,
           const SearchOptions& options, const std::atomic<bool>* cancel)
        : m_readable(fuzz::materializableSchema(schema)), m_materializer(m_readable), m_suiteResult(suiteResult),
          m_budget(options.budget), m_orderMatters(suite::orderMattersFor(suiteResult.goldUsed, check.orderRule))
    {
        const auto profiles = streamProfiles(options);
        m_streams.reserve(profiles.size());
        for (const fuzz::Profile profile : profiles) {
            std::string prefix = profile == options.profile
                ? std::string()
                : fmt::format("as the {} search: ", fuzz::profileName(profile));
            m_streams.emplace_back(schema, suiteResult, profile, options.seed, std::move(prefix));
        }
        m_limits = check.limits;
        m_limits.cancel = cancel;
        m_workers.resize(parallelWorkerCount(kBatch, options.jobs));
    }

    /// Databases tried in all: `budget` per stream.
    [[nodiscard]] std::size_t size() const { return m_budget * m_streams.size(); }

    [[nodiscard]] bool targeted(std::size_t index) const
    {
        return index % m_budget < m_streams[index / m_budget].targetedCount();
    }

    std::string label(std::size_t index) const { return m_streams[index / m_budget].label(index % m_budget); }

    /// Builds and runs database `index` on `worker`'s own connection, refilled in place
    /// so the two queries stay prepared from one database to the next.
    Trial trial(std::size_t index, unsigned worker) const
    {
        Trial out;
        auto content = m_streams[index / m_budget].content(index % m_budget);
        if (!content) return out;
        std::optional<schema::RefillableDatabase>& database = m_workers[worker];
        if (!database) database.emplace(m_readable);
        if (!database->refill(*content)) return out;
        exec::Connection& connection = database->connection();
        out.built = true;
        const auto gold = exec::runQuery(connection, m_suiteResult.goldUsed, m_limits);
        if (!gold.ok()) return out;  // the gold must run: such a database says nothing
        const auto candidate = exec::runQuery(connection, m_suiteResult.candidateUsed, m_limits);
        out.separates = !compare::compareOutcomes(gold, candidate, m_orderMatters).same();
        if (out.separates) {
            // Written as a new database would be, whatever this worker's connection
            // held before: the same bytes with any thread count.
            auto built = m_materializer.build(*content);
            auto bytes = built ? built->serialize() : Result<exec::Bytes>(built.error());
            if (bytes) out.bytes = std::move(*bytes);
            else out.separates = false;
        }
        // A difference that reading the rows in another order removes is tie-breaking,
        // not meaning: the search looks on for a real one.
        if (out.separates
            && targeted::onlyTieBreakingOn(out.bytes, m_readable, m_suiteResult.goldUsed,
                                           m_suiteResult.candidateUsed, m_orderMatters, m_limits)) {
            out.separates = false;
        }
        return out;
    }

private:
    schema::Schema m_readable;
    schema::Materializer m_materializer;  ///< writes a separating database from one empty image
    /// Per worker of parallelFor: its connection, refilled for each database it tries.
    mutable std::vector<std::optional<schema::RefillableDatabase>> m_workers;
    const suite::CheckResult& m_suiteResult;
    std::size_t m_budget;
    std::vector<SearchStream> m_streams;
    bool m_orderMatters;
    exec::ExecLimits m_limits;
};

} // namespace

std::size_t searchLimit(const SearchOptions& options)
{
    return options.budget * streamProfiles(options).size();
}

SearchOutcome searchPastSuite(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                              suite::Suite& suite, const suite::CheckResult& suiteResult,
                              const suite::CheckOptions& check, const SearchOptions& options,
                              const std::atomic<bool>* cancel)
{
    SearchOutcome outcome;
    outcome.check = suiteResult;
    if (suiteResult.verdict != suite::VerdictKind::Equivalent || options.budget == 0) return outcome;
    const Search search(schema, suiteResult, check, options, cancel);
    for (std::size_t start = 0; start < search.size(); start += kBatch) {
        const std::size_t count = std::min(kBatch, search.size() - start);
        std::vector<Trial> trials(count);
        parallelFor(count, options.jobs, [&](std::size_t i, unsigned worker) { trials[i] = search.trial(start + i, worker); },
                    [](std::size_t, std::size_t) {});
        if (cancelRequested(cancel)) {
            outcome.cancelled = true;
            return outcome;
        }
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t index = start + i;
            if (!trials[i].built) continue;
            ++outcome.tried;
            outcome.targetedTried += search.targeted(index) ? 1 : 0;
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
