// One request, one answer: the same pair with the same settings goes through every
// front end — `sqleq-cli check --json`, `sqleq.check(...).to_dict()`, the inspector's
// session run, `sqleq-cli eval --out` and an audit project's item — and must get the
// same verdict, suite verdict, evidence (a proof for the proved pair), counterexample and
// diagnosis, field by field (elapsed times aside). A front end that set a stage's option behind core's back
// (another step budget for distillation, another profile for the search) fails here: a
// suite distilled by `sqleq-cli distill` or the audit build is the suite `check` builds,
// an audit item opened in the inspector runs under the project's settings, and
// `eval --timeout` reaches SQL-Eval.
#include "core/dataset/dataset_layout.h"
#include "core/audit/audit.h"
#include "core/inspect/inspection_json.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables_writer.h"
#include "core/suite/suite.h"
#include "ui/audit/audit_session.h"
#include "ui/session/run_result.h"
#include "ui/session/session_job.h"
#include "tests/ui/gui_test_main.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace sqleq;
using nlohmann::json;

namespace {

// A schema with CHECKs the sampler must honour and a key the joins follow.
constexpr const char* kDdl = R"(CREATE TABLE dept (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  budget INTEGER CHECK (budget >= 0)
);
CREATE TABLE emp (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  age INTEGER CHECK (age BETWEEN 18 AND 70),
  salary REAL CHECK (salary > 0),
  dept_id INTEGER REFERENCES dept(id)
);
)";

struct Pair {
    const char* gold;
    const char* candidate;
};

// Different by a boundary, equivalent rewrites, a GROUP BY over a join, ORDER BY ...
// LIMIT against a subquery, a candidate that does not run, and a constant plug-value fixes.
constexpr Pair kPairs[] = {
    {"SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age >= 30"},
    {"SELECT count(*) FROM emp WHERE age > 30", "SELECT count(*) FROM emp WHERE NOT age <= 30"},
    {"SELECT d.name, count(*) FROM dept AS d JOIN emp AS e ON e.dept_id = d.id GROUP BY d.id",
     "SELECT d.name, count(*) FROM dept AS d JOIN emp AS e ON e.dept_id = d.id GROUP BY d.name"},
    {"SELECT name FROM emp ORDER BY salary DESC LIMIT 1",
     "SELECT name FROM emp WHERE salary = (SELECT max(salary) FROM emp)"},
    {"SELECT name FROM emp WHERE age > 40", "SELECT nme FROM emp WHERE age > 40"},
    {"SELECT name FROM emp WHERE age > 40 AND salary > 1000", "SELECT name FROM emp WHERE age > 35 AND salary > 1000"},
    // Its cost grows with the fourth power of the rows, so the step budget decides on which
    // sampled databases the gold runs: a front end that ran any stage under another
    // budget would get another suite.
    {"SELECT count(*) FROM emp AS a, emp AS b, emp AS c, emp AS d WHERE a.age < b.age AND b.age < c.age AND c.age < d.age",
     "SELECT count(*) FROM emp AS a, emp AS b, emp AS c, emp AS d WHERE a.age <= b.age AND b.age < c.age AND c.age < d.age"},
    // DISTINCT as written: the metric removes it (and accepts these), sqleq keeps it and
    // every front end says `different`, with the metric's convention in words.
    {"SELECT count(DISTINCT dept_id) FROM emp", "SELECT count(dept_id) FROM emp"},
    {"SELECT DISTINCT d.name FROM dept AS d JOIN emp AS e ON e.dept_id = d.id",
     "SELECT d.name FROM dept AS d JOIN emp AS e ON e.dept_id = d.id"},
    {"SELECT count(*) FROM (SELECT DISTINCT dept_id FROM emp)", "SELECT count(*) FROM (SELECT dept_id FROM emp)"},
};
/// The pairs above that differ only by a DISTINCT, from this index on.
constexpr int kFirstDistinctPair = 7;
/// The pair the rewrites prove (`NOT age <= 30` is `age > 30`): every front end says
/// `equivalent (proved)` with the same proof.
constexpr int kProvedPair = 1;
constexpr int kPairCount = static_cast<int>(std::size(kPairs));

/// The settings of one row of the test; every front end is given exactly these.
struct Config {
    fuzz::Profile profile = fuzz::Profile::Spider;
    uint64_t seed = 0;
    int timeoutMs = 300;
    bool plugValue = false;
    int budget = 120;
    int search = 300;  ///< databases searched past the suite
};

