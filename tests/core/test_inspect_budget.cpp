// Unit tests of what one inspection reports while it runs and how its budgets bound it:
// every phase reports progress (the original database query by query, the diagnosis
// neighbor by neighbor), the time limit stops a run and the verdict says so, and the
// diagnosis stops at its step budget. Behaviour only: no assertion reads a clock.
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"
#include "core/inspect/inspection_steps.h"
#include "core/schema/schema_source.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

using namespace sqleq;
using suite::VerdictKind;

namespace {

/// The people table with an original of 40 rows, none of them aged exactly 34 unless
/// `with34`: the original alone does not separate `age > 34` from `age >= 34`, a sampled
/// database does.
schema::SchemaSource peopleWithOriginal(bool with34 = false)
{
    std::string script = "CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);\n";
    for (int i = 0; i < 40; ++i) {
        const int age = 20 + i == 34 && !with34 ? 60 : 20 + i;
        script += "INSERT INTO people VALUES(" + std::to_string(i) + ", 'p" + std::to_string(i) + "', "
                  + std::to_string(age) + ");\n";
    }
    schema::SchemaSourceSpec spec;
    spec.kind = schema::SchemaSourceKind::DdlScript;
    spec.content = script;
    spec.name = "people";
    auto source = schema::openSchemaSource(spec);
    if (!source) qFatal("schema failed: %s", source.error().message.c_str());
    return std::move(*source);
}

inspect::CheckRequest pair(std::string gold, std::string candidate)
{
    inspect::CheckRequest request;
    request.gold = std::move(gold);
    request.candidate = std::move(candidate);
    request.settings.jobs = 2;
    request.settings.samplingBudget = 200;
    request.settings.nameProfile(fuzz::Profile::Spider);
    request.otherProfile = false;
    return request;
}

/// Every progress report, in order.
struct Recorded {
    std::vector<Progress> reports;
    [[nodiscard]] std::vector<Progress> of(const std::string& phase) const
    {
        std::vector<Progress> out;
        for (const Progress& report : reports)
            if (report.phase == phase) out.push_back(report);
        return out;
    }
};

} // namespace

