// Runs the data-driven SQL cases in tests/sql/<topic>/*.test (format in
// tests/sql/README.md): `statement ok` cases must parse, print as given and
// re-parse to an equal tree; `statement error` cases must fail with a
// diagnostic whose formatted text contains the given substring.

#include "core/sql/sql.h"

#include <QtTest/QtTest>

using namespace sqleq;
using namespace sqleq::sql;

namespace {

struct SqlCase {
    QString location; ///< file:line, the row name
    bool expectOk = true;
    QString query;
    QString expected; ///< canonical print (ok) or error substring; may be empty
};

QString casesRoot() { return QStringLiteral(SQLEQ_SOURCE_DIR "/tests/sql"); }

QList<SqlCase> readCases(const QString& path, QString& problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        problem = "cannot open " + path;
        return {};
    }
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const QString relative = QDir(casesRoot()).relativeFilePath(path);
    if (lines.isEmpty() || !lines.front().startsWith(QLatin1String("# name:"))) problem = relative + " lacks a '# name:' header";
    QList<SqlCase> cases;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString header = lines[i].trimmed();
        if (header != QLatin1String("statement ok") && header != QLatin1String("statement error")) {
            if (!header.isEmpty() && !header.startsWith(QLatin1Char('#'))) {
                problem = QString("%1:%2: expected 'statement ok|error', got '%3'").arg(relative).arg(i + 1).arg(header);
            }
            continue;
        }
        SqlCase sqlCase;
        sqlCase.location = QString("%1:%2").arg(relative).arg(i + 1);
        sqlCase.expectOk = header == QLatin1String("statement ok");
        QStringList query, expected;
        bool inExpected = false;
        for (++i; i < lines.size() && !lines[i].trimmed().isEmpty(); ++i) {
            if (!inExpected && lines[i] == QLatin1String("----")) inExpected = true;
            else (inExpected ? expected : query) << lines[i];
        }
        sqlCase.query = query.join(QLatin1Char('\n'));
        sqlCase.expected = expected.join(QLatin1Char('\n'));
        cases << sqlCase;
    }
    return cases;
}

} // namespace

class TestSqlCases : public QObject {
    Q_OBJECT

private slots:
    void cases_data()
    {
        QTest::addColumn<bool>("expectOk");
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("expected");
        QDirIterator files(casesRoot(), {QStringLiteral("*.test")}, QDir::Files, QDirIterator::Subdirectories);
        QStringList paths;
        while (files.hasNext()) paths << files.next();
        paths.sort();
        QVERIFY2(!paths.isEmpty(), "no .test files under tests/sql");
        int total = 0;
        for (const QString& path : paths) {
            QString problem;
            const auto cases = readCases(path, problem);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            for (const auto& sqlCase : cases) {
                QTest::newRow(qPrintable(sqlCase.location)) << sqlCase.expectOk << sqlCase.query << sqlCase.expected;
                ++total;
            }
        }
        qInfo("%d SQL cases in %lld files", total, static_cast<long long>(paths.size()));
    }

    void cases()
    {
        QFETCH(bool, expectOk);
        QFETCH(QString, query);
        QFETCH(QString, expected);
        const std::string text = query.toStdString();
        auto output = parse(text);
        if (!expectOk) {
            QVERIFY2(!output.ok(), "expected a parse error, but the query parsed");
            const QString message = QString::fromStdString(formatDiagnostic(text, output.diagnostics.front()));
            QVERIFY2(message.contains(expected), qPrintable("error was: " + message));
            return;
        }
        if (!output.ok()) {
            QFAIL(qPrintable("parse error: " + QString::fromStdString(formatDiagnostic(text, output.diagnostics.front()))));
        }
        const std::string printed = print(*output.statement);
        if (!expected.isEmpty()) QCOMPARE(QString::fromStdString(printed), expected);
        auto again = parse(printed);
        QVERIFY2(again.ok(), qPrintable("canonical print does not parse: " + QString::fromStdString(printed)));
        QVERIFY2(structurallyEqual(*output.statement, *again.statement),
                 qPrintable("round trip changed the tree: " + QString::fromStdString(printed)));
    }
};

QTEST_APPLESS_MAIN(TestSqlCases)
#include "test_sql_cases.moc"
