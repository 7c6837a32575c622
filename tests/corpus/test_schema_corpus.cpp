// Corpus tests of core/schema + core/exec on the real Spider dev data: every
// db_id of tables.json loads and builds a database that introspects back to the
// same schema, every gold query runs on its (empty) database, and the real
// concert_singer.sqlite agrees with tables.json. Skips without the corpus.
#include "core/exec/executor.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/schema_introspector.h"
#include "core/schema/spider_tables.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace sqleq;
using namespace sqleq::schema;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;

Schema withoutSql(Schema schema)
{
    for (Table& table : schema.tables) table.sql.clear();
    return schema;
}

/// (child table, child column, parent table, parent column), lower-cased.
std::set<std::string> keyPairs(const Schema& schema)
{
    std::set<std::string> out;
    for (const Table& table : schema.tables)
        for (const ForeignKey& key : table.foreignKeys)
            for (std::size_t i = 0; i < key.columns.size(); ++i)
                out.insert(QString::fromStdString(table.name + "." + key.columns[i] + "->"
                                                  + key.referencedTable + "."
                                                  + key.referencedColumns.at(i))
                               .toLower()
                               .toStdString());
    return out;
}

} // namespace

class TestSchemaCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyDbIdLoadsAndBuilds();
    void goldQueriesRunOnBuiltDatabases();
    void concertSingerFileMatchesTablesJson();
};

void TestSchemaCorpus::initTestCase()
{
    SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "tables.json");
}

void TestSchemaCorpus::everyDbIdLoadsAndBuilds()
{
    auto ids = listSpiderDbIdsInFile(kCorpus / "tables.json");
    QVERIFY2(ids.ok(), ids ? "" : ids.error().message.c_str());
    QCOMPARE(ids->size(), std::size_t(20));
    std::size_t tables = 0;
    for (const std::string& id : *ids) {
        auto schema = loadSpiderSchema(kCorpus / "tables.json", id);
        QVERIFY2(schema.ok(), schema ? "" : schema.error().message.c_str());
        auto conn = createDatabase(*schema);
        QVERIFY2(conn.ok(), conn ? "" : conn.error().message.c_str());
        auto back = introspectSchema(*conn, id);
        QVERIFY2(back.ok(), id.c_str());
        QVERIFY2(withoutSql(*back) == withoutSql(*schema), id.c_str());
        tables += schema->tables.size() + (schema->hasSqliteSequence ? 1 : 0);
    }
    QCOMPARE(tables, std::size_t(81));  // world_1's sqlite_sequence included

    auto world = loadSpiderSchema(kCorpus / "tables.json", "world_1");
    QVERIFY(world.ok() && world->hasSqliteSequence);
    auto conn = createDatabase(*world);
    QVERIFY(conn.ok());
    QVERIFY(exec::runQuery(*conn, "SELECT name, seq FROM sqlite_sequence").ok());
}

void TestSchemaCorpus::goldQueriesRunOnBuiltDatabases()
{
    SQLEQ_SKIP_WITHOUT_CORPUS(kCorpus / "dev_gold.sql");
    std::ifstream gold(kCorpus / "dev_gold.sql");
    auto all = parseSpiderSchemas([&] {
        std::ifstream in(kCorpus / "tables.json");
        return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }());
    QVERIFY(all.ok());
    std::map<std::string, exec::Connection> databases;
    for (const Schema& schema : *all) {
        auto conn = createDatabase(schema);
        QVERIFY(conn.ok());
        databases.emplace(schema.name, std::move(conn).value());
    }
    std::string line;
    int count = 0;
    while (std::getline(gold, line)) {
        const std::size_t tab = line.rfind('\t');
        if (tab == std::string::npos) continue;
        const std::string sql = line.substr(0, tab);
        const auto db = databases.find(line.substr(tab + 1));
        QVERIFY2(db != databases.end(), line.c_str());
        const exec::QueryOutcome out = exec::runQuery(db->second, sql);
        QVERIFY2(out.ok(), (sql + " -> " + out.error.message).c_str());
        ++count;
    }
    QCOMPARE(count, 1034);
}

void TestSchemaCorpus::concertSingerFileMatchesTablesJson()
{
    const auto file = kCorpus / "database" / "concert_singer" / "concert_singer.sqlite";
    SQLEQ_SKIP_WITHOUT_CORPUS(file);
    auto fromFile = loadSchemaFromDatabase(file);
    QVERIFY2(fromFile.ok(), fromFile ? "" : fromFile.error().message.c_str());
    auto fromJson = loadSpiderSchema(kCorpus / "tables.json", "concert_singer");
    QVERIFY(fromJson.ok());
    QCOMPARE(fromFile->name, std::string("concert_singer"));
    QCOMPARE(fromFile->tables.size(), fromJson->tables.size());
    for (std::size_t t = 0; t < fromJson->tables.size(); ++t) {
        const Table& real = fromFile->tables[t];
        const Table& listed = fromJson->tables[t];
        QVERIFY(sameIdentifier(real.name, listed.name));
        QCOMPARE(real.columns.size(), listed.columns.size());
        for (std::size_t c = 0; c < listed.columns.size(); ++c)
            QCOMPARE(real.columns[c].name, listed.columns[c].name);
        // tables.json lists one key column per table: singer_in_concert's real key
        // (concert_ID, Singer_ID) appears there as concert_ID alone.
        for (const std::string& key : listed.primaryKey)
            QVERIFY2(std::find(real.primaryKey.begin(), real.primaryKey.end(), key) != real.primaryKey.end(),
                     (listed.name + "." + key).c_str());
        if (listed.name != "singer_in_concert") QCOMPARE(real.primaryKey, listed.primaryKey);
    }
    QCOMPARE(keyPairs(*fromFile), keyPairs(*fromJson));
    QCOMPARE(fromFile->findTable("singer")->findColumn("Is_male")->declaredType, std::string("bool"));
}

QTEST_APPLESS_MAIN(TestSchemaCorpus)
#include "test_schema_corpus.moc"
