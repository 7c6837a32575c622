// The audit exchange formats and agreement: TSV export → import round trip, the
// import of esm_false_negatives.tsv-style files (5 columns, CRLF, re-spaced SQL,
// with and without sqleq's extra columns), JSON export, and Cohen's kappa on a
// case computed by hand.

#include "core/audit/audit.h"
#include "tests/corpus_skip.h"
#include "tests/core/audit_test_support.h"
#include "core/dataset/spider_files.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <filesystem>

using namespace sqleq;
using audit::Annotation;
using audit::AuditItem;
using audit::Verdict;
using audit::testing::annotation;
using audit::testing::contains;

namespace {

AuditItem item(std::size_t index, std::string db, std::string gold, std::string pred)
{
    AuditItem result;
    result.index = index;
    result.dbId = std::move(db);
    result.gold = std::move(gold);
    result.prediction = std::move(pred);
    result.metrics.index = index;
    result.metrics.dbId = result.dbId;
    return result;
}

std::vector<AuditItem> sampleItems()
{
    return {item(0, "car_1", "SELECT mpg FROM cars_data ORDER BY mpg DESC LIMIT 1", "SELECT max(mpg) FROM cars_data"),
            item(1, "pets_1", "SELECT count(*) FROM pets", "SELECT count(DISTINCT petid) FROM pets"),
            item(2, "pets_1", "SELECT name FROM pets WHERE age > 3", "SELECT name FROM pets WHERE age >= 3"),
            // the same pair again at another index (two questions, same SQL)
            item(3, "pets_1", "SELECT count(*) FROM pets", "SELECT count(DISTINCT petid) FROM pets")};
}

const char* kEsmHeader = "database name\tgold\tpred\tequivalent reason\tnote\r\n";

} // namespace

class TestAuditExchange : public QObject {
    Q_OBJECT

private slots:
    void tsvExportHasTheEsmHeaderThenExtras()
    {
        const auto tsv = audit::exportAnnotationsTsv(sampleItems(), {annotation(2, "ana", Verdict::NotEquivalent,
                                                                                "different rows", "age 3\tdiffers\n")});
        const auto firstLine = tsv.substr(0, tsv.find('\n'));
        QCOMPARE(firstLine, std::string("database name\tgold\tpred\tequivalent reason\tnote\tverdict\tannotator\tindex"));
        QVERIFY(contains(tsv, "\tdifferent rows\tage 3 differs \tnot_equivalent\tana\t2\n"));
    }

