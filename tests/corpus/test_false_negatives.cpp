// Corpus test of core/suite against the paper's own judgement: the 99 human-annotated
// pairs of esm_false_negatives.tsv (exact set match says "wrong", test-suite accuracy
// and a human say "equivalent") must be equivalent on a suite distilled for the gold.
// Budget 300 per gold (the paper uses 1000 per schema) keeps ctest at about a minute;
// the options follow the official evaluator: plug-value on, DISTINCT removed.
#include "core/schema/spider_tables.h"
#include "core/suite/suite.h"
#include "tests/corpus_skip.h"

#include <fmt/format.h>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>

using namespace sqleq;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;
constexpr std::size_t kBudget = 300;

struct Pair {
    std::size_t row = 0;  ///< 1-based data row of the TSV
    std::string dbId, gold, pred, reason, note;
};

std::vector<std::string> splitTabs(const std::string& line)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
        fields.push_back(line.substr(start, tab - start));
    fields.push_back(line.substr(start));
    return fields;
}

std::vector<Pair> annotatedPairs()
{
    std::ifstream in(kCorpus / "esm_false_negatives.tsv");
    std::vector<Pair> pairs;
    std::string line;
    std::getline(in, line);  // header
    for (std::size_t row = 1; std::getline(in, line); ++row) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto f = splitTabs(line);
        f.resize(5);
        if (f[3].empty()) continue;
        pairs.push_back(Pair{row, f[0], f[1], f[2], f[3], f[4]});
    }
    return pairs;
}

bool noteSays(const Pair& pair, std::string_view what)
{
    return pair.note.find(what) != std::string::npos;
}

/// Annotated pairs our suites do not call equivalent, each for a stated reason. They are
/// still checked, for the reason.
enum class Known {
    /// max(x) vs ORDER BY x DESC LIMIT 1 under a WHERE: when no row passes the filter the
    /// gold returns no row and max() one NULL row, which the official rule calls different.
    /// Genuinely not equivalent under the paper's assumptions (filtered results may be
    /// empty); the paper's suite simply had no such database.
    EmptyFilter,
    /// ORDER BY x LIMIT 1 with and without a GROUP BY on the key: the same row unless
    /// several rows tie on x, when SQLite keeps whichever its plan meets first (the group
    /// order, or the table order). A database with such a tie separates them; one without
    /// does not. Either verdict is right for its suite; a separation must be that tie.
    TieBreak,
    /// Data artifact: the prediction as stored glues "tv_channel.idwhere" (a syntax error
    /// for SQLite and the official evaluator alike); with the space restored it must pass.
    GluedTokens,
};

const std::map<std::size_t, Known>& knownPairs()
{
    static const std::map<std::size_t, Known> known{
        {1, Known::EmptyFilter}, {99, Known::EmptyFilter}, {70, Known::TieBreak},
        {87, Known::GluedTokens},
    };
    return known;
}

struct Tally {
    std::size_t pairs = 0, equivalent = 0;
    std::size_t distinctNotes = 0, distinctSeparated = 0, plugNotes = 0, plugSeparated = 0;
};

Tally& tally()
{
    static Tally t;
    return t;
}

const schema::Schema& schemaOf(const std::string& dbId)
{
    static std::map<std::string, schema::Schema> schemas;
    if (!schemas.contains(dbId)) {
        auto loaded = schema::loadSpiderSchema(kCorpus / "tables.json", dbId);
        if (!loaded) qFatal("%s", loaded.error().message.c_str());
        schemas.emplace(dbId, std::move(loaded.value()));
    }
    return schemas.at(dbId);
}

suite::Suite distilled(const Pair& pair, bool keepDistinct)
{
    suite::DistillOptions options;
    options.budget = kBudget;
    options.seed = 1;
    options.keepDistinct = keepDistinct;
    auto result = suite::distill(schemaOf(pair.dbId), {pair.gold}, options);
    if (!result) qFatal("distill failed: %s", result.error().message.c_str());
    return std::move(result->suite);
}

suite::CheckResult checked(const Pair& pair, const std::string& pred, const suite::Suite& s, bool plug, bool keep)
{
    suite::CheckOptions options;
    options.plugValue = plug;
    options.keepDistinct = keep;
    return suite::checkCandidate(pair.gold, pred, s, options);
}