class TestInspectBudget : public QObject {
    Q_OBJECT

private slots:
    void theOriginalDatabaseReportsItsQueries()
    {
        Recorded recorded;
        const auto inspection = inspect::inspect(peopleWithOriginal(),
                                                 pair("SELECT name FROM people WHERE age > 34",
                                                      "SELECT name FROM people WHERE age >= 34"),
                                                 [&](const Progress& p) { recorded.reports.push_back(p); });
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict, VerdictKind::Different);
        // The original is one unit of work: its phase names it and counts its queries,
        // the gold's and every open neighbor's, up to all of them once it is done.
        const auto original = recorded.of("original database");
        QVERIFY(!original.empty());
        const std::size_t neighbors = inspection->distilled.golds.front().neighbors.size();
        QVERIFY(neighbors > 1);
        QVERIFY(original.back().total > 1);
        QVERIFY(original.back().total <= 1 + neighbors);
        QCOMPARE(original.back().done, original.back().total);
        // Sampling comes after it and reports too.
        QVERIFY(!recorded.of("sampling").empty());
    }

    void theDiagnosisReportsEveryNeighborItTries()
    {
        Recorded recorded;
        const auto inspection = inspect::inspect(peopleWithOriginal(),
                                                 pair("SELECT name FROM people WHERE age > 34",
                                                      "SELECT name FROM people WHERE age >= 34"),
                                                 [&](const Progress& p) { recorded.reports.push_back(p); });
        QVERIFY(inspection.ok());
        QVERIFY(separatesOrFails(*inspection));
        const auto diagnosing = recorded.of("diagnosing");
        // One report as it starts, then one per neighbor tried, counting up to the total.
        QVERIFY(diagnosing.size() > 2);
        const std::size_t total = diagnosing.back().total;
        QVERIFY(total > 1);
        std::size_t previous = 0;
        for (std::size_t i = 1; i < diagnosing.size(); ++i) {
            QCOMPARE(diagnosing[i].total, total);
            QVERIFY(diagnosing[i].done >= previous);
            previous = diagnosing[i].done;
        }
        QVERIFY(previous > 1);
        QVERIFY(!inspection->diagnosis.stepBudgetSpent);
    }

    void theTimeLimitStopsARunAndTheVerdictSaysSo()
    {
        // `age > 34 OR age > 35` has neighbors no database tells from it (35 → 36), so
        // with a budget of a million databases sampling would run for many minutes: only
        // the time limit ends it. Not proved first, so the run has to sample.
        auto request = pair("SELECT name FROM people WHERE age > 34 OR age > 35", "SELECT name FROM people WHERE age > 34");
        request.settings.samplingBudget = 1'000'000;
        request.settings.prove = false;
        request.settings.timeLimitSeconds = 0.5;
        const schema::SchemaSource source = peopleWithOriginal();
        const auto inspection = inspect::inspect(source, request);
        QVERIFY(inspection.ok());
        QVERIFY(!inspection->cancelled);
        QVERIFY(inspection->timeLimitReached);
        QVERIFY(inspection->verdictCutShort);
        QVERIFY(!inspection->phaseAtTimeLimit.empty());
        QVERIFY(inspection->distilled.sampled < request.settings.samplingBudget);
        // An `equivalent` that rests on what was tried before the limit, and no search.
        QCOMPARE(inspection->check.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection->evidence.searchDatabases, std::size_t{0});
        const auto json = inspect::inspectionJson(source.schema, *inspection);
        QCOMPARE(json.at("time_limit_reached").get<bool>(), true);
        QCOMPARE(json.at("verdict_cut_short").get<bool>(), true);
    }

    void aDifferenceFoundBeforeTheTimeLimitStands()
    {
        // The original separates them and joins the suite first; sampling then runs into
        // the limit. The verdict stands, and no counterexample is shown whose two runs the
        // limit cancelled.
        auto request = pair("SELECT name FROM people WHERE age > 34 OR age > 35", "SELECT name FROM people WHERE age >= 34");
        request.settings.samplingBudget = 1'000'000;
        request.settings.prove = false;
        request.settings.timeLimitSeconds = 0.5;
        const auto inspection = inspect::inspect(peopleWithOriginal(true), request);
        QVERIFY(inspection.ok());
        QVERIFY(inspection->verdictCutShort);
        QCOMPARE(inspection->check.verdict, VerdictKind::Different);
        QCOMPARE(inspection->check.separatingDatabase, 0);
        if (inspection->counterexample) {
            QVERIFY(inspection->counterexample->goldOutcome.ok());
            QVERIFY(inspection->counterexample->candidateOutcome.ok());
        }
    }

    void withoutATimeLimitNothingIsCut()
    {
        auto request = pair("SELECT name FROM people WHERE age > 34", "SELECT name FROM people WHERE age >= 34");
        request.settings.timeLimitSeconds = 0;
        const auto inspection = inspect::inspect(peopleWithOriginal(), request);
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict, VerdictKind::Different);
        QVERIFY(!inspection->timeLimitReached);
        QVERIFY(!inspection->verdictCutShort);
    }

    void theDiagnosisStopsAtItsStepBudget()
    {
        // The same inspection without its diagnosis, then the diagnosis alone under a
        // query budget so small that a handful of neighbor runs spend kDiagnosisWorkBudgets
        // of it: it stops and says so, deterministically (steps, not time).
        auto request = pair("SELECT name FROM people WHERE age > 34", "SELECT name FROM people WHERE age >= 34");
        request.diagnose = false;
        const schema::SchemaSource source = peopleWithOriginal();
        auto inspection = inspect::inspect(source, request);
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict, VerdictKind::Different);
        exec::ExecLimits tiny = inspect::queryLimits(request.settings);
        tiny.maxSteps = 1;  // every run past its first progress callback costs a whole budget
        std::vector<std::size_t> tried;
        inspect::diagnoseNearestNeighbors(*inspection, source.schema, tiny, nullptr,
                                          [&](const Progress& p) { tried.push_back(p.done); });
        QVERIFY(inspection->diagnosis.stepBudgetSpent);
        QVERIFY(!tried.empty());
        QVERIFY(tried.back() < inspection->distilled.golds.front().neighbors.size());
    }

private:
    static bool separatesOrFails(const inspect::Inspection& inspection)
    {
        return inspection.check.verdict == VerdictKind::Different || inspection.check.verdict == VerdictKind::CandidateError;
    }
};

QTEST_APPLESS_MAIN(TestInspectBudget)
#include "test_inspect_budget.moc"
