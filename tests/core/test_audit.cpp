// The audit project store: create/open round trip, annotation and reason edits,
// durability settings (WAL) and the errors that name the file or item at fault.
// Exchange formats and agreement are in test_audit_exchange.cpp.

#include "core/audit/audit.h"
#include "core/audit/store_schema.h"
#include "tests/core/audit_test_support.h"
#include "core/dataset/questions_file.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace sqleq;
using audit::Annotation;
using audit::AnnotationStore;
using audit::AuditItem;
using audit::Verdict;
using audit::testing::annotation;
using audit::testing::contains;

namespace {

std::vector<AuditItem> sampleItems()
{
    std::vector<AuditItem> items(3);
    items[0].index = 0;
    items[0].dbId = "concert_singer";
    items[0].question = "How many singers do we have?";
    items[0].gold = "SELECT count(*) FROM singer";
    items[0].prediction = "select count ( * ) from singer";
    auto& full = items[0].metrics;
    full.index = 0;
    full.dbId = "concert_singer";
    full.hardness = metrics::Hardness::Easy;
    full.esm = true;
    full.exec = true;
    full.testSuite = false;
    full.sqlEval = true;
    full.pcmF1 = 0.75;
    full.testSuiteVerdict = "different";
    full.separatingDatabase = 3;
    full.notes = {{evaluation::Metric::Exec, evaluation::NoteReason::GoldFailed, "first note"},
                  {std::nullopt, evaluation::NoteReason::ValuePlaceholder, "second note"}};

    items[1].index = 1;  // every metric unset
    items[1].dbId = "pets_1";
    items[1].gold = "SELECT max(weight) FROM pets";
    items[1].prediction = "SELECT weight FROM pets ORDER BY weight DESC LIMIT 1";
    items[1].metrics.index = 1;
    items[1].metrics.dbId = "pets_1";

    items[2].index = 7;  // indices need not be contiguous
    items[2].dbId = "pets_1";
    items[2].gold = "SELECT count(*) FROM pets";
    items[2].prediction = "SELECT count(DISTINCT petid) FROM pets";
    items[2].metrics.index = 7;
    items[2].metrics.dbId = "pets_1";
    items[2].metrics.esm = false;
    items[2].metrics.testSuite = true;  // a test-suite false positive
    items[2].metrics.sqleq = false;
    items[2].metrics.testSuiteFalsePositive = true;
    items[2].metrics.sqleqFoundBy = "targeted: duplicates in pets.petid";
    return items;
}

audit::ProjectSources sampleSources()
{
    audit::ProjectSources sources;
    sources.gold = "dev_gold.sql";
    sources.predictions = "predictions/dev_1.txt";
    sources.tables = "tables.json";
    sources.suites = "suites";
    sources.questions = "dev_questions.tsv";
    // Every setting away from its default: the project keeps them whole.
    sources.settings.plugValue = true;
    sources.settings.nameProfile(fuzz::Profile::Strict);
    sources.settings.seed = (uint64_t{1} << 60) + 3;  // past a double's integers: kept as text
    sources.settings.samplingBudget = 321;
    sources.settings.searchBudget = 17;
    sources.settings.setIdleBudget(450);
    sources.settings.limits.maxRows = 777;
    sources.settings.orderRule = compare::OrderRule::OfficialSubstring;
    sources.settings.prove = false;
    return sources;
}

std::string pragmaText(const std::string& path, const char* pragma)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* stmt = nullptr;
    std::string value;
    if (sqlite3_prepare_v2(db, pragma, -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
        value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

void runSql(const std::string& path, const char* sql)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

} // namespace

class TestAudit : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_counter = 0;

    std::string freshPath()
    {
        return m_dir.filePath(QStringLiteral("project%1.sqleq-audit").arg(++m_counter)).toStdString();
    }

    AnnotationStore createSample(const std::string& path)
    {
        auto store = AnnotationStore::create(path, sampleSources(), sampleItems());
        if (!store) qFatal("create failed: %s", store.error().message.c_str());
        return std::move(store).value();
    }

    AnnotationStore reopen(const std::filesystem::path& path)
    {
        auto store = AnnotationStore::open(path);
        if (!store) qFatal("open failed: %s", store.error().message.c_str());
        return std::move(store).value();
    }

private slots:
    void createOpenRoundTrip()
    {
        const auto path = freshPath();
        { auto created = createSample(path); }
        auto store = AnnotationStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        QCOMPARE(store->path(), std::filesystem::path(path));

        auto sources = store->sources();
        QVERIFY(sources.ok());
        QCOMPARE(sources->gold, std::string("dev_gold.sql"));
        QCOMPARE(sources->predictions, std::string("predictions/dev_1.txt"));
        QCOMPARE(sources->tables, std::string("tables.json"));
        QCOMPARE(sources->originalDatabases, std::string());
        QCOMPARE(sources->suites, std::string("suites"));
        QCOMPARE(sources->questions, std::string("dev_questions.tsv"));
        QVERIFY(sources->settings == sampleSources().settings);
        QVERIFY(sources->settings.plugValue);
        QVERIFY(!sources->settings.keepDistinct);
        QCOMPARE(sources->settings.searchBudget, std::size_t{17});
        QCOMPARE(sources->settings.idleBudgetMs(), int64_t{450});

        auto items = store->items();
        QVERIFY(items.ok());
        const auto expected = sampleItems();
        QCOMPARE(items->size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const auto& got = items->at(i);
            QCOMPARE(got.index, expected[i].index);
            QCOMPARE(got.dbId, expected[i].dbId);
            QCOMPARE(got.question, expected[i].question);
            QCOMPARE(got.gold, expected[i].gold);
            QCOMPARE(got.prediction, expected[i].prediction);
            QCOMPARE(got.metrics.index, expected[i].index);
            QCOMPARE(got.metrics.hardness, expected[i].metrics.hardness);
            QCOMPARE(got.metrics.esm, expected[i].metrics.esm);
            QCOMPARE(got.metrics.exec, expected[i].metrics.exec);
            QCOMPARE(got.metrics.testSuite, expected[i].metrics.testSuite);
            QCOMPARE(got.metrics.sqleq, expected[i].metrics.sqleq);
            QCOMPARE(got.metrics.testSuiteFalsePositive, expected[i].metrics.testSuiteFalsePositive);
            QCOMPARE(got.metrics.sqleqFoundBy, expected[i].metrics.sqleqFoundBy);
            QCOMPARE(got.metrics.sqlEval, expected[i].metrics.sqlEval);
            QCOMPARE(got.metrics.pcmF1, expected[i].metrics.pcmF1);
            QCOMPARE(got.metrics.testSuiteVerdict, expected[i].metrics.testSuiteVerdict);
            QCOMPARE(got.metrics.separatingDatabase, expected[i].metrics.separatingDatabase);
            QCOMPARE(got.metrics.notes, expected[i].metrics.notes);
            QVERIFY(!got.metrics.components.has_value());  // component scores are not stored
        }
        QVERIFY(!items->at(1).metrics.esm.has_value());
        QVERIFY(!items->at(1).metrics.pcmF1.has_value());
    }

    void separatingDatabaseIsNamedByItsSuiteFile()
    {
        // The store keeps the index among the suite folder's files (natural order, as
        // the suite is read); items name the file, and the JSON export carries it.
        const std::filesystem::path suites = m_dir.filePath(QStringLiteral("named-suites")).toStdString();
        std::filesystem::create_directories(suites / "concert_singer");
        for (int n = 0; n < 12; ++n)
            std::ofstream(suites / "concert_singer" / ("concert_singer_" + std::to_string(n) + ".sqlite")) << "x";
        auto sources = sampleSources();
        sources.suites = suites.string();
        const auto path = freshPath();
        auto store = AnnotationStore::create(path, sources, sampleItems());
        QVERIFY(store.ok());
        auto items = store->items();
        QVERIFY(items.ok());
        QCOMPARE(items->at(0).metrics.separatingDatabase, 3);
        QCOMPARE(items->at(0).metrics.separatingDatabaseFile, std::string("concert_singer_3.sqlite"));
        QVERIFY(items->at(1).metrics.separatingDatabaseFile.empty());

        const Annotation judged = annotation(0, "ana", Verdict::NotEquivalent);
        const auto json = nlohmann::json::parse(audit::exportAnnotationsJson(*items, {judged}));
        QCOMPARE(json[0]["separating_db"].get<int>(), 3);
        QCOMPARE(json[0]["separating_db_file"].get<std::string>(), std::string("concert_singer_3.sqlite"));

        // Without the folder the file cannot be named: null, the index stays.
        std::filesystem::remove_all(suites);
        auto again = store->items();
        QVERIFY(again.ok());
        QVERIFY(again->at(0).metrics.separatingDatabaseFile.empty());
    }

    void annotationsSetReplaceClear()
    {
        auto store = createSample(freshPath());
        QVERIFY(store.setAnnotation(annotation(0, "ana", Verdict::Equivalent, "value plugged in", "looks fine")).ok());
        QVERIFY(store.setAnnotation(annotation(7, "ana", Verdict::Unsure)).ok());
        QVERIFY(store.setAnnotation(annotation(0, "bo", Verdict::NotEquivalent, "different rows")).ok());

        auto all = store.annotations();
        QVERIFY(all.ok());
        QCOMPARE(all->size(), std::size_t(3));
        QCOMPARE(all->at(0).annotator, std::string("ana"));  // ordered by item, then annotator
        QCOMPARE(all->at(1).annotator, std::string("bo"));
        QCOMPARE(all->at(2).itemIndex, std::size_t(7));
        QCOMPARE(all->at(0).note, std::string("looks fine"));
        QCOMPARE(all->at(0).reason, std::string("value plugged in"));
        const auto& stamp = all->at(0).updatedAt;
        QCOMPARE(stamp.size(), std::size_t(20));
        QCOMPARE(stamp[10], 'T');
        QCOMPARE(stamp.back(), 'Z');

        QVERIFY(store.setAnnotation(annotation(0, "ana", Verdict::NotEquivalent, "", "changed my mind")).ok());
        auto byAna = store.annotationsBy("ana");
        QVERIFY(byAna.ok());
        QCOMPARE(byAna->size(), std::size_t(2));
        QCOMPARE(byAna->at(0).verdict, Verdict::NotEquivalent);
        QCOMPARE(byAna->at(0).reason, std::string());
        QCOMPARE(byAna->at(0).note, std::string("changed my mind"));

        QVERIFY(store.clearAnnotation(0, "ana").ok());
        QVERIFY(store.clearAnnotation(0, "nobody").ok());  // clearing nothing is fine
        byAna = store.annotationsBy("ana");
        QCOMPARE(byAna->size(), std::size_t(1));
        QCOMPARE(byAna->at(0).itemIndex, std::size_t(7));
        QCOMPARE(store.annotations()->size(), std::size_t(2));
    }

    void setAnnotationReturnsTheStoredRow()
    {
        auto store = createSample(freshPath());
        auto stored = store.setAnnotation(annotation(7, "ana", Verdict::NotEquivalent, "different rows", "n"));
        QVERIFY(stored.ok());
        QCOMPARE(stored->itemIndex, std::size_t(7));
        QCOMPARE(stored->verdict, Verdict::NotEquivalent);
        QCOMPARE(stored->reason, std::string("different rows"));
        QCOMPARE(stored->updatedAt.size(), std::size_t(20));
        // What came back is what the store holds: no need to read it again.
        auto byAna = store.annotationsBy("ana");
        QVERIFY(byAna.ok());
        QCOMPARE(byAna->size(), std::size_t(1));
        QCOMPARE(byAna->front().updatedAt, stored->updatedAt);
        QCOMPARE(byAna->front().note, stored->note);
    }

    void setAnnotationsIsAllOrNothing()
    {
        auto store = createSample(freshPath());
        QVERIFY(store.setAnnotation(annotation(0, "ana", Verdict::Equivalent, "value plugged in")).ok());
        const auto before = store.annotations();
        const auto reasonsBefore = store.reasons();
        QVERIFY(before.ok() && reasonsBefore.ok());

        // The third row names no item: the whole batch fails, and neither the replaced
        // verdict of the first row, the second row nor its new reason is stored.
        const std::vector<Annotation> failing{annotation(0, "ana", Verdict::NotEquivalent, "a batch-only reason"),
                                              annotation(7, "bo", Verdict::Unsure),
                                              annotation(5, "ana", Verdict::Equivalent)};
        auto failed = store.setAnnotations(failing);
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().code, std::string("audit.annotation"));
        QVERIFY(contains(failed.error().message, "item 5"));
        const auto after = store.annotations();
        QVERIFY(after.ok());
        QCOMPARE(after->size(), before->size());
        QCOMPARE(after->front().verdict, Verdict::Equivalent);
        QCOMPARE(after->front().updatedAt, before->front().updatedAt);
        QCOMPARE(*store.reasons(), *reasonsBefore);

        // Reopened from disk: still unchanged.
        const auto path = store.path();
        store = reopen(path);
        QCOMPARE(store.annotations()->size(), std::size_t(1));

        // Without the bad row, all of it lands, in order, each with its stamp.
        auto stored = store.setAnnotations({failing[0], failing[1], annotation(0, "ana", Verdict::Unsure)});
        QVERIFY(stored.ok());
        QCOMPARE(stored->size(), std::size_t(3));
        for (const Annotation& one : *stored) QCOMPARE(one.updatedAt.size(), std::size_t(20));
        const auto all = store.annotations();
        QCOMPARE(all->size(), std::size_t(2));        // (0, ana) given twice: the later wins
        QCOMPARE(all->at(0).verdict, Verdict::Unsure);
        QCOMPARE(all->at(1).annotator, std::string("bo"));
        const auto reasons = store.reasons();
        QVERIFY(std::find(reasons->begin(), reasons->end(), "a batch-only reason") != reasons->end());
        QVERIFY(store.setAnnotations({}).ok());  // an empty batch is no error
    }

