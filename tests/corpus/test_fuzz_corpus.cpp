// Corpus tests of core/fuzz on the 20 Spider dev schemas: 50 databases per
// schema and profile (2,000 in all) sample, materialize and satisfy the schema —
// checked by SQL, not only by materialize's enforcement — and the gold constants
// of each schema land in their columns. Skips without the corpus.
#include "core/exec/statement.h"
#include "core/fuzz/fuzz.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/spider_tables.h"
#include "core/sql/parser.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace sqleq;
using schema::quoteIdentifier;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;
constexpr uint64_t kDatabasesPerSchema = 50;

int64_t scalar(const exec::Connection& connection, const std::string& sql)
{
    auto statement = exec::Statement::prepare(connection, sql);
    if (!statement) qFatal("prepare failed: %s (%s)", statement.error().message.c_str(), sql.c_str());
    auto row = statement->step();
    if (!row || !*row) qFatal("no row: %s", sql.c_str());
    return statement->value(0).asInteger();
}

std::string columnList(const std::vector<std::string>& columns, std::string_view prefix = "")
{
    std::string out;
    for (const std::string& column : columns)
        out += (out.empty() ? "" : ", ") + std::string(prefix) + quoteIdentifier(column);
    return out;
}

/// Rows of `table` whose key `columns` (all non-NULL) occur more than once.
std::string duplicateKeysSql(const schema::Table& table, const std::vector<std::string>& columns)
{
    std::string notNull;
    for (const std::string& column : columns)
        notNull += (notNull.empty() ? "" : " AND ") + quoteIdentifier(column) + " IS NOT NULL";
    return "SELECT count(*) FROM (SELECT 1 FROM " + quoteIdentifier(table.name) + " WHERE " + notNull
           + " GROUP BY " + columnList(columns) + " HAVING count(*) > 1)";
}

/// Child rows with a complete key that matches no parent row (also for keys
/// SQLite cannot enforce, which materializableSchema() drops).
std::string danglingSql(const schema::Table& table, const schema::ForeignKey& key)
{
    std::string complete;
    std::string match;
    for (std::size_t i = 0; i < key.columns.size(); ++i) {
        const std::string child = "c." + quoteIdentifier(key.columns[i]);
        complete += (complete.empty() ? "" : " AND ") + child + " IS NOT NULL";
        match += (match.empty() ? "" : " AND ") + std::string("p.") + quoteIdentifier(key.referencedColumns[i]) + " = " + child;
    }
    return "SELECT count(*) FROM " + quoteIdentifier(table.name) + " AS c WHERE " + complete
           + " AND NOT EXISTS (SELECT 1 FROM " + quoteIdentifier(key.referencedTable) + " AS p WHERE " + match + ")";
}

struct Totals {
    std::size_t databases = 0;
    std::size_t nulls = 0;
    std::size_t emptyTables = 0;
};

} // namespace

class TestFuzzCorpus : public QObject {
    Q_OBJECT

    std::vector<schema::Schema> m_schemas;
    std::map<std::string, fuzz::GoldConstants> m_constants;  // by db_id

    void checkDatabase(const schema::Schema& schema, const exec::Connection& connection, fuzz::Profile profile,
                       Totals& totals);

private slots:
    void initTestCase();
    void everySchemaSamplesValidDatabases();
    void goldConstantsLandInTheirColumns();
    void samplingIsDeterministicAcrossCalls();
};

void TestFuzzCorpus::initTestCase()
{
    SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "tables.json");
    auto ids = schema::listSpiderDbIdsInFile(kCorpus / "tables.json");
    QVERIFY(ids.ok());
    for (const std::string& id : *ids) {
        auto loaded = schema::loadSpiderSchema(kCorpus / "tables.json", id);
        QVERIFY2(loaded.ok(), id.c_str());
        m_schemas.push_back(std::move(*loaded));
    }
    QCOMPARE(m_schemas.size(), std::size_t(20));
    std::ifstream gold(kCorpus / "dev_gold.sql");
    std::string line;
    std::size_t parsed = 0;
    while (std::getline(gold, line)) {
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos) continue;
        const std::string dbId = line.substr(tab + 1);
        const auto* schema = [&]() -> const schema::Schema* {
            for (const auto& s : m_schemas)
                if (s.name == dbId) return &s;
            return nullptr;
        }();
        auto output = sql::parse(line.substr(0, tab));
        if (schema == nullptr || !output.ok()) continue;
        fuzz::merge(m_constants[dbId], fuzz::collectConstants(*output.statement, *schema));
        ++parsed;
    }
    QVERIFY2(parsed > 1000, qPrintable(QString("only %1 gold queries parsed").arg(parsed)));
}

