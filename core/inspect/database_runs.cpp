// Both queries, as judged, on every database of an inspection, with each database
// read back: what the GUI's per-database list and table view show, and the one way
// a database of that list is named. The statuses come from the same comparison rule
// as the verdict.

#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/fuzz/sampler.h"
#include "core/inspect/inspection_steps.h"

#include <fmt/format.h>

namespace sqleq::inspect {
namespace {

DatabaseStatus statusOf(const exec::QueryOutcome& gold, const exec::QueryOutcome& candidate,
                        const compare::Comparison& comparison)
{
    if (!gold.ok()) return DatabaseStatus::GoldError;
    if (!candidate.ok()) return DatabaseStatus::CandidateError;
    return comparison.same() ? DatabaseStatus::Same : DatabaseStatus::Different;
}

} // namespace

std::string databaseName(std::size_t index, std::string_view label)
{
    return label.empty() ? fmt::format("#{}", index) : fmt::format("#{} ({})", index, label);
}

void runEveryDatabase(Inspection& inspection, const schema::Schema& schema, const exec::ExecLimits& limits,
                      const std::atomic<bool>* cancel)
{
    // Some Spider keys point at columns SQLite cannot enforce; the sampler honours them anyway.
    const schema::Schema readable = fuzz::materializableSchema(schema);
    const auto& databases = inspection.distilled.suite.databases;
    inspection.databases.clear();
    inspection.databases.reserve(databases.size());
    for (std::size_t d = 0; d < databases.size(); ++d) {
        if (cancelRequested(cancel)) return;
        DatabaseRun run;
        run.label = databases[d].label;
        run.origin = databases[d].origin;
        run.fromSearch = d >= inspection.metricDatabases;
        auto connection = exec::Connection::deserializeCopy(databases[d].bytes);
        if (!connection) {
            run.goldOutcome.error = connection.error();
            run.status = DatabaseStatus::GoldError;
            inspection.databases.push_back(std::move(run));
            continue;
        }
        if (auto content = schema::readContent(*connection, readable)) run.content = std::move(*content);
        run.goldOutcome = exec::runQuery(*connection, inspection.check.goldUsed, limits);
        run.candidateOutcome = exec::runQuery(*connection, inspection.check.candidateUsed, limits);
        run.comparison = compare::compareOutcomes(run.goldOutcome, run.candidateOutcome, inspection.orderMatters);
        run.status = statusOf(run.goldOutcome, run.candidateOutcome, run.comparison);
        inspection.databases.push_back(std::move(run));
    }
}

} // namespace sqleq::inspect