const std::map<QString, Config>& configs()
{
    static const std::map<QString, Config> all{
        // Every budget away from its default, so a front end that dropped one gets another answer.
        {QStringLiteral("spider, seed 7, plug-value"), {fuzz::Profile::Spider, 7, 50, true, 120, 40}},
        {QStringLiteral("strict, seed 3"), {fuzz::Profile::Strict, 3, 50, false, 120, 40}},
    };
    return all;
}

QString profileText(fuzz::Profile profile) { return QString::fromStdString(std::string(fuzz::profileName(profile))); }

inspect::CheckSettings runSettings(const Config& config)
{
    inspect::CheckSettings settings;
    settings.nameProfile(config.profile);
    settings.seed = config.seed;
    settings.samplingBudget = static_cast<std::size_t>(config.budget);
    settings.searchBudget = static_cast<std::size_t>(config.search);
    settings.setIdleBudget(config.timeoutMs);
    settings.plugValue = config.plugValue;
    return settings;
}

QString dbIdOf(int pair) { return QStringLiteral("staff_%1").arg(pair); }

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runProcess(const QString& program, const QStringList& arguments, const QProcessEnvironment& environment = {})
{
    QProcess process;
    if (!environment.isEmpty()) process.setProcessEnvironment(environment);
    process.start(program, arguments);
    if (!process.waitForFinished(600'000)) {
        process.kill();
        process.waitForFinished();
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

/// Elapsed times are the only fields allowed to differ between two runs.
json withoutTimes(json object)
{
    object.erase("seconds");
    return object;
}

/// The inspector's result as `check --json` prints an inspection: the same core object,
/// taken back from the parts the session adapted into its RunResult.
json sessionJson(const ui::RunResult& result)
{
    inspect::Inspection inspection;
    inspection.distilled = result.distilled;
    inspection.metricDatabases = result.metricDatabases;
    inspection.suiteCheck = result.suiteCheck;
    inspection.check = result.check;
    inspection.testSuiteFalsePositive = result.testSuiteFalsePositive;
    inspection.suiteVerdictFromProof = result.suiteVerdictFromProof;
    inspection.proof = result.proof;
    inspection.searchFoundBy = result.searchFoundBy.toStdString();
    inspection.conventionNote = result.conventionNote.toStdString();
    inspection.constraintNotes = result.constraintNotes;
    inspection.evidence = result.evidence;
    inspection.diagnosis = result.diagnosis;
    inspection.orderMatters = result.orderMatters;
    inspection.otherProfile = result.otherProfile;
    if (result.counterexample) {
        minimize::Counterexample counterexample;
        counterexample.content = *result.counterexample;
        counterexample.minimized = result.counterexampleMinimized;
        counterexample.note = result.counterexampleNote.toStdString();
        counterexample.rowsBefore = result.counterexampleRowsBefore;
        counterexample.sourceRows = result.counterexampleSourceRows;
        counterexample.goldOutcome = result.counterexampleGold;
        counterexample.candidateOutcome = result.counterexampleCandidate;
        counterexample.comparison = result.counterexampleComparison;
        counterexample.tablesRead = result.tablesRead;
        counterexample.outsideProfile = result.counterexampleOutsideProfile.toStdString();
        counterexample.database = result.counterexampleDatabase;
        counterexample.firstNotShrunk = result.counterexampleFirstNotShrunk.toStdString();
        inspection.counterexample = std::move(counterexample);
    }
    inspection.settings = ui::checkSettings(result.session);
    return inspect::inspectionJson(result.schema, inspection);
}

/// The wall-clock safety net, not the step budget, ended a query in either run: the
/// verdict says it may differ on another machine (or a busier moment), so two runs are
/// not expected to agree field by field. Said in the log, never silently.
bool wallClockDecided(const json& a, const json& b, const QString& where)
{
    const bool fired = a.value("wall_clock_fired", false) || b.value("wall_clock_fired", false);
    if (fired) qInfo("%s: the wall-clock safety net fired (a loaded machine): not compared", qPrintable(where));
    return fired;
}

/// Names the first field where two JSON objects differ, for a readable failure.
QString firstDifference(const json& a, const json& b)
{
    for (const auto& [key, value] : a.items()) {
        if (!b.contains(key)) return QStringLiteral("%1: missing on the right").arg(QString::fromStdString(key));
        if (b[key] != value)
            return QStringLiteral("%1: %2 vs %3")
                .arg(QString::fromStdString(key), QString::fromStdString(value.dump()).left(300),
                     QString::fromStdString(b[key].dump()).left(300));
    }
    for (const auto& [key, value] : b.items())
        if (!a.contains(key)) return QStringLiteral("%1: missing on the left").arg(QString::fromStdString(key));
    return {};
}

} // namespace

class TestOneAnswer : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_ddlPath;
    QString m_tablesPath;
    schema::Schema m_schema;
    /// Per config: the per-pair prebuilt suites, eval's items.json and the audit's items.
    std::map<QString, QString> m_suitesDirs;
    std::map<QString, json> m_evalItems;
    std::map<QString, std::vector<audit::AuditItem>> m_auditItems;
    std::map<QString, audit::ProjectSources> m_auditSources;

    QString path(const QString& name) const { return QDir(m_dir.path()).filePath(name); }

    QStringList settingsArguments(const Config& config) const
    {
        QStringList arguments{QStringLiteral("--profile"), profileText(config.profile), QStringLiteral("--seed"),
                              QString::number(config.seed), QStringLiteral("--search"), QString::number(config.search),
                              QStringLiteral("--timeout"), QString::number(config.timeoutMs)};
        if (config.plugValue) arguments << QStringLiteral("--plug-value");
        return arguments;
    }

    json cliCheck(const Config& config, const QStringList& source, const Pair& pair, const QStringList& extra = {})
    {
        QStringList arguments{QStringLiteral("check")};
        arguments << source << QStringLiteral("--gold") << QString::fromUtf8(pair.gold) << QStringLiteral("--candidate")
                  << QString::fromUtf8(pair.candidate) << settingsArguments(config) << QStringLiteral("--budget")
                  << QString::number(config.budget) << QStringLiteral("--json") << extra;
        const Run run = runProcess(QStringLiteral(SQLEQ_CLI_PATH), arguments);
        if (run.exitCode < 0 || run.exitCode > 1) qWarning("check: %s", run.err.constData());
        return json::parse(run.out.toStdString(), nullptr, false);
    }

    /// Every pair of the config in one Python process: a list of Inspection.to_dict().
    json pythonChecks(const Config& config, const QString& sourceArguments)
    {
#ifndef SQLEQ_PYTHON_DIR
        Q_UNUSED(config);
        Q_UNUSED(sourceArguments);
        return json();
#else
        QString script = QStringLiteral(
            "import json, sys\nimport sqleq\npairs = json.load(sys.stdin)\nout = []\n"
            "for i, (gold, candidate) in enumerate(pairs):\n"
            "    out.append(sqleq.check(gold, candidate, %1, profile=%2, seed=%3, plug_value=%4, budget=%5, "
            "timeout_ms=%6, search=%7).to_dict())\n"
            "print(json.dumps(out))\n")
                             .arg(sourceArguments, QStringLiteral("'%1'").arg(profileText(config.profile)))
                             .arg(config.seed)
                             .arg(config.plugValue ? QStringLiteral("True") : QStringLiteral("False"))
                             .arg(config.budget)
                             .arg(config.timeoutMs)
                             .arg(config.search);
        json pairs = json::array();
        for (const Pair& pair : kPairs) pairs.push_back({pair.gold, pair.candidate});
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(SQLEQ_PYTHON_DIR));
        environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
        environment.insert(QStringLiteral("SQLEQ_DDL"), m_ddlPath);
        environment.insert(QStringLiteral("SQLEQ_TABLES"), m_tablesPath);
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(SQLEQ_PYTHON_EXECUTABLE), {QStringLiteral("-c"), script});
        process.write(QByteArray::fromStdString(pairs.dump()));
        process.closeWriteChannel();
        if (!process.waitForFinished(600'000)) process.kill();
        const QByteArray err = process.readAllStandardError();
        if (process.exitCode() != 0) qWarning("python: %s", err.constData());
        return json::parse(process.readAllStandardOutput().toStdString(), nullptr, false);
#endif
    }

    json sessionCheck(const Config& config, const ui::SchemaSourceRef& source, const Pair& pair,
                      const QString& suitesDir = {})
    {
        ui::Session session;
        session.schema = source;
        session.gold = QString::fromUtf8(pair.gold);
        session.candidate = QString::fromUtf8(pair.candidate);
        session.settings = runSettings(config);
        session.suitesDir = suitesDir;
        ui::SessionJob job(session, {}, nullptr);
        const auto outcome = job.run();
        if (!outcome.result) qWarning("session: %s", qPrintable(outcome.error));
        return outcome.result ? sessionJson(*outcome.result) : json();
    }

    void compareAll(const json& cli, const json& python, const json& session, const QString& where)
    {
        QVERIFY2(cli.is_object(), qPrintable(where + ": check --json printed no object"));
        QVERIFY2(session.is_object(), qPrintable(where + ": the session run failed"));
        if (wallClockDecided(cli, session, where) || (!python.is_null() && wallClockDecided(cli, python, where))) return;
        const json reference = withoutTimes(cli);
        if (!python.is_null()) {
            QVERIFY2(python.is_object(), qPrintable(where + ": sqleq.check gave no dict"));
            QVERIFY2(reference == withoutTimes(python),
                     qPrintable(where + ": CLI vs Python: " + firstDifference(reference, withoutTimes(python))));
        }
        QVERIFY2(reference == withoutTimes(session),
                 qPrintable(where + ": CLI vs inspector: " + firstDifference(reference, withoutTimes(session))));
    }

    /// The proved pair's evidence is a proof the checker would read: steps, one form.
    static void verifyProved(const json& cli, int pair)
    {
        const bool proved = cli["evidence"]["kind"] == "proof";
        QVERIFY2(proved == (pair == kProvedPair), qPrintable(QStringLiteral("pair %1: evidence %2").arg(pair).arg(
                                                      QString::fromStdString(cli["evidence"]["kind"].dump()))));
        if (!proved) return;
        const json& proof = cli["evidence"]["proof"];
        QVERIFY(proof["proved"] == true);
        QVERIFY(proof["gold_form"] == proof["candidate_form"]);
        QVERIFY(!proof["steps"].empty());
        QVERIFY(cli["evidence"]["search_databases"] == 0);
    }

    /// A DISTINCT pair: sqleq's verdict is `different` (DISTINCT kept), the metric's is
    /// `equivalent` (DISTINCT removed), and the metric's line says which convention decided.
    static void verifyDistinctKept(const json& cli, int pair)
    {
        if (pair < kFirstDistinctPair) return;
        const QString where = QStringLiteral("DISTINCT pair %1").arg(pair);
        QVERIFY2(cli["verdict"] == "different", qPrintable(where + ": sqleq's verdict " + QString::fromStdString(cli["verdict"].dump())));
        QVERIFY2(cli["suite_verdict"] == "equivalent", qPrintable(where + ": the metric's verdict"));
        QVERIFY2(cli["test_suite_false_positive"] == false, qPrintable(where + ": not the search's finding"));
        const std::string note = cli["convention_note"].is_string() ? cli["convention_note"].get<std::string>() : "";
        QVERIFY2(note.starts_with("the metric removes DISTINCT; with it kept they differ: "),
                 qPrintable(where + ": convention_note " + QString::fromStdString(note)));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // SQLEQ_KEEP_TEST_DIR=1 keeps the files for re-checking a failure by hand.
        if (qEnvironmentVariableIsSet("SQLEQ_KEEP_TEST_DIR")) {
            m_dir.setAutoRemove(false);
            qInfo("inputs kept in %s", qPrintable(m_dir.path()));
        }
        m_ddlPath = path(QStringLiteral("staff.sql"));
        QFile ddl(m_ddlPath);
        QVERIFY(ddl.open(QIODevice::WriteOnly));
        ddl.write(kDdl);
        ddl.close();
        auto schema = schema::loadSchemaFromDdl(kDdl, "staff");
        QVERIFY(schema.ok());
        m_schema = *schema;

        // One db_id per pair, each the same schema: each prebuilt suite is its gold's alone,
        // as the single check distills it, so eval's suite and check's agree database for database.
        std::vector<schema::Schema> schemas;
        std::string gold;
        std::string predictions;
        for (int p = 0; p < kPairCount; ++p) {
            schema::Schema copy = m_schema;
            copy.name = dbIdOf(p).toStdString();
            schemas.push_back(std::move(copy));
            gold += std::string(kPairs[p].gold) + "\t" + dbIdOf(p).toStdString() + "\n";
            predictions += std::string(kPairs[p].candidate) + "\n";
        }
        m_tablesPath = path(QStringLiteral("tables.json"));
        for (const auto& [file, text] : std::map<QString, std::string>{
                 {m_tablesPath, schema::toSpiderTablesJson(schemas)},
                 {path(QStringLiteral("gold.sql")), gold},
                 {path(QStringLiteral("pred.sql")), predictions}}) {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(text));
        }

        for (const auto& [name, config] : configs()) {
            const QString suites = path(QStringLiteral("suites-%1-%2").arg(profileText(config.profile)).arg(config.seed));
            m_suitesDirs[name] = suites;
            ui::Session tablesSession;
            tablesSession.schema.kind = ui::SchemaSourceKind::SpiderTables;
            tablesSession.settings = runSettings(config);
            const inspect::CheckSettings settings = ui::checkSettings(tablesSession);
            for (int p = 0; p < kPairCount; ++p) {
                // The schema as every front end reads it from tables.json (no CHECKs survive there).
                auto source = dataset::DatasetLayout{.tables = m_tablesPath.toStdString()}.schemaSource(
                    dbIdOf(p).toStdString());
                QVERIFY(source.ok());
                auto distilled = suite::distill(source->schema, {kPairs[p].gold}, inspect::distillOptions(settings));
                QVERIFY(distilled.ok());
                QVERIFY(suite::exportSuite(distilled->suite, suites.toStdString()).ok());
            }
            const QStringList inputs{QStringLiteral("--gold"), path(QStringLiteral("gold.sql")), QStringLiteral("--pred"),
                                     path(QStringLiteral("pred.sql")), QStringLiteral("--tables"), m_tablesPath,
                                     QStringLiteral("--suites"), suites};
            const QString items = path(QStringLiteral("items-%1.json").arg(profileText(config.profile)));
            Run eval = runProcess(QStringLiteral(SQLEQ_CLI_PATH),
                                  QStringList{QStringLiteral("eval"), QStringLiteral("--etype"), QStringLiteral("all")}
                                      << inputs << settingsArguments(config) << QStringLiteral("--out") << items);
            QVERIFY2(eval.exitCode == 0, eval.err.constData());
            QFile read(items);
            QVERIFY(read.open(QIODevice::ReadOnly));
            m_evalItems[name] = json::parse(read.readAll().toStdString());

            const QString project = path(QStringLiteral("audit-%1.sqleq-audit").arg(profileText(config.profile)));
            Run created = runProcess(QStringLiteral(SQLEQ_CLI_PATH),
                                     QStringList{QStringLiteral("audit"), QStringLiteral("new")}
                                         << inputs << settingsArguments(config) << QStringLiteral("--budget")
                                         << QString::number(config.budget) << QStringLiteral("--out") << project);
            QVERIFY2(created.exitCode == 0, created.err.constData());
            auto store = audit::AnnotationStore::openReadOnly(project.toStdString());
            QVERIFY(store.ok());
            auto auditItems = store->items();
            QVERIFY(auditItems.ok());
            m_auditItems[name] = *auditItems;
            auto sources = store->sources();
            QVERIFY(sources.ok());
            // Stored whole: the settings every front end was given.
            QVERIFY(sources->settings == runSettings(config));
            m_auditSources[name] = *sources;
        }
    }

    /// A prebuilt suite is the suite `check` distills for the same settings, whoever built
    /// it: `sqleq-cli distill` and the audit build (`audit new --distill-suites`) distill
    /// every pair's gold under the config's profile, seed, sampling budget and step budget
    /// and must write, database for database, what inspect::distillOptions gives `check`.
    void aPrebuiltSuiteIsTheSuiteCheckBuilds_data() { sameAnswerOnTheUsersSchema_data(); }

    void aPrebuiltSuiteIsTheSuiteCheckBuilds()
    {
        QFETCH(QString, config);
        const Config& settings = configs().at(config);
        // A step budget at which the four-way self-join (pair 6) runs out on some sampled
        // databases and not on others, so it decides the suite; the wall clock is kept out
        // of it (10 minutes), so a loaded machine cannot.
        constexpr int64_t kDecisiveSteps = 125'000;
        constexpr int64_t kNoWallClock = 600'000;
        inspect::CheckSettings checkSettings = runSettings(settings);
        checkSettings.limits.maxSteps = kDecisiveSteps;
        checkSettings.limits.wallClockLimitMs = kNoWallClock;
        const QStringList distillSettings{QStringLiteral("--profile"), profileText(settings.profile),
                                          QStringLiteral("--seed"), QString::number(settings.seed),
                                          QStringLiteral("--budget"), QString::number(settings.budget),
                                          QStringLiteral("--max-steps"), QString::number(kDecisiveSteps),
                                          QStringLiteral("--wall-clock-limit"), QString::number(kNoWallClock)};
        const QString tag = QStringLiteral("%1-%2").arg(profileText(settings.profile)).arg(settings.seed);
        // The suite `check` distills for each pair, with those settings.
        const QString expected = path(QStringLiteral("check-suites-%1").arg(tag));
        for (int p = 0; p < kPairCount; ++p) {
            auto source = dataset::DatasetLayout{.tables = m_tablesPath.toStdString()}.schemaSource(dbIdOf(p).toStdString());
            QVERIFY(source.ok());
            auto distilled = suite::distill(source->schema, {kPairs[p].gold}, inspect::distillOptions(checkSettings));
            QVERIFY(distilled.ok());
            QVERIFY(!distilled->wallClockFired);
            QVERIFY(suite::exportSuite(distilled->suite, expected.toStdString()).ok());
        }
        const QString distilled = path(QStringLiteral("distilled-%1").arg(tag));
        Run distill = runProcess(QStringLiteral(SQLEQ_CLI_PATH),
                                 QStringList{QStringLiteral("distill"), QStringLiteral("--gold"), path(QStringLiteral("gold.sql")),
                                             QStringLiteral("--tables"), m_tablesPath, QStringLiteral("--out"), distilled}
                                     << distillSettings);
        QVERIFY2(distill.exitCode == 0, distill.err.constData());
        const QString audited = path(QStringLiteral("audit-distilled-%1").arg(tag));
        Run created = runProcess(QStringLiteral(SQLEQ_CLI_PATH),
                                 QStringList{QStringLiteral("audit"), QStringLiteral("new"), QStringLiteral("--gold"),
                                             path(QStringLiteral("gold.sql")), QStringLiteral("--pred"),
                                             path(QStringLiteral("pred.sql")), QStringLiteral("--tables"), m_tablesPath,
                                             QStringLiteral("--distill-suites"), audited, QStringLiteral("--search"),
                                             QStringLiteral("0"), QStringLiteral("--out"),
                                             path(QStringLiteral("audit-distilled-%1.sqleq-audit").arg(tag))}
                                     << distillSettings);
        QVERIFY2(created.exitCode == 0, created.err.constData());
        for (int p = 0; p < kPairCount; ++p) {
            const std::string dbId = dbIdOf(p).toStdString();
            auto reference = suite::importSuite(expected.toStdString(), dbId);
            QVERIFY(reference.ok());
            for (const QString& built : {distilled, audited}) {
                const QString where = QStringLiteral("pair %1, %2").arg(p).arg(QFileInfo(built).fileName());
                auto suite = suite::importSuite(built.toStdString(), dbId);
                QVERIFY2(suite.ok(), qPrintable(where));
                QVERIFY2(suite->databases.size() == reference->databases.size(),
                         qPrintable(where + QStringLiteral(": %1 databases, check's suite has %2")
                                               .arg(suite->databases.size())
                                               .arg(reference->databases.size())));
                for (std::size_t k = 0; k < suite->databases.size(); ++k)
                    QVERIFY2(suite->databases[k].bytes == reference->databases[k].bytes,
                             qPrintable(where + QStringLiteral(": database %1 differs").arg(k)));
            }
        }
    }

    /// An audit item opened in the inspector runs under the project's settings, stored
    /// whole: its search budget and step budget (neither the default) reach the run, which
    /// says what `check` says with them.
    void anAuditItemRunsUnderItsProjectsSettings_data() { sameAnswerOnTheUsersSchema_data(); }

    void anAuditItemRunsUnderItsProjectsSettings()
    {
        QFETCH(QString, config);
        const Config& settings = configs().at(config);
        const audit::ProjectSources& sources = m_auditSources.at(config);
        const auto& items = m_auditItems.at(config);
        for (int p = 0; p < kPairCount; ++p) {
            const QString where = QStringLiteral("pair %1").arg(p);
            const ui::Session session = ui::sessionForItem(items[static_cast<std::size_t>(p)], sources, ui::defaultRunSettings());
            QCOMPARE(session.settings.searchBudget, static_cast<std::size_t>(settings.search));
            QCOMPARE(session.settings.limits.maxSteps, runSettings(settings).limits.maxSteps);
            ui::SessionJob job(session, {}, nullptr);
            const auto outcome = job.run();
            QVERIFY2(outcome.result, qPrintable(where + QStringLiteral(": ") + outcome.error));
            const json inspector = sessionJson(*outcome.result);
            const json cli = cliCheck(settings, {QStringLiteral("--tables"), m_tablesPath, QStringLiteral("--db-id"), dbIdOf(p)},
                                      kPairs[p], {QStringLiteral("--suites"), m_suitesDirs.at(config)});
            if (wallClockDecided(cli, inspector, where)) continue;
            QVERIFY2(withoutTimes(cli) == withoutTimes(inspector),
                     qPrintable(where + ": CLI vs the audit item: " + firstDifference(withoutTimes(cli), withoutTimes(inspector))));
        }
    }

    /// `eval --timeout` reaches SQL-Eval: on an original database where the gold needs
    /// about 20 million steps, a 50 ms budget (6.25 million) refuses it, the default runs it.
    void evalsTimeoutReachesSqlEval()
    {
        constexpr int kPair = 6;  // the four-way self-join
        const QString root = path(QStringLiteral("sqleval"));
        const QString dbId = dbIdOf(kPair);
        QVERIFY(QDir().mkpath(QDir(root).filePath(QStringLiteral("db/%1").arg(dbId))));
        std::string script = kDdl;
        for (int row = 0; row < 60; ++row)
            script += "INSERT INTO emp VALUES (" + std::to_string(row + 1) + ", 'e', " + std::to_string(18 + (row * 37) % 53)
                      + ", 1000.0, NULL);\n";
        auto database = schema::loadDatabaseFromDdl(script, dbId.toStdString());
        QVERIFY(database.ok());
        auto bytes = database->connection.serialize();
        QVERIFY(bytes.ok());
        QFile file(QDir(root).filePath(QStringLiteral("db/%1/%1.sqlite").arg(dbId)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(reinterpret_cast<const char*>(bytes->data()), static_cast<qint64>(bytes->size()));
        file.close();
        for (const auto& [name, text] : std::map<QString, std::string>{
                 {QStringLiteral("gold.sql"), std::string(kPairs[kPair].gold) + "\t" + dbId.toStdString() + "\n"},
                 {QStringLiteral("pred.sql"), std::string(kPairs[kPair].candidate) + "\n"}}) {
            QFile out(QDir(root).filePath(name));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(text));
        }
        const auto sqlEvalOf = [&](const QStringList& extra) {
            const QString items = QDir(root).filePath(QStringLiteral("items.json"));
            Run eval = runProcess(QStringLiteral(SQLEQ_CLI_PATH),
                                  QStringList{QStringLiteral("eval"), QStringLiteral("--etype"), QStringLiteral("exec"),
                                              QStringLiteral("--gold"), QDir(root).filePath(QStringLiteral("gold.sql")),
                                              QStringLiteral("--pred"), QDir(root).filePath(QStringLiteral("pred.sql")),
                                              QStringLiteral("--db"), QDir(root).filePath(QStringLiteral("db")),
                                              QStringLiteral("--search"), QStringLiteral("0"), QStringLiteral("--out"), items}
                                      << extra);
            if (eval.exitCode != 0) qWarning("eval: %s", eval.err.constData());
            QFile read(items);
            if (!read.open(QIODevice::ReadOnly)) return json();
            return json::parse(read.readAll().toStdString(), nullptr, false).at(0);
        };
        const json fast = sqlEvalOf({QStringLiteral("--timeout"), QStringLiteral("50")});
        const json full = sqlEvalOf({});
        QVERIFY2(full["sqleval"].is_boolean(), full.dump().c_str());
        QVERIFY2(fast["sqleval"].is_null(), fast.dump().c_str());
    }

    /// The user's own DDL with CHECKs: the CLI, Python and the inspector.
    void sameAnswerOnTheUsersSchema_data()
    {
        QTest::addColumn<QString>("config");
        for (const auto& [name, config] : configs()) QTest::newRow(qPrintable(name)) << name;
    }

    void sameAnswerOnTheUsersSchema()
    {
        QFETCH(QString, config);
        const Config& settings = configs().at(config);
        const json python = pythonChecks(settings, QStringLiteral("ddl=open(__import__('os').environ['SQLEQ_DDL']).read()"));
        if (python.is_null()) qInfo("the Python module is not built: its comparison is skipped");
        else QVERIFY2(python.is_array() && python.size() == std::size(kPairs), "sqleq.check did not run every pair");
        for (int p = 0; p < kPairCount; ++p) {
            const json cli = cliCheck(settings, {QStringLiteral("--ddl"), m_ddlPath}, kPairs[p]);
            const json session = sessionCheck(settings, {ui::SchemaSourceKind::DdlFile, m_ddlPath, {}}, kPairs[p]);
            compareAll(cli, python.is_null() ? json() : python[static_cast<std::size_t>(p)], session,
                       QStringLiteral("pair %1").arg(p));
            if (QTest::currentTestFailed()) return;
            verifyProved(cli, p);
            verifyDistinctKept(cli, p);
            if (QTest::currentTestFailed()) return;
        }
    }

    /// tables.json and a prebuilt suite: the three checks, eval --out and the audit item.
    void sameAnswerWithAPrebuiltSuite_data() { sameAnswerOnTheUsersSchema_data(); }

    void sameAnswerWithAPrebuiltSuite()
    {
        QFETCH(QString, config);
        const Config& settings = configs().at(config);
        const QString suites = m_suitesDirs.at(config);
        // Python reads the db_id per pair: the script's `i` names it.
        const json python = pythonChecks(
            settings,
            QStringLiteral("tables=__import__('os').environ['SQLEQ_TABLES'], db_id='staff_%d' % i, suites='%1'")
                .arg(suites));
        if (python.is_null()) qInfo("the Python module is not built: its comparison is skipped");
        else QVERIFY2(python.is_array() && python.size() == std::size(kPairs), "sqleq.check did not run every pair");
        const json& items = m_evalItems.at(config);
        const auto& auditItems = m_auditItems.at(config);
        QCOMPARE(items.size(), std::size(kPairs));
        QCOMPARE(auditItems.size(), std::size(kPairs));
        for (int p = 0; p < kPairCount; ++p) {
            const QString where = QStringLiteral("pair %1").arg(p);
            const json cli = cliCheck(settings, {QStringLiteral("--tables"), m_tablesPath, QStringLiteral("--db-id"), dbIdOf(p)},
                                      kPairs[p], {QStringLiteral("--suites"), suites});
            const json session
                = sessionCheck(settings, {ui::SchemaSourceKind::SpiderTables, m_tablesPath, dbIdOf(p)}, kPairs[p], suites);
            compareAll(cli, python.is_null() ? json() : python[static_cast<std::size_t>(p)], session, where);
            if (QTest::currentTestFailed()) return;
            verifyProved(cli, p);
            verifyDistinctKept(cli, p);
            if (QTest::currentTestFailed()) return;

            // eval and the audit judge with the prebuilt suite alone, which is this check's
            // own distilled suite: the same test-suite verdict, and the same search after it.
            const json& item = items[static_cast<std::size_t>(p)];
            const std::string suiteVerdict = cli["suite_verdict"];
            if (suiteVerdict != "gold_error") {
                QVERIFY2(item["testsuite"] == json(suiteVerdict == "equivalent"), qPrintable(where + ": eval's testsuite"));
                QVERIFY2(item["testsuite_verdict"] == json(suiteVerdict), qPrintable(where + ": eval's testsuite_verdict"));
            }
            QVERIFY2(item["sqleq"] == json(cli["verdict"] == "equivalent"), qPrintable(where + ": eval's sqleq"));
            QVERIFY2(item["testsuite_false_positive"] == cli["test_suite_false_positive"],
                     qPrintable(where + ": eval's false positive"));
            QVERIFY2(item["sqleq_found_by"] == (cli.contains("found_by") ? cli["found_by"] : json()),
                     qPrintable(where + ": eval's found_by"));
            if (cli["verdict"] == "equivalent")
                QVERIFY2(item["proved"] == json(cli["evidence"]["kind"] == "proof"), qPrintable(where + ": eval's proved"));
            const evaluation::ItemMetrics& audited = auditItems[static_cast<std::size_t>(p)].metrics;
            QVERIFY2(evaluation::itemJson(audited) == item,
                     qPrintable(where + ": the audit item: " + firstDifference(evaluation::itemJson(audited), item)));
        }
    }
};

SQLEQ_GUI_TEST_MAIN(TestOneAnswer)
#include "test_one_answer.moc"
