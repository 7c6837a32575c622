// From a verdict's separating database to the counterexample users read.

#include "core/minimize/counterexample.h"

#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/fuzz/sampler.h"
#include "core/minimize/separating_database.h"

#include <algorithm>
#include <optional>

namespace sqleq::minimize {
namespace {

schema::DatabaseContent wholeDatabase(const exec::Bytes& bytes, const schema::Schema& schema)
{
    auto connection = exec::Connection::deserializeCopy(bytes);
    if (!connection) return {};
    auto content = schema::readContent(*connection, schema);
    return content ? std::move(*content) : schema::DatabaseContent{};
}

SourceRows everyRow(const schema::DatabaseContent& content)
{
    SourceRows sources;
    for (const auto& entry : content.tables) {
        auto& rows = sources.emplace_back(entry.rows.size());
        for (std::size_t row = 0; row < rows.size(); ++row) rows[row] = row;
    }
    return sources;
}

void runBoth(Counterexample& counterexample, const schema::Schema& schema, const suite::CheckResult& check,
             const exec::ExecLimits& limits)
{
    auto connection = schema::materialize(schema, counterexample.content);
    if (!connection) {
        counterexample.goldOutcome = check.goldOutcome;
        counterexample.candidateOutcome = check.candidateOutcome;
        counterexample.comparison = check.comparison;
        return;
    }
    counterexample.goldOutcome = exec::runQuery(*connection, check.goldUsed, limits);
    counterexample.candidateOutcome = exec::runQuery(*connection, check.candidateUsed, limits);
    counterexample.comparison = compare::compareOutcomes(counterexample.goldOutcome, counterexample.candidateOutcome,
                                                         check.comparison.orderMatters);
}

} // namespace

bool Counterexample::isRead(std::string_view table) const
{
    return std::any_of(tablesRead.begin(), tablesRead.end(),
                       [&](const std::string& name) { return schema::sameIdentifier(name, table); });
}

namespace {

/// One separating database shrunk (or shown whole, with the reason) for `check`, whose
/// outcomes and comparison are the ones the pair gave on that database.
Counterexample shrinkOne(const schema::Schema& schema, const schema::Schema& readable, const exec::Bytes& bytes,
                         const suite::CheckResult& check, bool keepTablesNonEmpty, const exec::ExecLimits& limits,
                         const std::atomic<bool>* cancel)
{
    SeparationCase separation{&readable, &schema, check.goldUsed, check.candidateUsed,
                              check.comparison.orderMatters, keepTablesNonEmpty, limits, cancel};
    Counterexample counterexample;
    counterexample.tablesRead = tablesReadByEither(schema, check.goldUsed, check.candidateUsed);
    // A candidate that ran out of its budget here would run out again on every database
    // the shrinking tries: show the database whole, with the outcomes the check saw.
    const auto status = check.candidateOutcome.status;
    if (status == exec::OutcomeStatus::Timeout || status == exec::OutcomeStatus::WallClockTimeout) {
        counterexample.content = wholeDatabase(bytes, readable);
        counterexample.sourceRows = everyRow(counterexample.content);
        counterexample.rowsBefore = counterexample.content.rowCount();
        counterexample.note = "shown whole: the candidate ran past its budget on it, and shrinking would run it again "
                              "on every smaller database";
        counterexample.goldOutcome = check.goldOutcome;
        counterexample.candidateOutcome = check.candidateOutcome;
        counterexample.comparison = check.comparison;
        return counterexample;
    }
    auto minimized = minimizeSeparatingDatabase(bytes, separation);
    // A database sqleq did not build (the original, a prebuilt suite's file) may break
    // the foreign keys the schema promises: shrunk as it is, keys unenforced, rather than
    // shown whole. The counterexample then says which promise it breaks.
    std::optional<schema::Schema> unkeyed;
    const bool hasKeys = std::any_of(readable.tables.begin(), readable.tables.end(),
                                     [](const schema::Table& table) { return !table.foreignKeys.empty(); });
    if (!minimized && hasKeys) {
        unkeyed = readable;
        for (schema::Table& table : unkeyed->tables) table.foreignKeys.clear();
        SeparationCase asItIs = separation;
        asItIs.schema = &*unkeyed;
        asItIs.keySchema = &*unkeyed;
        if (auto retried = minimizeSeparatingDatabase(bytes, asItIs)) minimized = std::move(retried);
        else unkeyed.reset();
    }
    const bool keysUnenforced = unkeyed.has_value();
    if (minimized) {
        counterexample.content = std::move(minimized->content);
        counterexample.sourceRows = std::move(minimized->sourceRows);
        counterexample.rowsBefore = minimized->rowsBefore;
        counterexample.minimized = !minimized->cancelled && !minimized->budgetExhausted;
        if (keysUnenforced)
            counterexample.note = "shrunk with foreign keys unenforced: the separating database breaks them";
        if (minimized->cancelled) counterexample.note = "minimization stopped early";
        if (minimized->budgetExhausted) counterexample.note = "minimization ran out of its query budget";
    } else {
        counterexample.content = wholeDatabase(bytes, readable);
        counterexample.sourceRows = everyRow(counterexample.content);
        counterexample.rowsBefore = counterexample.content.rowCount();
        counterexample.note = "shown whole: " + minimized.error().message;
    }
    runBoth(counterexample, keysUnenforced ? *unkeyed : readable, check, limits);
    return counterexample;
}

/// `check` as it would read had database `d` separated the pair first: both queries
/// run on it, nothing when it does not separate them the way a `different` verdict
/// does (the gold runs, the candidate runs, the results differ).
std::optional<suite::CheckResult> separationOn(const suite::Suite& suite, std::size_t d,
                                               const suite::CheckResult& check, const exec::ExecLimits& limits)
{
    auto connection = exec::Connection::deserializeCopy(suite.databases[d].bytes);
    if (!connection) return std::nullopt;
    suite::CheckResult there = check;
    there.separatingDatabase = static_cast<int>(d);
    there.goldOutcome = exec::runQuery(*connection, check.goldUsed, limits);
    if (!there.goldOutcome.ok()) return std::nullopt;
    there.candidateOutcome = exec::runQuery(*connection, check.candidateUsed, limits);
    if (!there.candidateOutcome.ok()) return std::nullopt;
    there.comparison = compare::compareOutcomes(there.goldOutcome, there.candidateOutcome, check.comparison.orderMatters);
    if (there.comparison.same()) return std::nullopt;
    return there;
}

/// A minimized counterexample beats one that is not; then the one with fewer rows.
bool smaller(const Counterexample& a, const Counterexample& b)
{
    if (a.minimized != b.minimized) return a.minimized;
    return a.content.rowCount() < b.content.rowCount();
}

} // namespace

std::optional<Counterexample> buildCounterexample(const schema::Schema& schema, const suite::Suite& suite,
                                                  const suite::CheckResult& check, bool keepTablesNonEmpty,
                                                  const exec::ExecLimits& limits, const std::atomic<bool>* cancel)
{
    if (check.verdict != suite::VerdictKind::Different || check.separatingDatabase < 0
        || static_cast<std::size_t>(check.separatingDatabase) >= suite.databases.size()) {
        return std::nullopt;
    }
    // Some Spider keys point at columns SQLite cannot enforce; the sampler honours them anyway.
    const schema::Schema readable = fuzz::materializableSchema(schema);
    const auto first = static_cast<std::size_t>(check.separatingDatabase);
    Counterexample counterexample
        = shrinkOne(schema, readable, suite.databases[first].bytes, check, keepTablesNonEmpty, limits, cancel);
    counterexample.database = check.separatingDatabase;
    if (counterexample.minimized || cancelRequested(cancel)) return counterexample;
    // The first separating database cannot be shrunk (the user's original may break the
    // profile's promises, shrinking may stop early): a later one that separates them
    // too may give a counterexample a reader can take in at a glance.
    std::optional<Counterexample> best;
    for (std::size_t d = first + 1; d < suite.databases.size() && !cancelRequested(cancel); ++d) {
        const auto there = separationOn(suite, d, check, limits);
        if (!there) continue;
        Counterexample other = shrinkOne(schema, readable, suite.databases[d].bytes, *there, keepTablesNonEmpty,
                                         limits, cancel);
        other.database = static_cast<int>(d);
        if (!best || smaller(other, *best)) best = std::move(other);
    }
    if (!best || !smaller(*best, counterexample) || cancelRequested(cancel)) return counterexample;
    best->firstNotShrunk = counterexample.note.empty() ? std::string("it could not be shrunk") : counterexample.note;
    return best;
}

} // namespace sqleq::minimize
