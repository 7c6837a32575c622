// Renders an Inspection as the JSON object `check --json` prints; shared with the
// Python module so that Inspection.to_dict() and the CLI can never drift apart.
#include "core/inspect/inspection_json.h"

#include "core/inspect/settings_json.h"

#include "core/prove/proof_json.h"

#include "core/fuzz/profile.h"

#include <string>
#include <vector>

namespace sqleq::inspect {
namespace {

nlohmann::json nearestNeighborsJson(const Inspection& inspection)
{
    nlohmann::json nearest = nlohmann::json::array();
    for (const auto& match : inspection.diagnosis.nearestNeighbors) {
        nearest.push_back({{"family", neighbors::familyName(match.neighbor.family)},
                           {"description", describeNeighbor(inspection.distilled.golds.front().goldSql, match.neighbor)},
                           {"gold_span", {match.neighbor.goldSpan.begin, match.neighbor.goldSpan.end}},
                           {"replacement", match.neighbor.replacement},
                           {"same_text", match.sameText},
                           {"neighbor_sql", match.neighbor.sql}});
    }
    return nearest;
}

nlohmann::json clausesJson(const Inspection& inspection)
{
    nlohmann::json clauses = nlohmann::json::array();
    for (const auto& difference : inspection.diagnosis.clauses) {
        clauses.push_back({{"clause", clauseName(difference.clause)},
                           {"gold", difference.gold},
                           {"candidate", difference.candidate}});
    }
    return clauses;
}

nlohmann::json nondeterminismJson(const Inspection& inspection)
{
    const auto& order = inspection.diagnosis.nondeterminism;
    return {{"gold", order.gold},
            {"candidate", order.candidate},
            {"tie_break_only", order.tieBreakOnly},
            {"gold_alternative_rows",
             order.gold ? compare::rowsToJson(order.goldAlternative.result.rows) : nlohmann::json()},
            {"candidate_alternative_rows",
             order.candidate ? compare::rowsToJson(order.candidateAlternative.result.rows) : nlohmann::json()}};
}

} // namespace

NeighborCounts countNeighbors(const suite::DistillResult& distilled)
{
    NeighborCounts counts;
    for (const auto& gold : distilled.golds) {
        for (const auto& status : gold.neighbors) {
            if (status.sameAsGoldWhenRun) continue;  // reads like the gold once DISTINCT is removed
            ++counts.total;
            counts.distinguished += status.distinguishedBy >= 0 ? 1 : 0;
        }
    }
    return counts;
}

nlohmann::json counterexampleJson(const schema::Schema& schema,
                                  const std::optional<minimize::Counterexample>& counterexample)
{
    nlohmann::json out;
    if (!counterexample) {
        out["counterexample"] = nullptr;
        out["gold_rows"] = nullptr;
        out["candidate_rows"] = nullptr;
        out["gold_columns"] = nullptr;
        out["candidate_columns"] = nullptr;
        return out;
    }
    nlohmann::json tables = nlohmann::json::object();
    nlohmann::json columns = nlohmann::json::object();
    nlohmann::json sources = nlohmann::json::object();
    for (std::size_t entry = 0; entry < counterexample->content.tables.size(); ++entry) {
        const auto& table = counterexample->content.tables[entry];
        tables[table.table] = compare::rowsToJson(table.rows);
        columns[table.table] = schema.columnNames(table.table);
        if (entry < counterexample->sourceRows.size()) sources[table.table] = counterexample->sourceRows[entry];
    }
    out["counterexample"] = tables;
    out["counterexample_columns"] = columns;
    out["counterexample_source_rows"] = sources;
    out["counterexample_rows"] = {{"before", counterexample->rowsBefore},
                                  {"after", counterexample->content.rowCount()},
                                  {"minimized", counterexample->minimized}};
    if (!counterexample->note.empty()) out["counterexample_note"] = counterexample->note;
    out["counterexample_tables_read"] = counterexample->tablesRead;
    out["counterexample_outside_profile"] = counterexample->outsideProfile.empty()
                                                ? nlohmann::json(nullptr)
                                                : nlohmann::json(counterexample->outsideProfile);
    out["gold_rows"] = compare::rowsToJson(counterexample->goldOutcome.result.rows);
    out["candidate_rows"] = compare::rowsToJson(counterexample->candidateOutcome.result.rows);
    // The results' column names as SQLite gives them, for the tables that show those rows.
    out["gold_columns"] = counterexample->goldOutcome.result.columnNames;
    out["candidate_columns"] = counterexample->candidateOutcome.result.columnNames;
    return out;
}

namespace {

/// {"profile", "verdict", "basis", "found_by", "searched", "message"}, or null when
/// not judged (no search, an error verdict, or the request did not ask).
nlohmann::json otherProfileJson(const std::optional<OtherProfileVerdict>& other)
{
    if (!other) return nullptr;
    nlohmann::json out{{"profile", fuzz::profileName(other->profile)},
                       {"verdict", suite::verdictKindName(other->verdict)},
                       {"basis", otherProfileBasisName(other->basis)},
                       {"searched", other->searched},
                       {"message", describeOtherProfile(*other)}};
    out["found_by"] = other->foundBy.empty() ? nlohmann::json() : nlohmann::json(other->foundBy);
    return out;
}

} // namespace

nlohmann::json inspectionJson(const schema::Schema& schema, const Inspection& inspection)
{
    const CheckSettings& settings = inspection.settings;
    const auto& check = inspection.check;
    const auto& suite = inspection.distilled.suite;
    const auto counts = countNeighbors(inspection.distilled);
    nlohmann::json out = counterexampleJson(schema, inspection.counterexample);
    out["verdict"] = suite::verdictKindName(check.verdict);
    out["suite_verdict"] = suite::verdictKindName(inspection.suiteCheck.verdict);
    out["test_suite_false_positive"] = inspection.testSuiteFalsePositive;
    out["suite_verdict_from_proof"] = inspection.suiteVerdictFromProof;
    out["convention_note"] = inspection.conventionNote.empty() ? nlohmann::json() : nlohmann::json(inspection.conventionNote);
    out["constraint_notes"] = inspection.constraintNotes;
    out["evidence"] = {{"kind", evidenceKindName(inspection.evidence.kind)},
                       {"databases", inspection.evidence.suiteDatabases},
                       {"search_databases", inspection.evidence.searchDatabases}};
    if (inspection.proof) out["evidence"]["proof"] = prove::proofJson(*inspection.proof, schema);
    if (!inspection.searchFoundBy.empty()) out["found_by"] = inspection.searchFoundBy;
    out["message"] = check.message;
    const bool separated = check.separatingDatabase >= 0;
    out["separating_db"] = separated ? nlohmann::json(check.separatingDatabase) : nlohmann::json();
    out["separating_db_label"] =
        separated ? nlohmann::json(suite.databases[static_cast<std::size_t>(check.separatingDatabase)].label)
                  : nlohmann::json();
    // The database the counterexample was shrunk from: the separating one, or a later
    // one when that could not be shrunk (counterexample_origin says why).
    if (inspection.counterexample) {
        const int from = inspection.counterexample->database;
        out["counterexample_db"] = from;
        out["counterexample_db_label"] = from >= 0 && static_cast<std::size_t>(from) < suite.databases.size()
            ? nlohmann::json(suite.databases[static_cast<std::size_t>(from)].label)
            : nlohmann::json();
        const std::string origin = counterexampleOrigin(inspection);
        out["counterexample_origin"] = origin.empty() ? nlohmann::json() : nlohmann::json(origin);
    }
    out["suite_size"] = inspection.metricDatabases;
    out["databases_checked"] = check.databasesChecked;
    out["sampled"] = inspection.distilled.sampled;
    out["neighbors"] = {{"total", counts.total}, {"distinguished", counts.distinguished}};
    out["comparison"] = compare::toJson(check.comparison);
    out["gold_used"] = check.goldUsed;
    out["candidate_used"] = check.candidateUsed;
    out["diagnosis"] = nearestNeighborsJson(inspection);
    const std::string explanation = inspection.distilled.golds.empty()
        ? std::string()
        : explainCandidate(inspection.distilled.golds.front().goldSql, inspection.diagnosis);
    out["explanation"] = explanation.empty() ? nlohmann::json() : nlohmann::json(explanation);
    out["wall_clock_fired"] = inspection.wallClockFired;
    out["time_limit_reached"] = inspection.timeLimitReached;
    out["verdict_cut_short"] = inspection.verdictCutShort;
    if (inspection.timeLimitReached) out["phase_at_time_limit"] = inspection.phaseAtTimeLimit;
    out["diagnosis_step_budget_spent"] = inspection.diagnosis.stepBudgetSpent;
    out["clauses"] = clausesJson(inspection);
    out["nondeterminism"] = nondeterminismJson(inspection);
    out["profile"] = fuzz::profileName(settings.profile);
    out["other_profile"] = otherProfileJson(inspection.otherProfile);
    out["seed"] = settings.seed;
    out["settings"] = settingsJson(settings);
    out["seconds"] = inspection.seconds;
    return out;
}

} // namespace sqleq::inspect
