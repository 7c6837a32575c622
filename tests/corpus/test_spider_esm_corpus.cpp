// Conformance of core/metrics' Spider exact set match and hardness with the
// official evaluator's labels (reference/hardness.tsv, esm.tsv, aggregates.tsv)
// on the 1034 dev gold queries and 21 submissions. Prints every disagreement.
#include "core/metrics/spider_esm.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace sqleq::metrics;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;

std::vector<std::string> readLines(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// Python's l.strip().split('\t'): strip whitespace, then the tab-separated fields.
std::vector<std::string> fields(std::string line) {
    const auto first = line.find_first_not_of(" \t\r\n\f\v");
    const auto last = line.find_last_not_of(" \t\r\n\f\v");
    line = first == std::string::npos ? std::string() : line.substr(first, last - first + 1);
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t tab = line.find('\t'); tab != std::string::npos; tab = line.find('\t', start)) {
        out.push_back(line.substr(start, tab - start));
        start = tab + 1;
    }
    out.push_back(line.substr(start));
    return out;
}

std::vector<std::vector<std::string>> readTsv(const std::filesystem::path& path) {
    std::vector<std::vector<std::string>> rows;
    auto lines = readLines(path);
    for (size_t i = 1; i < lines.size(); ++i)
        if (!lines[i].empty())
            rows.push_back(fields(lines[i]));
    return rows;
}

struct Gold {
    std::string sql;
    std::string db;
};

} // namespace

class TestSpiderEsmCorpus : public QObject {
    Q_OBJECT

private:
    std::vector<Gold> m_gold;
    std::optional<SpiderSchemaIndex> m_index;

    bool load() {
        if (!std::filesystem::exists(kCorpus / "reference" / "esm.tsv"))
            return false;
        for (const auto& line : readLines(kCorpus / "dev_gold.sql")) {
            auto f = fields(line);
            m_gold.push_back({f.at(0), f.size() > 1 ? f[1] : std::string()});
        }
        auto index = SpiderSchemaIndex::fromFile(kCorpus / "tables.json");
        if (index)
            m_index = std::move(*index);
        return true;
    }

private slots:
    void initTestCase() {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "reference" / "esm.tsv", kCorpus / "dev_gold.sql",
                                      kCorpus / "tables.json");
        load();
        QVERIFY(m_index.has_value());
        QCOMPARE(m_gold.size(), size_t(1034));
    }

    void hardnessMatchesReference() {
        const auto rows = readTsv(kCorpus / "reference" / "hardness.tsv");
        int agree = 0;
        int shown = 0;
        for (const auto& row : rows) {
            const size_t i = std::stoul(row.at(0));
            auto h = classifyHardness(m_gold.at(i).sql, *m_index, row.at(1));
            const std::string got = h ? std::string(hardnessName(*h)) : "error: " + h.error().message;
            if (got == row.at(2)) {
                ++agree;
            } else if (shown++ < 30) {
                std::printf("hardness #%zu ref=%s got=%s: %s\n", i, row[2].c_str(), got.c_str(),
                            m_gold[i].sql.c_str());
            }
        }
        std::printf("hardness agreement: %d/%zu\n", agree, rows.size());
        QCOMPARE(agree, 1034);
    }

    void esmMatchesReference() {
        std::map<int, std::vector<std::string>> preds;
        for (int k = 1; k <= 21; ++k)
            for (const auto& line : readLines(kCorpus / "predictions" / ("dev_" + std::to_string(k) + ".txt")))
                preds[k].push_back(fields(line).at(0));
        const auto rows = readTsv(kCorpus / "reference" / "esm.tsv");
        std::map<int, std::map<std::string, std::pair<int, int>>> perLevel; // k → level → (correct, n)
        std::map<int, int> parseFailures;
        int agree = 0;
        int shown = 0;
        const auto started = std::chrono::steady_clock::now();
        for (const auto& row : rows) {
            const size_t i = std::stoul(row.at(0));
            const int k = std::stoi(row.at(1));
            const auto& gold = m_gold.at(i);
            auto r = exactSetMatch(gold.sql, preds[k].at(i), *m_index, gold.db);
            QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
            const int got = r->exact ? 1 : 0;
            auto& level = perLevel[k][std::string(hardnessName(r->hardness))];
            level.first += got;
            level.second += 1;
            parseFailures[k] += r->predictionParsed ? 0 : 1;
            if (got == std::stoi(row.at(2))) {
                ++agree;
            } else if (shown++ < 30) {
                std::printf("esm #%zu dev_%d ref=%s got=%d parsed=%d\n  gold: %s\n  pred: %s\n", i, k,
                            row[2].c_str(), got, r->predictionParsed ? 1 : 0, gold.sql.c_str(),
                            preds[k][i].c_str());
            }
        }
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started).count();
        std::printf("esm agreement: %d/%zu (%lld ms for all submissions)\n", agree, rows.size(),
                    static_cast<long long>(ms));

        int aggregateRowsMatching = 0;
        const auto aggregates = readTsv(kCorpus / "reference" / "aggregates.tsv");
        for (const auto& row : aggregates) {
            const int k = std::stoi(row.at(0));
            std::string mine;
            int correctAll = 0;
            int nAll = 0;
            for (const char* level : {"easy", "medium", "hard", "extra"}) {
                const auto [c, n] = perLevel[k][level];
                correctAll += c;
                nAll += n;
                mine += QString::number(n ? double(c) / n : 0.0, 'f', 3).toStdString() + "\t";
            }
            mine += QString::number(nAll ? double(correctAll) / nAll : 0.0, 'f', 3).toStdString();
            const std::string ref = row[1] + "\t" + row[2] + "\t" + row[3] + "\t" + row[4] + "\t" + row[5];
            const bool same = mine == ref && std::to_string(parseFailures[k]) == row.at(11);
            aggregateRowsMatching += same ? 1 : 0;
            if (!same)
                std::printf("aggregates dev_%d ref=%s failures=%s got=%s failures=%d\n", k, ref.c_str(),
                            row[11].c_str(), mine.c_str(), parseFailures[k]);
        }
        std::printf("aggregate rows matching: %d/%zu\n", aggregateRowsMatching, aggregates.size());
        QVERIFY(agree >= 21714);
        QCOMPARE(aggregateRowsMatching, 21);
    }
};

QTEST_APPLESS_MAIN(TestSpiderEsmCorpus)
#include "test_spider_esm_corpus.moc"
