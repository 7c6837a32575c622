// The nearest-neighbor diagnosis: among the gold's neighbors (each one edit away from
// the gold), those that give the candidate's result on every database tried. Such a
// neighbor names the one edit that explains the candidate's behaviour, e.g. "the
// candidate is the gold with `>` changed to `>=`".

#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/fuzz/sampler.h"
#include "core/inspect/inspection_steps.h"
#include "core/suite/spider_options.h"
#include "core/base/ascii_case.h"
#include "core/sql/lexer.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace sqleq::inspect {
namespace {

/// Every database the diagnosis looks at, smallest first: the counterexample, then the
/// suite's by size. A neighbor matches only if it matches on all of them, so the order
/// changes no match; but most neighbors differ from the candidate on a small database,
/// and are then never run on a large original (world_1's self-join: a second a run).
std::vector<exec::Connection> diagnosisDatabases(const Inspection& inspection, const schema::Schema& schema)
{
    std::vector<exec::Connection> connections;
    if (inspection.counterexample) {
        auto connection = schema::materialize(fuzz::materializableSchema(schema), inspection.counterexample->content);
        if (connection) connections.push_back(std::move(*connection));
    }
    const auto& databases = inspection.distilled.suite.databases;
    std::vector<std::size_t> bySize(databases.size());
    for (std::size_t d = 0; d < bySize.size(); ++d) bySize[d] = d;
    std::stable_sort(bySize.begin(), bySize.end(), [&](std::size_t a, std::size_t b) {
        return databases[a].bytes.size() < databases[b].bytes.size();
    });
    for (const std::size_t d : bySize) {
        if (auto connection = exec::Connection::deserializeCopy(databases[d].bytes)) {
            connections.push_back(std::move(*connection));
        }
    }
    return connections;
}

/// What a run cost the diagnosis's step budget: its steps, a whole query budget when it
/// ran out of time.
int64_t stepsOf(const exec::QueryOutcome& outcome, const exec::ExecLimits& limits)
{
    const bool timedOut = outcome.status == exec::OutcomeStatus::Timeout
                          || outcome.status == exec::OutcomeStatus::WallClockTimeout;
    return timedOut ? std::max(outcome.vmSteps, limits.maxSteps) : std::max<int64_t>(outcome.vmSteps, 0);
}

/// Same tokens, keywords and names compared without case (as SQLite reads them),
/// literals as written: spacing and the case of keywords are not an edit.
bool sameTokens(std::string_view a, std::string_view b)
{
    std::vector<sql::Token> left;
    std::vector<sql::Token> right;
    sql::Lexer(a).tokenize(left);
    sql::Lexer(b).tokenize(right);
    if (left.size() != right.size()) return false;
    for (std::size_t i = 0; i < left.size(); ++i) {
        if (left[i].kind != right[i].kind) return false;
        const std::string_view x = left[i].text(a);
        const std::string_view y = right[i].text(b);
        const bool literal = left[i].kind == sql::TokenKind::String || left[i].kind == sql::TokenKind::Blob;
        if (literal ? x != y : asciiLower(x) != asciiLower(y)) return false;
    }
    return true;
}

std::string trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

} // namespace

std::string explainCandidate(std::string_view goldSql, const Diagnosis& diagnosis)
{
    // Only the neighbor the candidate *is* explains it: one that merely gave the same
    // rows on the databases tried may be a coincidence (`34` → `-5` passes every row as
    // a dropped WHERE does; `age > 35` picks the same people as `name LIKE 'C%'`).
    const auto& matches = diagnosis.nearestNeighbors;
    const auto best = std::find_if(matches.begin(), matches.end(), [](const NeighborMatch& match) { return match.sameText; });
    if (best == matches.end()) return {};
    const std::string gold = exec::officialPostprocess(goldSql);
    const SourceSpan span = best->neighbor.goldSpan;
    // A dropped span carries the space before it (" WHERE age > 34"): quoted, it is trimmed.
    const std::string changed = trimmed(
        span.valid() && span.end <= gold.size() ? gold.substr(span.begin, span.end - span.begin) : std::string());
    const std::string replacement = trimmed(best->neighbor.replacement);
    if (replacement.empty()) return fmt::format("the candidate drops `{}`", changed);
    if (changed.empty()) return fmt::format("the candidate adds `{}`", replacement);
    return fmt::format("the candidate has `{}` where the gold has `{}`", replacement, changed);
}

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
                              const std::atomic<bool>* cancel, const ProgressCallback& progress)
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
    // sqleq's verdict judges the queries as written, so the neighbors are run as written
    // too (DISTINCT kept): dropping a DISTINCT is an edit that explains a candidate, even
    // where the metric's convention makes it no edit at all.
    const auto& statuses = inspection.distilled.golds.front().neighbors;
    const std::string goldWritten = suite::textAsRun(inspection.distilled.golds.front().goldSql, true);
    std::vector<std::string> written(statuses.size());
    // A neighbor whose text is the candidate's is tried first, so the cap never hides it.
    std::vector<std::size_t> order(statuses.size());
    std::vector<bool> sameText(statuses.size());
    for (std::size_t n = 0; n < statuses.size(); ++n) {
        order[n] = n;
        written[n] = suite::textAsRun(statuses[n].neighbor.sql, true);
        sameText[n] = sameTokens(written[n], inspection.check.candidateUsed);
    }
    std::stable_partition(order.begin(), order.end(), [&](std::size_t n) { return sameText[n]; });
    const int64_t budget = limits.maxSteps > 0 ? kDiagnosisWorkBudgets * limits.maxSteps : 0;
    int64_t spent = 0;
    std::size_t tried = 0;
    const auto tell = [&] {
        if (!progress) return;
        Progress step;
        step.phase = "diagnosing";
        step.done = tried;
        step.total = order.size();
        progress(step);
    };
    tell();
    for (const std::size_t n : order) {
        const auto& status = statuses[n];
        if (matches.size() >= kMaxNearestNeighbors) return;
        if (cancelRequested(cancel)) return;
        if (budget > 0 && spent > budget) {
            inspection.diagnosis.stepBudgetSpent = true;
            return;
        }
        ++tried;
        if (sameTokens(written[n], goldWritten)) continue;
        bool behavesLikeCandidate = true;
        for (std::size_t d = 0; d < connections.size() && behavesLikeCandidate; ++d) {
            const auto outcome = exec::runQuery(connections[d], written[n], limits);
            spent += stepsOf(outcome, limits);
            // Both failing is no evidence of the same behaviour: they may fail for different reasons.
            behavesLikeCandidate = outcome.ok() && candidateOutcomes[d].ok()
                && compare::compareOutcomes(outcome, candidateOutcomes[d], inspection.orderMatters).same();
        }
        if (behavesLikeCandidate) matches.push_back({status.neighbor, written[n], sameText[n]});
        tell();
    }
}

} // namespace sqleq::inspect
