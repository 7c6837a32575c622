// `sqleq-cli check-proof`: a proof from `check --json` (the whole output or its
// evidence.proof) is accepted with exit 0; a tampered one is rejected with exit 1 and
// its reason, also as JSON; a file that is not JSON is rejected, and /dev/zero or a
// missing file ends with exit 3 and a message naming the file.

#include "tests/cli/cli_test_support.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString writeText(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) qFatal("cannot write %s", qPrintable(name));
    return file.fileName();
}

const QByteArray kDdl = "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);";

} // namespace

class TestCliCheckProof : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QByteArray m_checkOutput;

private slots:
    void initTestCase()
    {
        const QString ddl = writeText(m_dir, "shop.sql", kDdl);
        const CliRun run = runCli({"check", "--ddl", ddl, "--gold", "SELECT name FROM item WHERE 10 < price",
                                   "--candidate", "select T.name from item as T where T.price > 10", "--json"});
        QCOMPARE(run.exitCode, 0);
        m_checkOutput = run.out.toUtf8();
        const QJsonObject evidence = QJsonDocument::fromJson(m_checkOutput).object()["evidence"].toObject();
        QVERIFY2(evidence.contains("proof"), m_checkOutput.constData());
    }

    void acceptsTheCheckOutputAndItsProof()
    {
        const QString whole = writeText(m_dir, "check.json", m_checkOutput);
        CliRun run = runCli({"check-proof", whole});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith("proof accepted: ") && run.out.contains("gold and candidate reach one normal form"),
                 qPrintable(run.out));
        const QJsonObject proof = QJsonDocument::fromJson(m_checkOutput).object()["evidence"].toObject()["proof"].toObject();
        const QString file = writeText(m_dir, "proof.json", QJsonDocument(proof).toJson());
        run = runCli({"check-proof", file, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject answer = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(answer["accepted"].toBool(), true);
        QVERIFY(answer["reason"].isNull());
    }

    void rejectsATamperedProof()
    {
        QJsonObject proof = QJsonDocument::fromJson(m_checkOutput).object()["evidence"].toObject()["proof"].toObject();
        proof["gold_form"] = "SELECT item.name FROM item";
        const QString file = writeText(m_dir, "tampered.json", QJsonDocument(proof).toJson());
        CliRun run = runCli({"check-proof", file});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out.trimmed(), QStringLiteral("proof rejected: gold_form and candidate_form differ"));
        run = runCli({"check-proof", file, "--json"});
        QCOMPARE(run.exitCode, 1);
        const QJsonObject answer = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(answer["accepted"].toBool(), false);
        QCOMPARE(answer["reason"].toString(), QStringLiteral("gold_form and candidate_form differ"));
    }

    void hostileInput()
    {
        CliRun run = runCli({"check-proof", writeText(m_dir, "not.json", "{\"format\": ")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.startsWith("proof rejected: not JSON: byte"), qPrintable(run.out));
        run = runCli({"check-proof", writeText(m_dir, "types.json", "{\"format\": \"sqleq-proof\", \"version\": \"1\"}")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains("version: expected a number, found a string"), qPrintable(run.out));
        run = runCli({"check-proof", "/dev/zero"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("/dev/zero: larger than the 16 MiB limit for a proof file"), qPrintable(run.err));
        run = runCli({"check-proof", m_dir.filePath("missing.json")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("missing.json"), qPrintable(run.err));
    }
};

QTEST_APPLESS_MAIN(TestCliCheckProof)
#include "test_cli_check_proof.moc"
