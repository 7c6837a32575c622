// Parser against real text-to-SQL data: the 22,748 queries of the Spider dev set
// (gold + 21 submissions). Our accept/reject verdict must agree with SQLite's
// own parser (sqlite3_prepare_v2 on the item's schema built from tables.json,
// where only syntax errors count as rejections) and every accepted query must
// survive print → parse unchanged.

#include "core/schema/ddl_writer.h"
#include "core/schema/spider_tables.h"
#include "core/sql/sql.h"
#include "tests/corpus_skip.h"

#include <sqlite3.h>

#include <QtTest/QtTest>

#include <cstring>
#include <map>

using namespace sqleq;
using namespace sqleq::sql;

namespace {

struct CorpusQuery {
    QString file;
    int line = 0;
    std::string sql;
    std::string dbId;  ///< the item's schema: from the gold line with the same number
};

QString corpusDir() { return QStringLiteral(SQLEQ_CORPUS_DIR); }

// Each line is SQL, optionally followed by <TAB>db_id (gold, dev_10, dev_21).
bool readQueries(const QString& path, QList<CorpusQuery>& out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QString name = QFileInfo(path).fileName();
    int line = 0;
    while (!file.atEnd()) {
        QByteArray text = file.readLine();
        ++line;
        if (text.endsWith('\n')) text.chop(1);
        if (text.endsWith('\r')) text.chop(1);
        const qsizetype tab = text.indexOf('\t');
        std::string dbId = tab >= 0 ? text.mid(tab + 1).toStdString() : std::string();
        if (tab >= 0) text.truncate(tab);
        out.push_back({name, line, text.toStdString(), std::move(dbId)});
    }
    return true;
}

bool isSyntaxMessage(const char* message)
{
    return std::strstr(message, "syntax error") || std::strstr(message, "incomplete input")
        || std::strstr(message, "unrecognized token");
}

// SQLite's verdict under our policy: exactly one statement (trailing
// whitespace, comments and semicolons allowed) whose parse reports no syntax
// error. Name errors ("no such table") come after parsing, so they accept.
bool sqliteAccepts(sqlite3* db, const std::string& sql, QString& why)
{
    const char* tail = sql.c_str();
    int statements = 0;
    while (tail && *tail) {
        sqlite3_stmt* statement = nullptr;
        const char* next = nullptr;
        const int rc = sqlite3_prepare_v2(db, tail, -1, &statement, &next);
        const bool prepared = statement != nullptr;
        sqlite3_finalize(statement);
        if (rc != SQLITE_OK) {
            why = QString::fromUtf8(sqlite3_errmsg(db));
            if (isSyntaxMessage(sqlite3_errmsg(db))) return false;
            ++statements; // a complete statement with a non-syntax error
            next = nullptr;
        } else if (prepared) {
            ++statements;
        }
        if (statements > 1) {
            why = QStringLiteral("more than one statement");
            return false;
        }
        tail = next;
    }
    if (statements == 0) why = QStringLiteral("no statement");
    return statements == 1;
}

} // namespace

class TestParserCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(std::filesystem::path(corpusDir().toStdString()) / "dev_gold.sql");
        QVERIFY(readQueries(corpusDir() + "/dev_gold.sql", m_queries));
        const qsizetype goldCount = m_queries.size();
        for (int i = 1; i <= 21; ++i)
            QVERIFY(readQueries(QString("%1/predictions/dev_%2.txt").arg(corpusDir()).arg(i), m_queries));
        // A prediction on line n is about the gold item on line n.
        for (qsizetype i = goldCount; i < m_queries.size(); ++i) {
            QVERIFY(m_queries[i].line <= goldCount);
            m_queries[i].dbId = m_queries[m_queries[i].line - 1].dbId;
        }
        const auto tables = (corpusDir() + "/tables.json").toStdString();
        for (const auto& query : m_queries) {
            if (m_databases.count(query.dbId)) continue;
            auto schema = schema::loadSpiderSchema(tables, query.dbId);
            QVERIFY2(schema.ok(), query.dbId.c_str());
            auto database = schema::createDatabase(*schema);
            QVERIFY2(database.ok(), query.dbId.c_str());
            m_databases.emplace(query.dbId, std::move(*database));
        }
        qInfo("%lld corpus queries", static_cast<long long>(m_queries.size()));
    }

    void agreesWithSqlite()
    {
        int agree = 0;
        int accepted = 0;
        for (qsizetype i = 0; i < m_queries.size(); ++i) {
            const auto& query = m_queries[i];
            QString why;
            const bool theirs = sqliteAccepts(m_databases.at(query.dbId).handle(), query.sql, why);
            const auto output = parse(query.sql);
            accepted += output.ok() ? 1 : 0;
            if (theirs == output.ok()) {
                ++agree;
                continue;
            }
            const QString ours = output.ok() ? QStringLiteral("accepts")
                                             : "rejects: " + QString::fromStdString(formatDiagnostic(
                                                   query.sql, output.diagnostics.front()));
            qWarning().noquote() << QString("disagreement #%1 %2:%3\n  query: %4\n  sqlite: %5 (%6)\n  ours: %7")
                                        .arg(i)
                                        .arg(query.file)
                                        .arg(query.line)
                                        .arg(QString::fromStdString(query.sql))
                                        .arg(theirs ? "accepts" : "rejects")
                                        .arg(why)
                                        .arg(ours);
        }
        const double rate = 100.0 * agree / std::max<qsizetype>(1, m_queries.size());
        qInfo("agreement with SQLite: %d / %lld (%.3f%%); we accept %d", agree,
              static_cast<long long>(m_queries.size()), rate, accepted);
        QVERIFY2(rate >= 99.9, qPrintable(QString("agreement %1% is below 99.9%").arg(rate)));
    }

    void acceptedQueriesRoundTrip()
    {
        int accepted = 0;
        int failures = 0;
        for (qsizetype i = 0; i < m_queries.size(); ++i) {
            const auto& query = m_queries[i];
            const auto first = parse(query.sql);
            if (!first.ok()) continue;
            ++accepted;
            const std::string printed = print(*first.statement);
            const auto second = parse(printed);
            if (second.ok() && structurallyEqual(*first.statement, *second.statement)) continue;
            ++failures;
            qWarning().noquote() << QString("round trip #%1 %2:%3\n  query: %4\n  print: %5\n  %6")
                                        .arg(i)
                                        .arg(query.file)
                                        .arg(query.line)
                                        .arg(QString::fromStdString(query.sql))
                                        .arg(QString::fromStdString(printed))
                                        .arg(second.ok() ? QStringLiteral("trees differ")
                                                         : QString::fromStdString(second.diagnostics.front().message));
        }
        qInfo("round trip: %d / %d accepted queries", accepted - failures, accepted);
        QCOMPARE(failures, 0);
    }

private:
    QList<CorpusQuery> m_queries;
    std::map<std::string, exec::Connection> m_databases;  ///< db_id → empty database of its schema
};

QTEST_APPLESS_MAIN(TestParserCorpus)
#include "test_parser_corpus.moc"
