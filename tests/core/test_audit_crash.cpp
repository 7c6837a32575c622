// Crash safety of the annotation store: a writer process commits annotations in a
// loop and is SIGKILLed mid-stream, several times at different moments. After
// each kill the project must open (quick_check), pass integrity_check, and hold
// every annotation the writer had confirmed, with exactly its values — and at most
// one more (committed, killed before it could print).

#include "core/audit/audit.h"
#include "tests/tools/crash_plan.h"

#include <sqlite3.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace sqleq;

namespace {

std::vector<audit::AuditItem> makeItems(std::size_t count)
{
    std::vector<audit::AuditItem> items(count);
    for (std::size_t i = 0; i < count; ++i) {
        items[i].index = i * 2;  // not 0..n-1, so the plan must go through the real indices
        items[i].dbId = "db";
        items[i].gold = "SELECT " + std::to_string(i);
        items[i].prediction = "SELECT " + std::to_string(i) + " + 0";
        items[i].metrics.index = items[i].index;
    }
    return items;
}

std::string integrityCheck(const std::string& path)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
    sqlite3_stmt* stmt = nullptr;
    std::string result = "no answer";
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
        result = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return result;
}

// Parses complete "confirmed <n>" lines out of `buffer`, keeping a partial last line.
void takeConfirmed(QByteArray& buffer, std::vector<std::size_t>& confirmed)
{
    for (qsizetype newline; (newline = buffer.indexOf('\n')) >= 0;) {
        const auto line = buffer.left(newline).trimmed();
        buffer.remove(0, newline + 1);
        if (line.startsWith("confirmed ")) confirmed.push_back(line.mid(10).toULongLong());
    }
}

} // namespace

class TestAuditCrash : public QObject {
    Q_OBJECT

private slots:
    void killedWriterLosesNoConfirmedAnnotation()
    {
        QTemporaryDir dir;
        const auto path = dir.filePath(QStringLiteral("crash.sqleq-audit")).toStdString();
        const auto items = makeItems(37);
        QVERIFY(audit::AnnotationStore::create(path, {}, items).ok());
        std::vector<std::size_t> indices;
        for (const auto& item : items) indices.push_back(item.index);

        // Kill after different numbers of confirmed writes in each round; the kill
        // lands wherever the writer happens to be (inside a commit, between
        // commits, while printing).
        std::vector<std::size_t> allConfirmed;
        for (const std::size_t threshold : {200u, 437u, 311u, 523u, 251u}) {
            std::size_t start = 0;
            {
                auto store = audit::AnnotationStore::open(path);
                QVERIFY(store.ok());
                start = store->annotations()->size();
            }
            QProcess writer;
            writer.start(QStringLiteral(SQLEQ_ANNOTATION_WRITER_PATH),
                         {QString::fromStdString(path), QString::number(start)});
            QVERIFY2(writer.waitForStarted(), qPrintable(writer.errorString()));
            QByteArray buffer;
            std::vector<std::size_t> confirmed;
            while (confirmed.size() < threshold) {
                if (!writer.waitForReadyRead(60000)) {
                    QFAIL(qPrintable("writer stopped early: " + writer.readAllStandardError()));
                }
                buffer += writer.readAllStandardOutput();
                takeConfirmed(buffer, confirmed);
            }
            writer.kill();  // SIGKILL: no destructor, no checkpoint, no WAL cleanup
            QVERIFY(writer.waitForFinished(60000));
            QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
            buffer += writer.readAllStandardOutput();
            takeConfirmed(buffer, confirmed);
            QCOMPARE(confirmed.front(), start);
            QCOMPARE(confirmed.back(), start + confirmed.size() - 1);
            allConfirmed.insert(allConfirmed.end(), confirmed.begin(), confirmed.end());
            verifyStore(path, indices, allConfirmed);
        }
    }

private:
    void verifyStore(const std::string& path, const std::vector<std::size_t>& indices,
                     const std::vector<std::size_t>& confirmed)
    {
        auto store = audit::AnnotationStore::open(path);  // runs quick_check
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        QCOMPARE(integrityCheck(path), std::string("ok"));

        auto annotations = store->annotations();
        QVERIFY(annotations.ok());
        std::map<std::pair<std::size_t, std::string>, audit::Annotation> stored;
        for (auto& annotation : *annotations) {
            stored.emplace(std::make_pair(annotation.itemIndex, annotation.annotator), annotation);
        }
        // Writes 0..last were confirmed; one more may have committed unconfirmed.
        const std::size_t last = confirmed.back();
        QVERIFY2(stored.size() == last + 1 || stored.size() == last + 2,
                 qPrintable(QStringLiteral("%1 stored after %2 confirmed").arg(stored.size()).arg(last + 1)));
        auto reasons = store->reasons();
        QVERIFY(reasons.ok());
        const std::set<std::string> reasonSet(reasons->begin(), reasons->end());
        for (const auto n : confirmed) {
            const auto planned = crashplan::plannedAnnotation(n, indices);
            const auto found = stored.find({planned.itemIndex, planned.annotator});
            QVERIFY2(found != stored.end(), qPrintable(QStringLiteral("confirmed write %1 is missing").arg(n)));
            QCOMPARE(found->second.verdict, planned.verdict);
            QCOMPARE(found->second.reason, planned.reason);
            QCOMPARE(found->second.note, planned.note);
            if (!planned.reason.empty()) QVERIFY(reasonSet.count(planned.reason) == 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestAuditCrash)
#include "test_audit_crash.moc"
