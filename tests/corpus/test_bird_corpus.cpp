// BIRD dev and mini-dev (no databases): every dev gold parses with sqleq and prepares
// on an empty database of its schema; every mini-dev prediction that SQLite accepts
// parses with sqleq too (the figures per submission are printed); and one submission
// is evaluated on suites distilled for two small schemas. Skips without the corpus.
#include "core/dataset/bird_predictions.h"
#include "core/dataset/spider_files.h"
#include "core/evaluation/evaluation.h"
#include "core/exec/connection.h"
#include "core/exec/sql_text.h"
#include "core/exec/statement.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/spider_tables.h"
#include "core/sql/sql.h"
#include "core/suite/suite.h"
#include "tests/corpus_skip.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const fs::path kBird = fs::path(SQLEQ_CORPUS_DIR) / ".." / "bird";
const fs::path kMiniDev = kBird / "mini_dev";

/// One empty database per BIRD schema, to ask SQLite whether a query prepares.
class EmptyDatabases {
public:
    EmptyDatabases()
    {
        auto text = dataset::readTextFile((kBird / "dev_tables.json").string());
        if (!text) qFatal("%s", text.error().message.c_str());
        auto schemas = schema::parseSpiderSchemas(*text, "dev_tables.json");
        if (!schemas) qFatal("%s", schemas.error().message.c_str());
        for (const auto& schema : *schemas) {
            auto connection = schema::createDatabase(schema);
            if (!connection) qFatal("%s", connection.error().message.c_str());
            m_connections.emplace(schema.name, std::move(connection.value()));
        }
    }

    /// SQLite's refusal of `sql` on `dbId`'s empty database, or empty when it prepares.
    /// Text after the first statement is refused, as sqleq's executor and Python's
    /// sqlite3 (BIRD's evaluator) refuse it, although sqlite3_prepare stops before it.
    std::string refusal(const std::string& dbId, const std::string& sql) const
    {
        const auto found = m_connections.find(dbId);
        if (found == m_connections.end()) return "no schema " + dbId;
        std::size_t tail = 0;
        auto statement = exec::Statement::prepare(found->second, sql, &tail);
        if (!statement) {
            const auto& error = statement.error();
            return error.span.valid() ? formatDiagnostic(sql, error) : error.message;
        }
        if (exec::isBlankTail(std::string_view(sql).substr(tail))) return {};
        const auto second = static_cast<uint32_t>(exec::skipBlank(sql, tail, true));
        return formatDiagnostic(sql, Diagnostic{"exec.second_statement", "a second statement: text after the query",
                                                {second, second + 1}, {}});
    }

private:
    std::map<std::string, exec::Connection> m_connections;
};

/// SQLite's message without the names in it: "no such column: T1.x" → "no such column".
std::string errorKind(const std::string& message)
{
    const auto start = message.find("): ");
    std::string kind = start == std::string::npos ? message : message.substr(start + 3);
    if (const auto colon = kind.find(':'); colon != std::string::npos) kind.resize(colon);
    if (kind.rfind("near ", 0) == 0) kind = "syntax error";
    return kind;
}

/// Only the items of `dbIds`, in order.
evaluation::SubmissionInputs keepSchemas(const evaluation::SubmissionInputs& all, const std::set<std::string>& dbIds)
{
    evaluation::SubmissionInputs kept;
    for (std::size_t i = 0; i < all.gold.size(); ++i) {
        if (dbIds.count(all.gold[i].dbId) == 0) continue;
        kept.gold.push_back(all.gold[i]);
        kept.predictions.push_back(all.predictions[i]);
    }
    return kept;
}

} // namespace

class TestBirdCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kBird / "dev_gold.sql", kBird / "dev_tables.json",
                                      kMiniDev / "mini_dev_sqlite_gold.sql", kMiniDev / "predictions");
    }

    void everyDevGoldParsesAndPrepares()
    {
        const EmptyDatabases databases;
        int failures = 0;
        for (const char* file : {"dev_gold.sql", "mini_dev/mini_dev_sqlite_gold.sql"}) {
            auto gold = dataset::readGoldFile((kBird / file).string());
            QVERIFY(gold.ok());
            for (const auto& item : *gold) {
                const auto parsed = sql::parse(item.sql);
                const std::string where = std::string(file) + ":" + std::to_string(item.line);
                if (!parsed.ok()) {
                    ++failures;
                    qWarning("%s: sqleq refuses: %s", where.c_str(),
                             formatDiagnostic(item.sql, parsed.diagnostics.front()).c_str());
                }
                if (const auto refusal = databases.refusal(item.dbId, item.sql); !refusal.empty()) {
                    ++failures;
                    qWarning("%s: SQLite refuses: %s", where.c_str(), refusal.c_str());
                }
            }
        }
        QCOMPARE(failures, 0);
    }

    void everyPredictionSqliteAcceptsParses()
    {
        const EmptyDatabases databases;
        auto gold = dataset::readGoldFile((kMiniDev / "mini_dev_sqlite_gold.sql").string());
        QVERIFY(gold.ok());
        int files = 0;
        int failures = 0;
        for (const auto& entry : fs::directory_iterator(kMiniDev / "predictions")) {
            if (entry.path().extension() != ".json") continue;
            ++files;
            const auto path = entry.path().string();
            auto predictions = dataset::readBirdPredictionsFile(path, *gold, kMiniDev / "mini_dev_sqlite_gold.sql");
            QVERIFY2(predictions.ok(), predictions.ok() ? "" : predictions.error().message.c_str());
            int parsed = 0;
            int rejected = 0;
            std::map<std::string, int> kinds;
            for (std::size_t i = 0; i < predictions->size(); ++i) {
                const auto& sql = (*predictions)[i].sql;
                const auto refusal = databases.refusal((*gold)[i].dbId, sql);
                const bool parses = sql::parse(sql).ok();
                parsed += parses ? 1 : 0;
                if (!refusal.empty()) {
                    ++rejected;
                    ++kinds[errorKind(refusal)];
                    continue;
                }
                if (!parses) {
                    ++failures;
                    qWarning("%s key %zu: SQLite accepts what sqleq refuses: %s: %s",
                             entry.path().filename().string().c_str(), i,
                             formatDiagnostic(sql, sql::parse(sql).diagnostics.front()).c_str(), sql.c_str());
                }
            }
            std::string top;
            for (const auto& [kind, count] : kinds) top += " " + kind + " " + std::to_string(count) + ";";
            qInfo("%s: %d parsed, %d rejected by SQLite:%s", entry.path().filename().string().c_str(), parsed,
                  rejected, top.c_str());
        }
        QCOMPARE(files, 13);
        QCOMPARE(failures, 0);
    }

    // Test-suite accuracy of one submission on the two smallest schemas' suites, distilled
    // here with a small budget: BIRD has no databases, so exec stays empty and the suite
    // decides alone; the Spider parser's refusals leave ESM empty, not wrong.
    void evaluatesOneSubmissionOnDistilledSuites()
    {
        const std::set<std::string> schemas{"debit_card_specializing", "financial"};
        const auto goldPath = (kMiniDev / "mini_dev_sqlite_gold.sql").string();
        const auto predPath = kMiniDev / "predictions" / "predict_mini_dev_gpt-4_sqlite.json";
        auto all = evaluation::readSubmission(goldPath, predPath.string());
        QVERIFY2(all.ok(), all.ok() ? "" : all.error().message.c_str());
        auto inputs = keepSchemas(*all, schemas);
        QCOMPARE(inputs.gold.size(), size_t(62));

        QTemporaryDir suites;
        suite::DatasetDistillRequest request;
        for (const auto& item : inputs.gold) request.items.push_back(item);
        request.tablesJson = kBird / "dev_tables.json";
        request.outDir = suites.path().toStdString();
        request.options.budget = 60;
        request.options.jobs = 2;
        // Sampling alone (Algorithm 1) keeps this test fast; what is tested is evaluation.
        request.options.targeted = false;
        auto distilled = suite::distillDataset(request);
        QVERIFY2(distilled.ok(), distilled.ok() ? "" : distilled.error().message.c_str());
        QCOMPARE(distilled->schemas, size_t(2));

        inputs.tables = request.tablesJson;
        inputs.suites = request.outDir;
        evaluation::EvaluationOptions options;
        options.settings.searchBudget = 0;
        options.settings.jobs = 2;
        auto evaluated = evaluation::evaluateSubmission(inputs, options);
        QVERIFY2(evaluated.ok(), evaluated.ok() ? "" : evaluated.error().message.c_str());
        QVERIFY(!evaluated->computed.exec);
        int accepted = 0;
        int decided = 0;
        int esmUnset = 0;
        int positionedRefusals = 0;
        for (const auto& item : evaluated->items) {
            // A prediction SQLite refuses says where, as SQLite's error offset points.
            if (item.testSuiteVerdict == "candidate_error"
                && item.notes.back().detail.find("of the query as run") != std::string::npos)
                ++positionedRefusals;
            QVERIFY(!item.exec.has_value());
            QVERIFY2(item.testSuite.has_value() || item.testSuiteVerdict == "gold_error",
                     std::to_string(item.index).c_str());
            if (item.testSuite) {
                ++decided;
                accepted += *item.testSuite ? 1 : 0;
            }
            if (!item.esm) {
                ++esmUnset;
                QVERIFY(!item.notes.empty() && item.notes.front().metric == evaluation::Metric::Esm);
            }
        }
        qInfo("gpt-4 on %zu items of two schemas: test-suite %d / %d decided; ESM unset for %d", inputs.gold.size(),
              accepted, decided, esmUnset);
        QVERIFY(accepted > 0 && accepted < decided);
        QVERIFY(positionedRefusals > 0);

        // Every gold passes its own suite.
        inputs.predictions.clear();
        for (const auto& item : inputs.gold) inputs.predictions.push_back(item.sql);
        auto self = evaluation::evaluateSubmission(inputs, options);
        QVERIFY(self.ok());
        for (const auto& item : self->items) {
            QVERIFY2(!item.testSuite.has_value() || *item.testSuite, std::to_string(item.index).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestBirdCorpus)
#include "test_bird_corpus.moc"