    void clearAnnotationSaysWhetherOneWasRemoved()
    {
        auto store = createSample(freshPath());
        QVERIFY(store.setAnnotation(annotation(1, "ana", Verdict::Equivalent)).ok());
        auto removed = store.clearAnnotation(1, "ana");
        QVERIFY(removed.ok());
        QVERIFY(*removed);
        removed = store.clearAnnotation(1, "ana");
        QVERIFY(removed.ok());
        QVERIFY(!*removed);
        removed = store.clearAnnotation(5, "ana");
        QVERIFY(!removed.ok());
        QVERIFY(contains(removed.error().message, "item 5"));
    }

    void reasonsGrowAndKeepOrder()
    {
        auto store = createSample(freshPath());
        auto reasons = store.reasons();
        QVERIFY(reasons.ok());
        QCOMPARE(*reasons, audit::defaultReasons());
        QVERIFY(contains(reasons->front(), "redundant join"));

        QVERIFY(store.addReason("NULLs never occur in this column").ok());
        QVERIFY(store.addReason("value plugged in").ok());  // a duplicate changes nothing
        QVERIFY(store.setAnnotation(annotation(1, "ana", Verdict::Equivalent, "LIMIT without ORDER BY is fine")).ok());
        QVERIFY(!store.addReason("").ok());

        reasons = store.reasons();
        const auto defaults = audit::defaultReasons().size();
        QCOMPARE(reasons->size(), defaults + 2);
        QCOMPARE(reasons->at(defaults), std::string("NULLs never occur in this column"));
        QCOMPARE(reasons->at(defaults + 1), std::string("LIMIT without ORDER BY is fine"));
    }

