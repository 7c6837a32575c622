// Corpus test of core/neighbors over the 1,034 Spider dev gold queries: every
// gold gets at least one neighbor, generation never fails, and every neighbor
// prepares on its schema (checked here independently of the filter). Prints
// the average count, the per-family breakdown and counts by query length —
// the figures compared with the paper's 94 neighbors per query.
#include "core/exec/statement.h"
#include "core/neighbors/neighbors.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/spider_tables.h"
#include "core/sql/lexer.h"
#include "tests/corpus_skip.h"

#include <QElapsedTimer>
#include <QtTest>

#include <array>
#include <fstream>
#include <map>
#include <string>

using namespace sqleq;

namespace {

struct GoldLine {
    std::string sql;
    std::string dbId;
};

std::vector<GoldLine> readGold(const std::string& path)
{
    std::vector<GoldLine> lines;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const auto tab = line.find('\t');
        if (tab == std::string::npos) continue;
        lines.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return lines;
}

std::size_t tokenCount(std::string_view sql)
{
    std::vector<sql::Token> tokens;
    sql::Lexer(sql).tokenize(tokens);
    return tokens.empty() ? 0 : tokens.size() - 1;
}

} // namespace

class TestNeighborsCorpus : public QObject {
    Q_OBJECT

private slots:
    void spiderDevGold()
    {
        const std::string dir = SQLEQ_CORPUS_DIR;
        SQLEQ_SKIP_WITHOUT_CORPUS(std::filesystem::path(dir) / "dev_gold.sql", std::filesystem::path(dir) / "tables.json");
        const std::vector<GoldLine> golds = readGold(dir + "/dev_gold.sql");
        QCOMPARE(golds.size(), std::size_t(1034));

        std::map<std::string, schema::Schema> schemas;
        std::map<std::string, exec::Connection> databases;
        std::array<std::size_t, std::size(neighbors::kAllFamilies)> perFamily{};
        std::map<std::size_t, std::pair<std::size_t, std::size_t>> byLength;  // bucket -> (queries, neighbors)
        neighbors::NeighborStats totals;
        std::size_t total = 0;
        std::size_t fewest = SIZE_MAX;
        std::size_t most = 0;
        qint64 generationNs = 0;

        for (std::size_t i = 0; i < golds.size(); ++i) {
            const GoldLine& gold = golds[i];
            if (!schemas.count(gold.dbId)) {
                auto loaded = schema::loadSpiderSchema(dir + "/tables.json", gold.dbId);
                QVERIFY2(loaded.ok(), gold.dbId.c_str());
                auto database = schema::createDatabase(*loaded);
                QVERIFY2(database.ok(), gold.dbId.c_str());
                schemas.emplace(gold.dbId, std::move(loaded.value()));
                databases.emplace(gold.dbId, std::move(database.value()));
            }
            neighbors::NeighborStats stats;
            QElapsedTimer timer;
            timer.start();
            auto result = neighbors::generateNeighbors(gold.sql, schemas.at(gold.dbId), {i, 0}, &stats);
            generationNs += timer.nsecsElapsed();
            if (!result) QFAIL(qPrintable(QString("line %1: %2").arg(i + 1).arg(result.error().message.c_str())));
            const std::vector<neighbors::Neighbor>& list = result.value();
            QVERIFY2(!list.empty(), qPrintable(QString("line %1 has no neighbor: %2").arg(i + 1).arg(gold.sql.c_str())));

            for (const neighbors::Neighbor& neighbor : list) {
                auto prepared = exec::Statement::prepare(databases.at(gold.dbId), neighbor.sql);
                if (!prepared) QFAIL(qPrintable(QString("%1: %2").arg(neighbor.sql.c_str(), prepared.error().message.c_str())));
                ++perFamily[static_cast<std::size_t>(neighbor.family)];
            }
            total += list.size();
            fewest = std::min(fewest, list.size());
            most = std::max(most, list.size());
            auto& bucket = byLength[std::min<std::size_t>(tokenCount(gold.sql) / 10, 6)];
            ++bucket.first;
            bucket.second += list.size();
            totals.proposed += stats.proposed;
            totals.duplicate += stats.duplicate;
            totals.unparsable += stats.unparsable;
            totals.sameAsGold += stats.sameAsGold;
            totals.unprepared += stats.unprepared;
            totals.equivalent += stats.equivalent;
            totals.capped += stats.capped;
        }
        // The caps on work per gold never apply to real golds: their neighbors are unchanged.
        QCOMPARE(totals.capped, std::size_t(0));

        const double queries = static_cast<double>(golds.size());
        qInfo("neighbors per Spider dev gold query: %.1f on average (min %zu, max %zu), %zu in all",
              static_cast<double>(total) / queries, fewest, most, total);
        qInfo("generation: %.2f ms per query on average", static_cast<double>(generationNs) / 1e6 / queries);
        for (std::size_t f = 0; f < perFamily.size(); ++f) {
            qInfo("  %-20s %7zu  (%.1f per query)", neighbors::familyName(neighbors::kAllFamilies[f]).data(),
                  perFamily[f], static_cast<double>(perFamily[f]) / queries);
        }
        for (const auto& [bucket, counts] : byLength) {
            qInfo("  %2zu%s tokens: %4zu queries, %.1f neighbors each", bucket * 10, bucket == 6 ? "+ " : "-",
                  counts.first, static_cast<double>(counts.second) / static_cast<double>(counts.first));
        }
        qInfo("proposals: %zu; rejected as unparsable %zu, duplicate %zu, same as gold %zu, equivalent %zu, "
              "unpreparable %zu",
              totals.proposed, totals.unparsable, totals.duplicate, totals.sameAsGold, totals.equivalent,
              totals.unprepared);
    }
};

QTEST_APPLESS_MAIN(TestNeighborsCorpus)
#include "test_neighbors_corpus.moc"
