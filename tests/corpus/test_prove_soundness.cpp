// Soundness of every rewrite rule on real queries: each rule is applied to Spider dev's
// golds and to four submissions' predictions, and for every rule and profile a spread of
// the queries where it fires is searched for a counterexample — the query before the
// step against the query after it, 1,000 searched databases, the proof turned off, on
// the profile's own databases (no original: a proof holds within the profile). None may
// be found. `bench_proofs --rule-soundness` runs the same check on every such query.
// Skips without the corpus.
#include "core/dataset/dataset_layout.h"
#include "core/inspect/inspect.h"
#include "core/prove/prove.h"
#include "core/schema/schema_source.h"
#include "tests/corpus_skip.h"
#include "tests/pair_sample.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace sqleq;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;

struct Rewrite {
    std::string dbId, before, after;
};

/// Every (db_id, query) of dev_gold.sql and of the first four submissions' predictions,
/// once each.
std::vector<std::pair<std::string, std::string>> corpusQueries()
{
    std::vector<std::pair<std::string, std::string>> queries;
    std::set<std::pair<std::string, std::string>> seen;
    std::vector<std::string> dbIds;
    std::ifstream gold(kCorpus / "dev_gold.sql");
    for (std::string line; std::getline(gold, line);) {
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos) continue;
        dbIds.push_back(line.substr(tab + 1));
        if (seen.emplace(dbIds.back(), line.substr(0, tab)).second) queries.emplace_back(dbIds.back(), line.substr(0, tab));
    }
    for (int submission = 1; submission <= 4; ++submission) {
        std::ifstream predictions(kCorpus / "predictions" / ("dev_" + std::to_string(submission) + ".txt"));
        std::size_t item = 0;
        for (std::string prediction; std::getline(predictions, prediction) && item < dbIds.size(); ++item) {
            if (seen.emplace(dbIds[item], prediction).second) queries.emplace_back(dbIds[item], prediction);
        }
    }
    return queries;
}

} // namespace

class TestProveSoundness : public QObject {
    Q_OBJECT

    std::map<std::string, schema::SchemaSource> m_sources;

    const schema::Schema& schemaOf(const std::string& dbId)
    {
        auto found = m_sources.find(dbId);
        if (found == m_sources.end()) {
            auto opened = dataset::DatasetLayout{.tables = kCorpus / "tables.json"}.schemaSource(dbId);
            if (!opened) qFatal("schema %s: %s", dbId.c_str(), opened.error().message.c_str());
            found = m_sources.emplace(dbId, std::move(*opened)).first;
        }
        return found->second.schema;
    }

private slots:
    void initTestCase() { SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "tables.json", kCorpus / "dev_gold.sql"); }

    void everyRuleHoldsWhereItFires_data()
    {
        QTest::addColumn<int>("profile");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("dbId");
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");
        constexpr std::size_t kPerRule = 6;
        for (fuzz::Profile profile : {fuzz::Profile::Spider, fuzz::Profile::Strict}) {
            std::map<std::string, std::vector<Rewrite>> byRule;
            for (const auto& [dbId, query] : corpusQueries()) {
                const prove::Proof normal = prove::normalize(schemaOf(dbId), query, profile);
                for (const auto& step : normal.steps) {
                    if (step.rule != "syntax") byRule[step.rule].push_back({dbId, step.before, step.after});
                }
            }
            for (const auto& [rule, rewrites] : byRule) {
                // A spread over the file, the same every run (the sanitizer run takes every Nth).
                const std::size_t stride = std::max<std::size_t>(1, rewrites.size() / kPerRule);
                for (std::size_t i = 0, taken = 0; i < rewrites.size() && taken < kPerRule; i += stride, ++taken) {
                    if (!test::pairSampled(taken, kPerRule)) continue;
                    QTest::addRow("%s/%s/%zu", fuzz::profileName(profile).data(), rule.c_str(), i)
                        << int(profile) << QString::fromStdString(rule) << QString::fromStdString(rewrites[i].dbId)
                        << QString::fromStdString(rewrites[i].before) << QString::fromStdString(rewrites[i].after);
                }
            }
        }
    }

    void everyRuleHoldsWhereItFires()
    {
        QFETCH(int, profile);
        QFETCH(QString, dbId);
        QFETCH(QString, before);
        QFETCH(QString, after);
        inspect::CheckRequest request;
        request.gold = before.toStdString();
        request.candidate = after.toStdString();
        request.settings.profile = fuzz::Profile(profile);
        request.settings.prove = false;
        request.settings.samplingBudget = 200;
        request.settings.searchBudget = 1000;
        request.settings.jobs = 2;
        request.minimize = false;
        request.diagnose = false;
        request.otherProfile = false;
        const schema::SchemaSource source{schemaOf(dbId.toStdString()), std::nullopt};
        auto inspection = inspect::inspect(source, request);
        QVERIFY2(inspection, inspection ? "" : inspection.error().message.c_str());
        QVERIFY2(inspection->check.verdict == suite::VerdictKind::Equivalent,
                 qPrintable(QStringLiteral("refuted: %1\n  before %2\n  after  %3")
                                .arg(QString::fromStdString(inspection->check.message), before, after)));
    }
};

QTEST_GUILESS_MAIN(TestProveSoundness)
#include "test_prove_soundness.moc"