    void annotationErrorsNameTheItem()
    {
        auto store = createSample(freshPath());
        auto unknown = store.setAnnotation(annotation(5, "ana", Verdict::Equivalent, "a brand new reason"));
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error().code, std::string("audit.annotation"));
        QVERIFY(contains(unknown.error().message, "item 5"));
        QVERIFY(contains(unknown.error().message, store.path().string()));
        // the failed edit rolled back as a whole: its new reason is not in the list
        QCOMPARE(store.reasons()->size(), audit::defaultReasons().size());

        auto nameless = store.setAnnotation(annotation(0, "", Verdict::Equivalent));
        QVERIFY(!nameless.ok());
        QVERIFY(contains(nameless.error().message, "annotator"));
        QVERIFY(store.annotations()->empty());
    }

    void updateMetricsReplacesStoredValues()
    {
        auto store = createSample(freshPath());
        evaluation::ItemMetrics recomputed;
        recomputed.index = 1;
        recomputed.dbId = "pets_1";
        recomputed.testSuite = true;
        recomputed.testSuiteVerdict = "equivalent";
        QVERIFY(store.updateMetrics({recomputed}).ok());
        auto items = store.items();
        QCOMPARE(items->at(1).metrics.testSuite, std::optional<bool>(true));
        QCOMPARE(items->at(1).metrics.testSuiteVerdict, std::string("equivalent"));

        recomputed.index = 99;
        auto unknown = store.updateMetrics({recomputed});
        QVERIFY(!unknown.ok());
        QVERIFY(contains(unknown.error().message, "99"));
    }

    void createRefusesExistingFile()
    {
        const auto path = freshPath();
        std::ofstream(path) << "precious";
        auto store = AnnotationStore::create(path, sampleSources(), sampleItems());
        QVERIFY(!store.ok());
        QCOMPARE(store.error().code, std::string("audit.create"));
        QVERIFY(contains(store.error().message, path));
        std::ifstream in(path);
        std::string content;
        std::getline(in, content);
        QCOMPARE(content, std::string("precious"));
    }

    void failedCreateLeavesNoFile()
    {
        const auto path = freshPath();
        auto items = sampleItems();
        items[2].index = 0;  // duplicate index
        auto store = AnnotationStore::create(path, sampleSources(), items);
        QVERIFY(!store.ok());
        QVERIFY(contains(store.error().message, "item 0"));
        QVERIFY(!std::filesystem::exists(path));
        QVERIFY(!std::filesystem::exists(path + "-wal"));
    }

    void openRejectsWhatIsNoProject()
    {
        const auto missing = freshPath();
        auto none = AnnotationStore::open(missing);
        QVERIFY(!none.ok());
        QCOMPARE(none.error().code, std::string("audit.open"));
        QVERIFY(contains(none.error().message, missing));

        const auto text = freshPath();
        std::ofstream(text) << "database name\tgold\tpred\tequivalent reason\tnote\n"
                               "this is a TSV file, long enough to have a page header that is not SQLite's\n";
        auto notSqlite = AnnotationStore::open(text);
        QVERIFY(!notSqlite.ok());
        QVERIFY(contains(notSqlite.error().message, "not an sqleq audit project"));
        QVERIFY(contains(notSqlite.error().message, text));

        const auto otherDb = freshPath();
        runSql(otherDb, "CREATE TABLE t(x); INSERT INTO t VALUES (1);");
        auto foreign = AnnotationStore::open(otherDb);
        QVERIFY(!foreign.ok());
        QVERIFY(contains(foreign.error().message, "not an sqleq audit project"));
        QCOMPARE(pragmaText(otherDb, "PRAGMA journal_mode"), std::string("delete"));  // left untouched

        const auto newer = freshPath();
        { auto created = createSample(newer); }
        runSql(newer, "PRAGMA user_version=99");
        auto future = AnnotationStore::open(newer);
        QVERIFY(!future.ok());
        QVERIFY(contains(future.error().message, "newer"));
    }

    void formatOneProjectsGainTheSqleqColumns()
    {
        const auto current = freshPath();
        { auto created = createSample(current); }
        // A project as format 1 wrote it (its exact DDL): no sqleq columns.
        const auto path = freshPath();
        runSql(path, audit::detail::referenceScripts(1).front().c_str());
        runSql(path, ("ATTACH '" + current + "' AS current;"
                      "INSERT INTO project SELECT * FROM current.project;"
                      "INSERT INTO items SELECT item_index, db_id, question, gold, prediction, hardness, esm, exec, "
                      "testsuite, sqleval, pcm_f1, testsuite_verdict, separating_db, notes FROM current.items;"
                      "INSERT INTO reasons SELECT * FROM current.reasons;"
                      "DETACH current; PRAGMA application_id=1936811377; PRAGMA user_version=1;")
                         .c_str());
        auto store = AnnotationStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        QCOMPARE(pragmaText(path, "PRAGMA user_version"), std::string("3"));
        auto items = store->items();
        QVERIFY(items.ok());
        QCOMPARE(items->size(), sampleItems().size());
        for (const auto& item : *items) {
            QVERIFY(!item.metrics.sqleq.has_value());  // not computed before the upgrade
            QVERIFY(!item.metrics.testSuiteFalsePositive);
            QVERIFY(!item.metrics.proved);
        }
        QCOMPARE(items->front().metrics.testSuite, std::optional<bool>(false));
    }

    void formatTwoProjectsGainTheProvedColumn()
    {
        const auto current = freshPath();
        {
            auto created = createSample(current);
            auto metrics = created.items()->front().metrics;
            metrics.sqleq = true;
            metrics.proved = true;
            QVERIFY(created.updateMetrics({metrics}).ok());
            QVERIFY(created.items()->front().metrics.proved);  // a new project keeps it
        }
        // A project as format 2 wrote it: sqleq's verdict, nothing on proofs.
        const auto path = freshPath();
        runSql(path, audit::detail::referenceScripts(2).front().c_str());
        runSql(path, ("ATTACH '" + current + "' AS current;"
                      "INSERT INTO project SELECT * FROM current.project;"
                      "INSERT INTO items SELECT item_index, db_id, question, gold, prediction, hardness, esm, exec, "
                      "testsuite, sqleval, pcm_f1, testsuite_verdict, separating_db, notes, sqleq, "
                      "testsuite_false_positive, sqleq_found_by FROM current.items;"
                      "INSERT INTO reasons SELECT * FROM current.reasons;"
                      "DETACH current; PRAGMA application_id=1936811377; PRAGMA user_version=2;")
                         .c_str());
        {
            auto reader = AnnotationStore::openReadOnly(path);  // read as it is, not upgraded
            QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
            QCOMPARE(reader->items()->front().metrics.sqleq, std::optional<bool>(true));
            QVERIFY(!reader->items()->front().metrics.proved);
        }
        QCOMPARE(pragmaText(path, "PRAGMA user_version"), std::string("2"));
        auto store = AnnotationStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        QCOMPARE(pragmaText(path, "PRAGMA user_version"), std::string("3"));
        auto items = store->items();
        QVERIFY(items.ok());
        QCOMPARE(items->size(), sampleItems().size());
        // Its verdicts predate the proofs: sqleq's answer stays, none is called proved.
        QCOMPARE(items->front().metrics.sqleq, std::optional<bool>(true));
        QVERIFY(!items->front().metrics.proved);
        auto metrics = items->front().metrics;
        metrics.proved = true;
        QVERIFY(store->updateMetrics({metrics}).ok());
        QVERIFY(store->items()->front().metrics.proved);
    }

    void notesStoredAsTextByOlderVersionsReadBackAsData()
    {
        using evaluation::Metric;
        using evaluation::NoteReason;
        const auto path = freshPath();
        { auto created = createSample(path); }
        // Earlier versions stored one "metric: sentence" line per note, in the same column.
        runSql(path, "UPDATE items SET notes = 'exec: no original database: database file /x/y.sqlite does not exist\n"
                     "esm, hardness: unknown db_id ''ghost''\nplaceholder: \"value\" run as \"1\"\n"
                     "sqleq: cancelled\nsomething else entirely' WHERE item_index = 0;");
        const std::string version = pragmaText(path, "PRAGMA user_version");
        auto store = AnnotationStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        auto items = store->items();
        QVERIFY(items.ok());
        const auto& notes = items->front().metrics.notes;
        QCOMPARE(notes.size(), std::size_t{5});
        QVERIFY(notes[0] == (evaluation::ItemNote{Metric::Exec, NoteReason::NoOriginalDatabase,
                                                  "no original database: database file /x/y.sqlite does not exist"}));
        QVERIFY(notes[1] == (evaluation::ItemNote{Metric::Esm, NoteReason::Unscored, "unknown db_id 'ghost'"}));
        QVERIFY(notes[2] == (evaluation::ItemNote{std::nullopt, NoteReason::ValuePlaceholder, "\"value\" run as \"1\""}));
        QVERIFY(notes[3] == (evaluation::ItemNote{Metric::Sqleq, NoteReason::Cancelled, "cancelled"}));
        QVERIFY(notes[4] == (evaluation::ItemNote{std::nullopt, NoteReason::Other, "something else entirely"}));
        // Users read the same sentences as before.
        QCOMPARE(evaluation::noteText(notes[1]), std::string("esm, hardness: unknown db_id 'ghost'"));
        QCOMPARE(evaluation::noteText(notes[4]), std::string("something else entirely"));

        // Written back, they keep their fields; the format version stays.
        auto metrics = items->front().metrics;
        metrics.notes.push_back({Metric::PcmF1, NoteReason::GoldFailed, "a sentence with\na newline"});
        QVERIFY(store->updateMetrics({metrics}).ok());
        QCOMPARE(store->items()->front().metrics.notes, metrics.notes);
        QCOMPARE(pragmaText(path, "PRAGMA user_version"), version);
    }

    void storeRunsInWalMode()
    {
        const auto path = freshPath();
        auto store = createSample(path);
        QVERIFY(store.setAnnotation(annotation(0, "ana", Verdict::Equivalent)).ok());
        QCOMPARE(pragmaText(path, "PRAGMA journal_mode"), std::string("wal"));
        QCOMPARE(pragmaText(path, "PRAGMA application_id"), std::to_string(0x73716571));
        // a second connection (e.g. the CLI beside the GUI) sees committed edits at once
        auto second = AnnotationStore::open(path);
        QVERIFY(second.ok());
        QCOMPARE(second->annotations()->size(), std::size_t(1));
        QVERIFY(second->setAnnotation(annotation(1, "bo", Verdict::Unsure)).ok());
        QCOMPARE(store.annotations()->size(), std::size_t(2));
    }

    void storeMovesOwnership()
    {
        auto store = createSample(freshPath());
        AnnotationStore moved = std::move(store);
        QVERIFY(moved.setAnnotation(annotation(0, "ana", Verdict::Equivalent)).ok());
        QCOMPARE(moved.annotations()->size(), std::size_t(1));
    }

    void verdictNamesRoundTrip()
    {
        for (auto verdict : {Verdict::Equivalent, Verdict::NotEquivalent, Verdict::Unsure}) {
            QCOMPARE(audit::verdictFromName(audit::verdictName(verdict)), std::optional<Verdict>(verdict));
        }
        QCOMPARE(audit::verdictName(Verdict::NotEquivalent), std::string_view("not_equivalent"));
        QVERIFY(!audit::verdictFromName("Equivalent").has_value());
    }

    void questionsFileReadsIndexDbAndText()
    {
        const auto path = m_dir.filePath(QStringLiteral("questions.tsv")).toStdString();
        std::ofstream(path, std::ios::binary) << "index\tdb_id\tquestion\r\n0\tconcert_singer\tHow many?\r\n\n"
                                                 "1\tpets_1\tA\ttabbed question\n";
        auto questions = dataset::readQuestionsFile(path);
        QVERIFY(questions.ok());
        QCOMPARE(questions->size(), std::size_t(2));
        QCOMPARE(questions->at(0).text, std::string("How many?"));
        QCOMPARE(questions->at(1).index, std::size_t(1));
        QCOMPARE(questions->at(1).dbId, std::string("pets_1"));
        QCOMPARE(questions->at(1).text, std::string("A\ttabbed question"));

        std::ofstream(path, std::ios::binary) << "index\tdb_id\tquestion\nx\tdb\tq\n";
        auto bad = dataset::readQuestionsFile(path);
        QVERIFY(!bad.ok());
        QVERIFY(contains(bad.error().message, "line 2"));
    }
};

QTEST_APPLESS_MAIN(TestAudit)
#include "test_audit.moc"
