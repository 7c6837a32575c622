// The nearest-neighbor diagnosis: among the gold's neighbors (each one edit away from
// the gold), those that give the candidate's result on every database tried. Such a
// neighbor names the one edit that explains the candidate's behaviour, e.g. "the
// candidate is the gold with `>` changed to `>=`".

#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/fuzz/sampler.h"
#include "core/inspect/inspection_steps.h"

#include <fmt/format.h>

#include <optional>

namespace sqleq::inspect {
namespace {

/// Every database the diagnosis looks at: the suite's, then the counterexample.
std::vector<exec::Connection> diagnosisDatabases(const Inspection& inspection, const schema::Schema& schema)
{
    std::vector<exec::Connection> connections;
    for (const auto& database : inspection.distilled.suite.databases) {
        if (auto connection = exec::Connection::deserializeCopy(database.bytes)) {
            connections.push_back(std::move(*connection));
        }
    }
    if (inspection.counterexample) {
        auto connection = schema::materialize(fuzz::materializableSchema(schema), inspection.counterexample->content);
        if (connection) connections.push_back(std::move(*connection));
    }
    return connections;
}

} // namespace

std::string describeNeighbor(std::string_view goldSql, const neighbors::Neighbor& neighbor)
{
    // Neighbor spans point into the postprocessed gold, the text they were generated from.
    const std::string gold = exec::officialPostprocess(goldSql);
    const SourceSpan span = neighbor.goldSpan;
    const std::string changed = span.valid() && span.end <= gold.size()
        ? gold.substr(span.begin, span.end - span.begin) : std::string();
    if (neighbor.replacement.empty()) return fmt::format("the gold without `{}`", changed);
    if (changed.empty()) return fmt::format("the gold with `{}` inserted", neighbor.replacement);
    return fmt::format("the gold with `{}` → `{}`", changed, neighbor.replacement);
}

void diagnoseNearestNeighbors(Inspection& inspection, const schema::Schema& schema, const exec::ExecLimits& limits,
                              const std::atomic<bool>* cancel)
{
    auto& matches = inspection.diagnosis.nearestNeighbors;
    matches.clear();
    // A neighbor matches only where the candidate runs, and it failed on the separating database.
    if (inspection.distilled.golds.empty() || !inspection.check.candidateOutcome.ok()) return;
    std::vector<exec::Connection> connections = diagnosisDatabases(inspection, schema);
    if (connections.empty()) return;
    // A neighbor matches only where the candidate runs; where it fails (often after its
    // whole budget: a hostile candidate) no neighbor can match, so stop at the first failure.
    std::vector<exec::QueryOutcome> candidateOutcomes;
    candidateOutcomes.reserve(connections.size());
    for (auto& connection : connections) {
        candidateOutcomes.push_back(exec::runQuery(connection, inspection.check.candidateUsed, limits));
        if (!candidateOutcomes.back().ok()) return;
    }
    for (const auto& status : inspection.distilled.golds.front().neighbors) {
        if (matches.size() >= kMaxNearestNeighbors) return;
        if (cancelRequested(cancel)) return;
        if (status.sameAsGoldWhenRun) continue;
        bool behavesLikeCandidate = true;
        for (std::size_t d = 0; d < connections.size() && behavesLikeCandidate; ++d) {
            const auto outcome = exec::runQuery(connections[d], status.sqlRun, limits);
            // Both failing is no evidence of the same behaviour: they may fail for different reasons.
            behavesLikeCandidate = outcome.ok() && candidateOutcomes[d].ok()
                && compare::compareOutcomes(outcome, candidateOutcomes[d], inspection.orderMatters).same();
        }
        if (behavesLikeCandidate) matches.push_back({status.neighbor, status.sqlRun});
    }
}

} // namespace sqleq::inspect