void TestFuzzCorpus::checkDatabase(const schema::Schema& schema, const exec::Connection& connection,
                                   fuzz::Profile profile, Totals& totals)
{
    auto check = exec::Statement::prepare(connection, "PRAGMA foreign_key_check");
    QVERIFY(check.ok());
    auto violation = check->step();
    QVERIFY(violation.ok());
    QVERIFY2(!*violation, schema.name.c_str());
    for (const schema::Table& table : schema.tables) {
        const std::string name = quoteIdentifier(table.name);
        const int64_t rows = scalar(connection, "SELECT count(*) FROM " + name);
        if (rows == 0) ++totals.emptyTables;
        if (profile == fuzz::Profile::Spider) QVERIFY2(rows > 0, qPrintable(QString::fromStdString(schema.name + "." + table.name)));
        if (!table.primaryKey.empty()) {
            QCOMPARE(scalar(connection, duplicateKeysSql(table, table.primaryKey)), int64_t(0));
            if (table.primaryKey.size() == 1)
                QCOMPARE(scalar(connection, "SELECT count(DISTINCT " + quoteIdentifier(table.primaryKey[0]) + ") FROM " + name), rows);
        }
        for (const auto& unique : table.uniques) QCOMPARE(scalar(connection, duplicateKeysSql(table, unique.columns)), int64_t(0));
        for (const auto& key : table.foreignKeys)
            QVERIFY2(scalar(connection, danglingSql(table, key)) == 0, qPrintable(QString::fromStdString(schema.name + "." + table.name)));
        for (const schema::Column& column : table.columns) {
            const int64_t nulls = scalar(connection, "SELECT count(*) FROM " + name + " WHERE " + quoteIdentifier(column.name) + " IS NULL");
            totals.nulls += static_cast<std::size_t>(nulls);
            if (profile == fuzz::Profile::Spider || column.notNull || column.primaryKey)
                QVERIFY2(nulls == 0, qPrintable(QString::fromStdString(schema.name + "." + table.name + "." + column.name)));
        }
    }
    ++totals.databases;
}

void TestFuzzCorpus::everySchemaSamplesValidDatabases()
{
    for (const fuzz::Profile profile : {fuzz::Profile::Spider, fuzz::Profile::Strict}) {
        Totals totals;
        for (const schema::Schema& schema : m_schemas) {
            for (uint64_t index = 0; index < kDatabasesPerSchema; ++index) {
                const fuzz::SampleSpec spec{profile, 2024, index};
                auto content = fuzz::sampleDatabase(schema, m_constants[schema.name], spec);
                QVERIFY(content.ok());
                QVERIFY(content->rowCount() <= 300 + schema.tables.size());
                auto connection = fuzz::sampleConnection(schema, m_constants[schema.name], spec);
                QVERIFY2(connection.ok(), connection.ok() ? "" : (schema.name + ": " + connection.error().message).c_str());
                checkDatabase(schema, *connection, profile, totals);
                if (QTest::currentTestFailed()) return;
            }
        }
        QCOMPARE(totals.databases, m_schemas.size() * kDatabasesPerSchema);
        qInfo("profile %s: %zu databases, %zu NULL cells, %zu empty tables", fuzz::profileName(profile).data(),
              totals.databases, totals.nulls, totals.emptyTables);
        if (profile == fuzz::Profile::Spider) {
            QCOMPARE(totals.nulls, std::size_t(0));
            QCOMPARE(totals.emptyTables, std::size_t(0));
        } else {
            QVERIFY(totals.nulls > 0);
            QVERIFY(totals.emptyTables > 0);
        }
    }
}

void TestFuzzCorpus::goldConstantsLandInTheirColumns()
{
    std::size_t attributed = 0;
    std::size_t found = 0;
    for (const schema::Schema& schema : m_schemas) {
        const fuzz::GoldConstants& constants = m_constants[schema.name];
        std::set<std::size_t> seen;  // indices into constants.items
        for (uint64_t index = 0; index < kDatabasesPerSchema; ++index) {
            auto content = fuzz::sampleDatabase(schema, constants, {fuzz::Profile::Spider, 7, index});
            QVERIFY(content.ok());
            for (std::size_t i = 0; i < constants.items.size(); ++i) {
                const fuzz::GoldConstant& constant = constants.items[i];
                if (!constant.attributed() || constant.use != fuzz::ConstantUse::Compare || seen.count(i)) continue;
                const auto* rows = content->find(constant.table);
                const schema::Table* table = schema.findTable(constant.table);
                QVERIFY(rows != nullptr && table != nullptr);
                const auto column = static_cast<std::size_t>(
                    std::find_if(table->columns.begin(), table->columns.end(),
                                 [&](const schema::Column& c) { return schema::sameIdentifier(c.name, constant.column); })
                    - table->columns.begin());
                for (const exec::Row& row : rows->rows)
                    if (row.at(column) == constant.value) seen.insert(i);
            }
        }
        for (std::size_t i = 0; i < constants.items.size(); ++i) {
            const fuzz::GoldConstant& constant = constants.items[i];
            if (!constant.attributed() || constant.use != fuzz::ConstantUse::Compare) continue;
            ++attributed;
            if (seen.count(i)) ++found;
            else qInfo("never sampled: %s.%s.%s", schema.name.c_str(), constant.table.c_str(), constant.column.c_str());
        }
    }
    qInfo("%zu of %zu attributed gold constants appear within %llu databases", found, attributed,
          static_cast<unsigned long long>(kDatabasesPerSchema));
    QVERIFY(attributed > 100);
    QVERIFY(found * 100 >= attributed * 95);
}

void TestFuzzCorpus::samplingIsDeterministicAcrossCalls()
{
    for (const schema::Schema& schema : m_schemas) {
        const fuzz::SampleSpec spec{fuzz::Profile::Strict, 99, 17};
        auto first = fuzz::sampleConnection(schema, m_constants[schema.name], spec);
        auto second = fuzz::sampleConnection(schema, m_constants[schema.name], spec);
        QVERIFY(first.ok() && second.ok());
        QVERIFY2(first->serialize().value() == second->serialize().value(), schema.name.c_str());
    }
}

QTEST_APPLESS_MAIN(TestFuzzCorpus)
#include "test_fuzz_corpus.moc"