std::string describe(const Pair& pair, const suite::CheckResult& verdict)
{
    return fmt::format("row {} [{}] {}: {}\n  gold: {}\n  pred: {}\n  ran:  {}\n  reason: {}", pair.row, pair.dbId,
                       suite::verdictKindName(verdict.verdict), verdict.message, pair.gold, pair.pred,
                       verdict.candidateUsed, pair.reason);
}

/// The notes say which option separates the pair; count how often our suites agree
/// (informational: a suite distilled for the gold need not see it).
void countNotes(const Pair& pair, const suite::Suite& s)
{
    if (noteSays(pair, "keep the distinct")) {
        ++tally().distinctNotes;
        if (checked(pair, pair.pred, distilled(pair, true), true, true).verdict != suite::VerdictKind::Equivalent)
            ++tally().distinctSeparated;
    }
    if (noteSays(pair, "not plug in the value")) {
        ++tally().plugNotes;
        if (checked(pair, pair.pred, s, false, false).verdict != suite::VerdictKind::Equivalent)
            ++tally().plugSeparated;
    }
}

} // namespace

class TestFalseNegatives : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "esm_false_negatives.tsv");
        m_timer.start();
    }

    void annotatedPair_data()
    {
        QTest::addColumn<int>("index");
        m_pairs = annotatedPairs();
        QCOMPARE(m_pairs.size(), std::size_t(99));
        for (std::size_t i = 0; i < m_pairs.size(); ++i)
            QTest::newRow(fmt::format("row {} {}", m_pairs[i].row, m_pairs[i].dbId).c_str()) << int(i);
    }

    /// Under the evaluator's options (plug-value on, DISTINCT removed), which are also
    /// the options every note implies: the pair is equivalent.
    void annotatedPair()
    {
        QFETCH(int, index);
        const Pair& pair = m_pairs[std::size_t(index)];
        const suite::Suite s = distilled(pair, false);
        ++tally().pairs;
        countNotes(pair, s);
        const auto verdict = checked(pair, pair.pred, s, true, false);
        if (verdict.verdict == suite::VerdictKind::Equivalent) ++tally().equivalent;
        else qWarning("%s", describe(pair, verdict).c_str());

        const auto known = knownPairs().find(pair.row);
        if (known == knownPairs().end()) {
            QCOMPARE(suite::verdictKindName(verdict.verdict), std::string_view("equivalent"));
        } else if (known->second == Known::EmptyFilter) {
            QCOMPARE(verdict.verdict, suite::VerdictKind::Different);
            QVERIFY(verdict.goldOutcome.ok() && verdict.goldOutcome.result.rows.empty());
        } else if (known->second == Known::TieBreak) {
            if (verdict.verdict != suite::VerdictKind::Equivalent) {
                QCOMPARE(verdict.verdict, suite::VerdictKind::Different);
                QCOMPARE(verdict.goldOutcome.result.rows.size(), verdict.candidateOutcome.result.rows.size());
            }
        } else if (known->second == Known::GluedTokens) {
            QCOMPARE(verdict.verdict, suite::VerdictKind::CandidateError);
            std::string repaired = pair.pred;
            repaired.replace(repaired.find("idwhere"), 7, "id where");
            QCOMPARE(suite::verdictKindName(checked(pair, repaired, s, true, false).verdict),
                     std::string_view("equivalent"));
        }
    }

    void cleanupTestCase()
    {
        const Tally& t = tally();
        qInfo("equivalent: %zu of %zu annotated pairs (plug-value on, DISTINCT removed, budget %zu per gold) "
              "in %.1f s", t.equivalent, t.pairs, kBudget, m_timer.elapsed() / 1000.0);
        qInfo("notes: keeping DISTINCT separates %zu of %zu; not plugging values separates %zu of %zu",
              t.distinctSeparated, t.distinctNotes, t.plugSeparated, t.plugNotes);
    }

private:
    std::vector<Pair> m_pairs;
    QElapsedTimer m_timer;
};

QTEST_APPLESS_MAIN(TestFalseNegatives)
#include "test_false_negatives.moc"