    void tsvRoundTripRestoresAnnotations()
    {
        auto items = sampleItems();
        items[0].gold = "SELECT mpg\tFROM cars_data\nORDER BY mpg DESC LIMIT 1";  // tabs and newlines become spaces
        const std::vector<Annotation> annotations{
            annotation(0, "ana", Verdict::Equivalent, "MAX/MIN equals ORDER BY … LIMIT 1", "ties aside"),
            annotation(1, "ana", Verdict::Unsure),
            annotation(2, "bo", Verdict::NotEquivalent, "different rows", "multi\nline note"),
            annotation(3, "bo", Verdict::Equivalent, "DISTINCT does not matter here")};
        const auto tsv = audit::exportAnnotationsTsv(items, annotations);
        auto report = audit::importAnnotationsTsv(tsv, items, "fallback", "export.tsv");
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->rows, std::size_t(4));
        QCOMPARE(report->matched, std::size_t(4));
        QCOMPARE(report->unmatched, std::size_t(0));
        QCOMPARE(report->withoutVerdict, std::size_t(0));
        QCOMPARE(report->annotations.size(), annotations.size());  // the index column picks 1 vs 3
        for (std::size_t i = 0; i < annotations.size(); ++i) {
            const auto& got = report->annotations[i];
            QCOMPARE(got.itemIndex, annotations[i].itemIndex);
            QCOMPARE(got.annotator, annotations[i].annotator);
            QCOMPARE(got.verdict, annotations[i].verdict);
            QCOMPARE(got.reason, annotations[i].reason);
        }
        QCOMPARE(report->annotations[2].note, std::string("multi line note"));
    }

    void importsFiveColumnEsmTable()
    {
        std::string tsv = kEsmHeader;
        // re-spaced SQL as in the original file, a reason → equivalent
        tsv += "car_1\tSELECT mpg  FROM cars_data ORDER BY mpg DESC  LIMIT 1\tSELECT max(mpg) FROM cars_data\t"
               "Max value is equivalent to sorting with descending order limit 1\t\r\n";
        // no reason: the table says nothing about it
        tsv += "pets_1\tSELECT name FROM pets WHERE age > 3\tSELECT name FROM pets WHERE age >= 3\t\t\r\n";
        // a pair from another submission
        tsv += "pets_1\tSELECT 1\tSELECT 2\tsome reason\tsome note\r\n";
        // a pair that sits at two items: both get it
        tsv += "pets_1\tSELECT count(*) FROM pets\tSELECT count(DISTINCT petid) FROM pets\tDISTINCT removed\t"
               "if we keep DISTINCT it differs\r\n\r\n";
        auto report = audit::importAnnotationsTsv(tsv, sampleItems(), "tsv", "esm_false_negatives.tsv");
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->rows, std::size_t(4));
        QCOMPARE(report->matched, std::size_t(3));
        QCOMPARE(report->unmatched, std::size_t(1));
        QCOMPARE(report->withoutVerdict, std::size_t(1));
        QCOMPARE(report->annotations.size(), std::size_t(3));
        QCOMPARE(report->annotations[0].itemIndex, std::size_t(0));
        QCOMPARE(report->annotations[0].verdict, Verdict::Equivalent);
        QCOMPARE(report->annotations[0].annotator, std::string("tsv"));
        QCOMPARE(report->annotations[0].reason, std::string("Max value is equivalent to sorting with descending order limit 1"));
        QCOMPARE(report->annotations[1].itemIndex, std::size_t(1));
        QCOMPARE(report->annotations[2].itemIndex, std::size_t(3));
        QCOMPARE(report->annotations[2].note, std::string("if we keep DISTINCT it differs"));
        QVERIFY(!report->warnings.empty());
        QVERIFY(contains(report->warnings.front(), "line 4"));
    }

    void importsExtraColumnsInAnyOrder()
    {
        const std::string tsv =
            "index\tannotator\tdatabase name\tgold\tpred\tequivalent reason\tnote\tverdict\n"
            "2\tcy\tpets_1\tSELECT name FROM pets WHERE age > 3\tSELECT name FROM pets WHERE age >= 3\t"
            "different rows\tage 3\tnot_equivalent\n"
            "\t\tcar_1\tSELECT mpg FROM cars_data ORDER BY mpg DESC LIMIT 1\tSELECT max(mpg) FROM cars_data\t\t\tunsure\n"
            "2\tcy\tpets_1\tSELECT name FROM pets WHERE age > 3\tSELECT name FROM pets WHERE age >= 3\t\t\tequivalent\n";
        auto report = audit::importAnnotationsTsv(tsv, sampleItems(), "dee");
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->annotations.size(), std::size_t(2));
        QCOMPARE(report->annotations[0].itemIndex, std::size_t(0));
        QCOMPARE(report->annotations[0].annotator, std::string("dee"));
        QCOMPARE(report->annotations[0].verdict, Verdict::Unsure);
        QCOMPARE(report->annotations[1].annotator, std::string("cy"));
        QCOMPARE(report->annotations[1].verdict, Verdict::Equivalent);  // the later row wins
        QCOMPARE(report->warnings.size(), std::size_t(1));
        QVERIFY(contains(report->warnings[0], "replaces line 2"));
    }

    void importErrorsNameSourceAndLine()
    {
        auto noNote = audit::importAnnotationsTsv("database name\tgold\tpred\tequivalent reason\n", sampleItems(), "a",
                                                  "x.tsv");
        QVERIFY(!noNote.ok());
        QCOMPARE(noNote.error().code, std::string("audit.import"));
        QVERIFY(contains(noNote.error().message, "x.tsv: line 1"));
        QVERIFY(contains(noNote.error().message, "\"note\""));

        auto shortRow = audit::importAnnotationsTsv(std::string(kEsmHeader) + "car_1\tSELECT 1\n", sampleItems(), "a",
                                                    "x.tsv");
        QVERIFY(!shortRow.ok());
        QVERIFY(contains(shortRow.error().message, "line 2"));

        auto badVerdict = audit::importAnnotationsTsv(
            "database name\tgold\tpred\tequivalent reason\tnote\tverdict\n\n\ncar_1\ta\tb\t\t\tsame\n", sampleItems(),
            "a", "x.tsv");
        QVERIFY(!badVerdict.ok());
        QVERIFY(contains(badVerdict.error().message, "line 4"));
        QVERIFY(contains(badVerdict.error().message, "same"));

        auto noAnnotator = audit::importAnnotationsTsv(
            std::string(kEsmHeader) + "car_1\tSELECT mpg FROM cars_data ORDER BY mpg DESC LIMIT 1\t"
                                      "SELECT max(mpg) FROM cars_data\treason\t\n",
            sampleItems(), "", "x.tsv");
        QVERIFY(!noAnnotator.ok());
        QVERIFY(contains(noAnnotator.error().message, "annotator"));

        QVERIFY(!audit::importAnnotationsTsv("", sampleItems(), "a").ok());
    }

    // A TSV from anywhere: each kind of hostile input is refused with the line and,
    // for a bad byte, its position (message and span).
    void importRefusesHostileInput()
    {
        const std::string header = kEsmHeader;
        const auto refused = [](const std::string& text, const char* expected, std::uint32_t offset = 0) {
            auto report = audit::importAnnotationsTsv(text, sampleItems(), "a", "x.tsv");
            QVERIFY(!report.ok());
            QCOMPARE(report.error().code, std::string("audit.import"));
            QVERIFY2(contains(report.error().message, expected), report.error().message.c_str());
            if (offset != 0) QCOMPARE(report.error().span.begin, offset);
        };
        const std::string row = "car_1\tSELECT 1\tSELECT 2\treason\tnote\n";
        refused(header + row + "pets_1\tSELECT \xC3\x28\tx\t\t\n", "x.tsv: line 3, byte 15: invalid UTF-8",
                static_cast<std::uint32_t>(header.size() + row.size() + 14));
        refused(header + "car\xED\xA0\x80\tSELECT 1\tSELECT 2\t\t\n", "line 2, byte 4: invalid UTF-8");  // a surrogate
        refused(header + "car\xC0\xAF\tSELECT 1\tSELECT 2\t\t\n", "line 2, byte 4: invalid UTF-8");  // overlong
        refused(header + std::string("car_1\tSELECT\0 1\tx\t\t\n", 19), "line 2, byte 13: a NUL byte");
        refused(std::string("database name\0\tgold", 19), "line 1, byte 14: a NUL byte");
        refused(header + "car_1\tSELECT '" + std::string(5u << 20, 'x') + "'\tx\t\t\n",
                "line 2, byte 4194305: the line is longer than 4 MiB");
        refused(header + std::string(100, '\t') + "\n", "line 2: more than 64 fields");
        refused(std::string(65u << 20, '\n'), "more than the 64 MiB an annotation TSV may have");
        refused("database name\tgold\tpred\tequivalent reason\tnote\tindex\ncar_1\tSELECT 1\tSELECT 2\t\t\t"
                "99999999999999999999999\n",
                "line 2: the index \"99999999999999999999999\" is not a number");

        // Valid UTF-8 of every length still imports; a BOM is skipped.
        auto fine = audit::importAnnotationsTsv("\xEF\xBB\xBF" + header + "pets_1\tSELECT count(*) FROM pets\t"
                                                "SELECT count(DISTINCT petid) FROM pets\tcaf\xC3\xA9 \xE2\x82\xAC "
                                                "\xF0\x9F\x90\x88\t\n",
                                                sampleItems(), "a", "x.tsv");
        QVERIFY2(fine.ok(), fine.ok() ? "" : fine.error().message.c_str());
        QCOMPARE(fine->annotations.size(), std::size_t(2));  // the pair of items 1 and 3
        QCOMPARE(fine->annotations.front().reason, std::string("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x88"));
    }

    void importListsAThousandWarningsAndCountsTheRest()
    {
        std::string text = kEsmHeader;
        for (int i = 0; i < 1500; ++i) text += "car_1\tSELECT " + std::to_string(i) + "\tx\treason\t\n";
        auto report = audit::importAnnotationsTsv(text, sampleItems(), "a", "x.tsv");
        QVERIFY(report.ok());
        QCOMPARE(report->unmatched, std::size_t(1500));
        QCOMPARE(report->warnings.size(), std::size_t(1000));
        QCOMPARE(report->warningsNotListed, std::size_t(500));
    }

    void exportIsBoundedBeforeItIsBuilt()
    {
        // One item, many annotators: every row repeats the item's SQL.
        std::vector<AuditItem> items{item(0, "db", "SELECT '" + std::string(100'000, 'x') + "'", "SELECT 1")};
        std::vector<Annotation> annotations;
        for (int i = 0; i < 50; ++i) annotations.push_back(annotation(0, "a" + std::to_string(i), Verdict::Unsure));
        auto refused = audit::exportAnnotations(items, annotations, audit::ExportFormat::Json, 4u << 20);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, std::string("audit.limit"));
        QVERIFY2(contains(refused.error().message, "more than the 4 MiB an export may have"),
                 refused.error().message.c_str());
        auto json = audit::exportAnnotations(items, annotations, audit::ExportFormat::Json, 8u << 20);
        QVERIFY(json.ok());
        QCOMPARE(*json, audit::exportAnnotationsJson(items, annotations));
        QCOMPARE(nlohmann::json::parse(*json).size(), std::size_t(50));
        QCOMPARE(*json, nlohmann::json::parse(*json).dump(2) + "\n");  // the layout of one DOM's dump
        auto tsv = audit::exportAnnotations(items, annotations, audit::ExportFormat::Tsv, 8u << 20);
        QVERIFY(tsv.ok());
        QCOMPARE(*tsv, audit::exportAnnotationsTsv(items, annotations));
        QCOMPARE(audit::exportAnnotationsJson(items, {}), std::string("[]\n"));
    }

    void jsonExportCarriesItemAndMetrics()
    {
        auto items = sampleItems();
        items[1].question = "How many pets?";
        items[1].metrics.esm = false;
        items[1].metrics.testSuite = true;
        items[1].metrics.hardness = metrics::Hardness::Medium;
        const auto text = audit::exportAnnotationsJson(items, {annotation(1, "ana", Verdict::Equivalent, "r", "n")});
        const auto json = nlohmann::json::parse(text);
        QCOMPARE(json.size(), std::size_t(1));
        const auto& object = json[0];
        QCOMPARE(object["index"].get<int>(), 1);
        QCOMPARE(object["db_id"].get<std::string>(), std::string("pets_1"));
        QCOMPARE(object["question"].get<std::string>(), std::string("How many pets?"));
        QCOMPARE(object["pred"].get<std::string>(), items[1].prediction);
        QCOMPARE(object["verdict"].get<std::string>(), std::string("equivalent"));
        QCOMPARE(object["annotator"].get<std::string>(), std::string("ana"));
        QCOMPARE(object["hardness"].get<std::string>(), std::string("medium"));
        QCOMPARE(object["esm"].get<bool>(), false);
        QCOMPARE(object["testsuite"].get<bool>(), true);
        QVERIFY(object["exec"].is_null());
        QVERIFY(object["pcm_f1"].is_null());
        QVERIFY(object["separating_db"].is_null());
    }

    void agreementMatchesHandComputedKappa()
    {
        // Items 0..8 annotated by both; 9 only by A, 10 only by B.
        //   A: E E E E N N N U U      B: E E E N N N E U N
        // agreeing 6 of 9. Marginals A (E,N,U) = (4,3,2), B = (4,4,1):
        // p_o = 54/81, p_e = (16 + 12 + 2)/81 = 30/81, kappa = 24/51 = 8/17.
        const Verdict E = Verdict::Equivalent, N = Verdict::NotEquivalent, U = Verdict::Unsure;
        const std::vector<Verdict> a{E, E, E, E, N, N, N, U, U, E};
        const std::vector<Verdict> b{E, E, E, N, N, N, E, U, N};
        std::vector<Annotation> first;
        std::vector<Annotation> second;
        for (std::size_t i = 0; i < a.size(); ++i) first.push_back(annotation(i, "a", a[i]));
        for (std::size_t i = 0; i < b.size(); ++i) second.push_back(annotation(i, "b", b[i]));
        second.push_back(annotation(10, "b", E));

        const auto agreement = audit::compareAnnotators(first, second);
        QCOMPARE(agreement.both, std::size_t(9));
        QCOMPARE(agreement.onlyFirst, std::size_t(1));
        QCOMPARE(agreement.onlySecond, std::size_t(1));
        QCOMPARE(agreement.agreeing, std::size_t(6));
        QCOMPARE(agreement.rate, 6.0 / 9.0);
        QVERIFY(std::abs(agreement.cohenKappa - 8.0 / 17.0) < 1e-12);
        QCOMPARE(agreement.disagreements.size(), std::size_t(3));
        QCOMPARE(agreement.disagreements[0].itemIndex, std::size_t(3));
        QCOMPARE(agreement.disagreements[0].first, E);
        QCOMPARE(agreement.disagreements[0].second, N);
        QCOMPARE(agreement.disagreements[1].itemIndex, std::size_t(6));
        QCOMPARE(agreement.disagreements[2].itemIndex, std::size_t(8));
        QCOMPARE(agreement.disagreements[2].first, U);
    }

    void agreementEdgeCases()
    {
        const auto empty = audit::compareAnnotators({}, {});
        QCOMPARE(empty.both, std::size_t(0));
        QCOMPARE(empty.rate, 0.0);
        QCOMPARE(empty.cohenKappa, 0.0);

        const std::vector<Annotation> same{annotation(0, "a", Verdict::Equivalent), annotation(1, "a", Verdict::Equivalent)};
        const auto perfect = audit::compareAnnotators(same, same);
        QCOMPARE(perfect.rate, 1.0);
        QCOMPARE(perfect.cohenKappa, 1.0);
    }

    void importsTheRealEsmFalseNegatives()
    {
        const std::filesystem::path corpus(SQLEQ_CORPUS_DIR);
        SQLEQ_SKIP_WITHOUT_CORPUS(corpus / "esm_false_negatives.tsv", corpus / "dev_gold.sql",
                                  corpus / "predictions" / "dev_12.txt");
        auto gold = dataset::readGoldFile((corpus / "dev_gold.sql").string());
        auto predictions = dataset::readPredictionsFile((corpus / "predictions/dev_12.txt").string());
        auto text = dataset::readTextFile((corpus / "esm_false_negatives.tsv").string());
        QVERIFY(gold.ok() && predictions.ok() && text.ok());
        QCOMPARE(gold->size(), predictions->size());
        std::vector<AuditItem> items;
        for (std::size_t i = 0; i < gold->size(); ++i) {
            items.push_back(item(i, gold->at(i).dbId, gold->at(i).sql, predictions->at(i).sql));
        }
        auto report = audit::importAnnotationsTsv(*text, items, "testsuite-paper", "esm_false_negatives.tsv");
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->rows, std::size_t(558));
        // 83 of the 558 pairs are dev_12's (counted independently with a script that
        // collapses whitespace); the rest come from the other submissions.
        QCOMPARE(report->matched, std::size_t(83));
        QCOMPARE(report->unmatched, std::size_t(558 - 83));
        for (const auto& imported : report->annotations) {
            QCOMPARE(imported.verdict, Verdict::Equivalent);
            QVERIFY(!imported.reason.empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestAuditExchange)
#include "test_audit_exchange.moc"
