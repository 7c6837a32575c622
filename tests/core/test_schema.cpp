// Unit tests of core/schema: affinity rules, the three loaders (.sqlite file,
// DDL via SQLite, tables.json), CHECK extraction, DDL generation round trips,
// database building and column resolution.
#include "core/exec/executor.h"
#include "core/schema/column_resolver.h"
#include "core/schema/create_sql_scan.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/schema_introspector.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace sqleq;
using namespace sqleq::schema;

namespace {

constexpr std::string_view kRichDdl = R"sql(
CREATE TABLE country (
  code TEXT PRIMARY KEY,
  name VARCHAR(40) NOT NULL UNIQUE,
  population INTEGER DEFAULT 0 CHECK (population >= 0),
  gnp REAL,
  note TEXT DEFAULT 'n/a' -- "check(" inside a comment and 'check (' in strings never count
);
CREATE TABLE city (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  country_code TEXT REFERENCES country,
  founded DATETIME,
  CHECK (length(name) > (0 + 0) AND name <> 'check (x)')
);
CREATE TABLE language (
  country_code TEXT NOT NULL,
  lang TEXT NOT NULL,
  official BOOLEAN,
  "weird ""name""" NUMERIC,
  PRIMARY KEY (country_code, lang),
  FOREIGN KEY (country_code) REFERENCES country (code)
) WITHOUT ROWID;
CREATE TABLE speaker (
  person INT,
  country_code TEXT,
  lang TEXT,
  UNIQUE (person, lang),
  FOREIGN KEY (country_code, lang) REFERENCES language (country_code, lang)
);
CREATE UNIQUE INDEX speaker_person ON speaker(person);
)sql";

Schema loadRich()
{
    auto schema = loadSchemaFromDdl(kRichDdl, "rich");
    if (!schema) qFatal("rich DDL failed: %s", schema.error().message.c_str());
    return std::move(schema).value();
}

/// Schemas compared without the CREATE text, which regeneration reformats.
Schema withoutSql(Schema schema)
{
    for (Table& table : schema.tables) table.sql.clear();
    return schema;
}

constexpr std::string_view kTablesJson = R"json([
 {"db_id": "other", "table_names_original": [], "column_names_original": [[-1, "*"]],
  "column_types": ["text"], "primary_keys": [], "foreign_keys": []},
 {"db_id": "shop",
  "table_names_original": ["customer", "sqlite_sequence", "product", "orders", "line"],
  "column_names_original": [[-1, "*"], [0, "cid"], [0, "Name"], [1, "name"], [1, "seq"],
     [2, "sku"], [2, "vendor"], [2, "price"], [2, "added"],
     [3, "oid"], [3, "cid"], [3, "paid"],
     [4, "oid"], [4, "sku"], [4, "vendor"], [4, "backup_cid"]],
  "column_types": ["text", "number", "text", "text", "text", "text", "text", "number", "time",
     "number", "number", "boolean", "number", "text", "text", "number"],
  "primary_keys": [1, [5, 6], 9, 12, 13],
  "foreign_keys": [[10, 1], [13, 5], [14, 6], [12, 9], [15, 1], [10, 1]]}
])json";

} // namespace

class TestSchema : public QObject {
    Q_OBJECT

private slots:
    void affinityRules_data();
    void affinityRules();
    void logicalTypes();
    void checkBodies();
    void loadFromDatabaseFile();
    void loadFromDdl();
    void ddlKeepsInsertedRows();
    void ddlDumpWithSqliteSequence();
    void badDdlHasPosition();
    void tablesJson();
    void tablesJsonErrors();
    void roundTripThroughDdl();
    void tablesJsonBuildsDatabase();
    void buildErrorsNameTheTable();
    void columnResolution();
    void oneOpenerForEverySource();
    void originalNamedBySpec();
};

void TestSchema::affinityRules_data()
{
    QTest::addColumn<QString>("declared");
    QTest::addColumn<int>("affinity");
    const auto row = [](const char* type, Affinity affinity) {
        QTest::newRow(type) << QString::fromUtf8(type) << static_cast<int>(affinity);
    };
    row("INT", Affinity::Integer);
    row("integer", Affinity::Integer);
    row("TINYINT", Affinity::Integer);
    row("UNSIGNED BIG INT", Affinity::Integer);
    row("CHARINT", Affinity::Integer);  // INT is tested first
    row("FLOATING POINT", Affinity::Integer);  // "POINT" contains INT: SQLite's documented quirk
    row("VARCHAR(255)", Affinity::Text);
    row("NCHAR(55)", Affinity::Text);
    row("CLOB", Affinity::Text);
    row("text", Affinity::Text);
    row("BLOB", Affinity::Blob);
    row("", Affinity::Blob);
    row("REAL", Affinity::Real);
    row("DOUBLE PRECISION", Affinity::Real);
    row("float", Affinity::Real);
    row("NUMERIC", Affinity::Numeric);
    row("DECIMAL(10,5)", Affinity::Numeric);
    row("BOOLEAN", Affinity::Numeric);
    row("DATETIME", Affinity::Numeric);
    row("STRING", Affinity::Numeric);  // not TEXT: another documented quirk
}

void TestSchema::affinityRules()
{
    QFETCH(QString, declared);
    QFETCH(int, affinity);
    QCOMPARE(static_cast<int>(affinityOf(declared.toStdString())), affinity);
}

void TestSchema::logicalTypes()
{
    QCOMPARE(logicalTypeOf("varchar(20)"), LogicalType::Text);
    QCOMPARE(logicalTypeOf("int"), LogicalType::Number);
    QCOMPARE(logicalTypeOf("DECIMAL(3,1)"), LogicalType::Number);
    QCOMPARE(logicalTypeOf("DATETIME"), LogicalType::Time);
    QCOMPARE(logicalTypeOf("bool"), LogicalType::Boolean);
    QCOMPARE(logicalTypeOf("BLOB"), LogicalType::Others);
    QCOMPARE(parseLogicalType("number"), std::optional(LogicalType::Number));
    QCOMPARE(parseLogicalType("nope"), std::optional<LogicalType>());
    QCOMPARE(affinityName(Affinity::Numeric), std::string_view("NUMERIC"));
}

void TestSchema::checkBodies()
{
    const auto bodies = extractCheckBodies(
        "CREATE TABLE \"check\"(a CHECK( a > (1) ), \"b check(\" TEXT, c DEFAULT 'check(', "
        "[check] INT, /* check(x) */ CONSTRAINT k check(a <> ')') -- check(z)\n)");
    QCOMPARE(bodies, (std::vector<std::string>{"a > (1)", "a <> ')'"}));
    QVERIFY(mentionsAutoincrement("CREATE TABLE t(id INTEGER PRIMARY KEY autoincrement)"));
    QVERIFY(!mentionsAutoincrement("CREATE TABLE t(id INTEGER, \"AUTOINCREMENT\" TEXT)"));
}

void TestSchema::loadFromDatabaseFile()
{
    auto db = loadDatabaseFromDdl(kRichDdl, "rich");
    QVERIFY(db.ok());
    QVERIFY(db->connection.executeScript("INSERT INTO city(name) VALUES ('x');").ok());
    auto bytes = db->connection.serialize();
    QVERIFY(bytes.ok());
    QTemporaryDir dir;
    const std::filesystem::path file = std::filesystem::path(dir.path().toStdString()) / "world.sqlite";
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));

    auto schema = loadSchemaFromDatabase(file);
    QVERIFY2(schema.ok(), schema ? "" : schema.error().message.c_str());
    QCOMPARE(schema->name, std::string("world"));
    QCOMPARE(withoutSql(*schema).tables, withoutSql(db->schema).tables);
    QVERIFY(schema->hasSqliteSequence);
    QCOMPARE(schema->tables.size(), std::size_t(4));  // sqlite_sequence is not a table of ours
    QVERIFY(schema->findTable("SQLITE_SEQUENCE") != nullptr);
    QVERIFY(schema->findTable("City")->findColumn("ID")->autoincrement);

    auto missing = loadSchemaFromDatabase(file.parent_path() / "gone.sqlite");
    QVERIFY(!missing.ok());
    QVERIFY(missing.error().message.find("gone.sqlite") != std::string::npos);
}

void TestSchema::loadFromDdl()
{
    const Schema schema = loadRich();
    QCOMPARE(schema.tables.size(), std::size_t(4));
    QVERIFY(schema.hasSqliteSequence);  // city has an AUTOINCREMENT key

    const Table& country = schema.tables[0];
    QCOMPARE(country.name, std::string("country"));
    QCOMPARE(country.primaryKey, std::vector<std::string>{"code"});
    const Column& name = country.columns[1];
    QCOMPARE(name.declaredType, std::string("VARCHAR(40)"));
    QCOMPARE(name.affinity, Affinity::Text);
    QVERIFY(name.notNull);
    QCOMPARE(country.columns[2].defaultValue, std::optional<std::string>("0"));
    QCOMPARE(country.columns[4].defaultValue, std::optional<std::string>("'n/a'"));
    QCOMPARE(country.uniques, std::vector<UniqueConstraint>{{{"name"}}});
    QCOMPARE(country.checks, std::vector<std::string>{"population >= 0"});

    const Table& city = schema.tables[1];
    QVERIFY(city.columns[0].autoincrement && city.columns[0].primaryKey);
    QCOMPARE(city.columns[3].logicalType, LogicalType::Time);
    QCOMPARE(city.foreignKeys,
             (std::vector<ForeignKey>{{{"country_code"}, "country", {"code"}}}));  // implicit → parent key
    QCOMPARE(city.checks, std::vector<std::string>{"length(name) > (0 + 0) AND name <> 'check (x)'"});

    const Table& language = schema.tables[2];
    QCOMPARE(language.primaryKey, (std::vector<std::string>{"country_code", "lang"}));
    QVERIFY(language.withoutRowid);
    QCOMPARE(language.columns[3].name, std::string("weird \"name\""));
    QCOMPARE(language.columns[2].logicalType, LogicalType::Boolean);

    const Table& speaker = schema.tables[3];
    QVERIFY(speaker.primaryKey.empty());
    QCOMPARE(speaker.uniques, (std::vector<UniqueConstraint>{{{"person", "lang"}}, {{"person"}}}));
    QCOMPARE(speaker.foreignKeys, (std::vector<ForeignKey>{
                                      {{"country_code", "lang"}, "language", {"country_code", "lang"}}}));
}

void TestSchema::ddlKeepsInsertedRows()
{
    auto db = loadDatabaseFromDdl("CREATE TABLE t(a INT, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, \"y\");",
                                  "rows");
    QVERIFY(db.ok());
    const exec::QueryOutcome out = exec::runQuery(db->connection, "SELECT b FROM t ORDER BY a");
    QVERIFY(out.ok());
    QCOMPARE(out.result.rows.size(), std::size_t(2));
    QCOMPARE(out.result.rows[1][0], exec::Value::text("y"));
}

void TestSchema::ddlDumpWithSqliteSequence()
{
    // What `sqlite3 world.sqlite .dump` prints for an AUTOINCREMENT table.
    const std::string dump =
        "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"
        "CREATE TABLE city(ID INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT);\n"
        "INSERT INTO city VALUES(1,'Kabul');\n"
        "CREATE TABLE IF NOT EXISTS \"sqlite_sequence\"(name,seq);\n"
        "DELETE FROM sqlite_sequence;\nINSERT INTO sqlite_sequence VALUES('city',1);\n"
        "COMMIT;\n";
    auto db = loadDatabaseFromDdl(dump, "dump");
    QVERIFY2(db.ok(), db ? "" : db.error().message.c_str());
    QVERIFY(db->schema.hasSqliteSequence);
    QCOMPARE(db->schema.tables.size(), std::size_t(1));
    const exec::QueryOutcome out = exec::runQuery(db->connection, "SELECT seq FROM sqlite_sequence");
    QVERIFY(out.ok());
    QCOMPARE(out.result.rows.at(0).at(0), exec::Value::integer(1));
}

void TestSchema::badDdlHasPosition()
{
    const std::string ddl = "CREATE TABLE a(x);\nCREATE TABLE b(y INT,, z);";
    auto schema = loadSchemaFromDdl(ddl, "broken");
    QVERIFY(!schema.ok());
    const Diagnostic& error = schema.error();
    QCOMPARE(error.code, std::string("schema.ddl"));
    QVERIFY2(error.message.find("\"broken\"") != std::string::npos, error.message.c_str());
    QVERIFY2(error.message.find("statement 2") != std::string::npos, error.message.c_str());
    QCOMPARE(error.span.begin, uint32_t(ddl.find(",,") + 1));
    QVERIFY(formatDiagnostic(ddl, error).find("line 2") != std::string::npos);

    auto fk = loadSchemaFromDdl("CREATE TABLE c(x REFERENCES);", "fk");
    QVERIFY(!fk.ok());
}

void TestSchema::tablesJson()
{
    auto ids = listSpiderDbIds(kTablesJson);
    QVERIFY(ids.ok());
    QCOMPARE(*ids, (std::vector<std::string>{"other", "shop"}));

    auto parsed = parseSpiderSchema(kTablesJson, "shop");
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().message.c_str());
    const Schema& schema = *parsed;
    QCOMPARE(schema.name, std::string("shop"));
    QCOMPARE(schema.tables.size(), std::size_t(4));
    QVERIFY(schema.hasSqliteSequence);
    const Table& customer = schema.tables[0];
    QCOMPARE(customer.columns[0].declaredType, std::string("INTEGER"));
    QVERIFY(customer.columns[0].autoincrement);
    QCOMPARE(customer.columns[1].logicalType, LogicalType::Text);

    const Table& product = schema.tables[1];
    QCOMPARE(product.primaryKey, (std::vector<std::string>{"sku", "vendor"}));
    QCOMPARE(product.columns[2].declaredType, std::string("NUMERIC"));
    QCOMPARE(product.columns[3].declaredType, std::string("DATETIME"));
    QCOMPARE(schema.tables[2].columns[2].declaredType, std::string("BOOLEAN"));

    const Table& orders = schema.tables[2];
    QCOMPARE(orders.foreignKeys, (std::vector<ForeignKey>{{{"cid"}, "customer", {"cid"}}}));  // deduplicated
    const Table& line = schema.tables[3];
    QCOMPARE(line.primaryKey, (std::vector<std::string>{"oid", "sku"}));
    QCOMPARE(line.foreignKeys, (std::vector<ForeignKey>{
                                   {{"sku", "vendor"}, "product", {"sku", "vendor"}},
                                   {{"oid"}, "orders", {"oid"}},
                                   {{"backup_cid"}, "customer", {"cid"}}}));
}

void TestSchema::tablesJsonErrors()
{
    auto invalid = parseSpiderSchema("[{\"db_id\": \"x\",]", "x", "broken.json");
    QVERIFY(!invalid.ok());
    QCOMPARE(invalid.error().code, std::string("schema.tables_json"));
    QVERIFY(invalid.error().message.find("broken.json") != std::string::npos);
    QCOMPARE(invalid.error().span.begin, uint32_t(15));

    auto unknown = parseSpiderSchema(kTablesJson, "nope");
    QVERIFY(!unknown.ok());
    QVERIFY(unknown.error().message.find("\"nope\"") != std::string::npos);

    const std::string badIndex = R"([{"db_id": "bad", "table_names_original": ["t"],
        "column_names_original": [[-1, "*"], [3, "a"]], "column_types": ["text", "text"],
        "primary_keys": [], "foreign_keys": []}])";
    auto bad = parseSpiderSchema(badIndex, "bad");
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.find("db_id \"bad\"") != std::string::npos, bad.error().message.c_str());
    QVERIFY(bad.error().message.find("table index 3") != std::string::npos);

    const std::string badKey = R"([{"db_id": "k", "table_names_original": ["t"],
        "column_names_original": [[-1, "*"], [0, "a"]], "column_types": ["text", "text"],
        "primary_keys": [7], "foreign_keys": [[1, "x"]]}])";
    auto key = parseSpiderSchema(badKey, "k");
    QVERIFY(!key.ok());
    QVERIFY2(key.error().message.find("column index 7") != std::string::npos, key.error().message.c_str());

    const std::string wrongType = R"([{"db_id": "w", "table_names_original": "t"}])";
    auto wrong = parseSpiderSchema(wrongType, "w");
    QVERIFY(!wrong.ok());
    QVERIFY(wrong.error().message.find("db_id \"w\"") != std::string::npos);

    auto file = loadSpiderSchema("/nonexistent/tables.json", "x");
    QVERIFY(!file.ok());
    QVERIFY(file.error().message.find("/nonexistent/tables.json") != std::string::npos);
}

void TestSchema::roundTripThroughDdl()
{
    const Schema original = loadRich();
    const std::string ddl = toDdl(original);
    auto again = loadSchemaFromDdl(ddl, "rich");
    QVERIFY2(again.ok(), again ? "" : again.error().message.c_str());
    QCOMPARE(withoutSql(*again), withoutSql(original));
    QCOMPARE(toDdl(*again), ddl);  // a fixed point
}

void TestSchema::tablesJsonBuildsDatabase()
{
    auto parsed = parseSpiderSchema(kTablesJson, "shop");
    QVERIFY(parsed.ok());
    auto conn = createDatabase(*parsed);
    QVERIFY2(conn.ok(), conn ? "" : conn.error().message.c_str());
    auto introspected = introspectSchema(*conn, "shop");
    QVERIFY(introspected.ok());
    QCOMPARE(withoutSql(*introspected), withoutSql(*parsed));  // logical types survive too
    QVERIFY(conn->executeScript("INSERT INTO customer(Name) VALUES ('a');").ok());
    QCOMPARE(exec::runQuery(*conn, "SELECT seq FROM sqlite_sequence").result.rows.size(), std::size_t(1));
}

void TestSchema::buildErrorsNameTheTable()
{
    Schema schema = loadRich();
    schema.name = "dup";
    schema.tables.push_back(schema.tables[0]);
    schema.tables.back().name = "COUNTRY";
    auto conn = createDatabase(schema);
    QVERIFY(!conn.ok());
    QCOMPARE(conn.error().code, std::string("schema.build"));
    QVERIFY2(conn.error().message.find("\"dup\"") != std::string::npos, conn.error().message.c_str());
    QVERIFY(conn.error().message.find("table \"COUNTRY\"") != std::string::npos);
}

void TestSchema::columnResolution()
{
    const Schema schema = loadRich();
    const std::vector<TableBinding> scope = {{"T1", "country"}, {"T2", "city"}, {"language", "language"}};

    auto qualified = resolveColumn(schema, scope, "t2", "NAME");
    QVERIFY(qualified.ok());
    QCOMPARE(qualified->table, std::string("city"));
    QCOMPARE(qualified->column, std::string("name"));
    QCOMPARE(qualified->binding, std::string("T2"));

    auto byTable = resolveColumn(schema, scope, "Language", "lang");
    QVERIFY(byTable.ok());
    QCOMPARE(byTable->table, std::string("language"));

    auto bare = resolveColumn(schema, scope, "", "gnp");
    QVERIFY(bare.ok());
    QCOMPARE(bare->table, std::string("country"));

    auto ambiguous = resolveColumn(schema, scope, "", "country_code");
    QVERIFY(!ambiguous.ok());
    QCOMPARE(ambiguous.error().code, std::string("schema.ambiguous_column"));
    QVERIFY2(ambiguous.error().message.find("T2.country_code, language.country_code") != std::string::npos,
             ambiguous.error().message.c_str());

    auto aliasHidesName = resolveColumn(schema, scope, "country", "code");
    QCOMPARE(aliasHidesName.error().code, std::string("schema.unknown_table"));
    QVERIFY(aliasHidesName.error().message.find("T1, T2, language") != std::string::npos);

    auto noColumn = resolveColumn(schema, scope, "T1", "mayor");
    QCOMPARE(noColumn.error().code, std::string("schema.unknown_column"));
    QVERIFY(noColumn.error().message.find("\"country\" (alias T1)") != std::string::npos);
    QCOMPARE(resolveColumn(schema, scope, "", "mayor").error().code, std::string("schema.unknown_column"));

    const std::vector<TableBinding> badScope = {{"x", "nosuch"}};
    QCOMPARE(resolveColumn(schema, badScope, "", "a").error().code, std::string("schema.unknown_table"));

    const std::vector<TableBinding> sequence = {{"sqlite_sequence", "sqlite_sequence"}};
    auto seq = resolveColumn(schema, sequence, "", "seq");
    QVERIFY(seq.ok());
    QCOMPARE(seq->table, std::string("sqlite_sequence"));
}

void TestSchema::oneOpenerForEverySource()
{
    QTemporaryDir dir;
    const std::string ddlPath = dir.filePath("people.sql").toStdString();
    std::ofstream(ddlPath) << "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO p VALUES (1, 'a');\n";

    // A script on disk: the schema is named after the file, its rows are the original.
    auto fromFile = openSchemaSource({.kind = SchemaSourceKind::DdlScript, .path = ddlPath});
    QVERIFY2(fromFile.ok(), fromFile ? "" : fromFile.error().message.c_str());
    QCOMPARE(fromFile->schema.name, std::string("people"));
    QVERIFY(fromFile->original.has_value());

    // The same script handed over as content (a resource, a Python string) loads alike.
    auto fromContent = openSchemaSource({.kind = SchemaSourceKind::DdlScript, .path = "people.sql",
                                         .content = "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);"});
    QVERIFY(fromContent.ok());
    QCOMPARE(fromContent->schema.name, std::string("people"));
    QVERIFY(!fromContent->original.has_value());  // no rows: a bare schema

    // Errors name the file, or the line and column of the script.
    auto missing = openSchemaSource({.kind = SchemaSourceKind::SqliteFile, .path = dir.filePath("none.sqlite").toStdString()});
    QVERIFY(!missing.ok());
    QVERIFY(missing.error().message.find("none.sqlite") != std::string::npos);
    const std::string badPath = dir.filePath("bad.sql").toStdString();
    std::ofstream(badPath) << "CREATE TABLE t (a);\nCREATE TABL u (b);\n";
    auto bad = openSchemaSource({.kind = SchemaSourceKind::DdlScript, .path = badPath});
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.find("bad.sql: line 2, column") != std::string::npos, bad.error().message.c_str());
    auto noDbId = openSchemaSource({.kind = SchemaSourceKind::SchemaFile, .path = "tables.json"});
    QVERIFY(!noDbId.ok());
    QVERIFY(noDbId.error().message.find("db_id") != std::string::npos);
}

void TestSchema::originalNamedBySpec()
{
    // The original a tables.json spec names (dataset::DatasetLayout finds it) joins the
    // source, as a .sqlite source's rows do; none named, a bare schema even with the
    // file in Spider's place beside tables.json.
    QTemporaryDir dir;
    const std::string tables = dir.filePath("tables.json").toStdString();
    std::ofstream(tables) << kTablesJson;
    auto bare = openSchemaSource({.kind = SchemaSourceKind::SchemaFile, .path = tables, .dbId = "shop"});
    QVERIFY2(bare.ok(), bare ? "" : bare.error().message.c_str());
    QVERIFY(!bare->original.has_value());

    auto database = createDatabase(bare->schema);
    QVERIFY(database.ok());
    QVERIFY(QDir(dir.path()).mkpath("database/shop"));
    const std::string original = dir.filePath("database/shop/shop.sqlite").toStdString();
    auto bytes = database->serialize();
    QVERIFY(bytes.ok());
    std::ofstream(original, std::ios::binary).write(reinterpret_cast<const char*>(bytes->data()),
                                                    static_cast<std::streamsize>(bytes->size()));
    auto unnamed = openSchemaSource({.kind = SchemaSourceKind::SchemaFile, .path = tables, .dbId = "shop"});
    QVERIFY(unnamed.ok());
    QVERIFY(!unnamed->original.has_value());
    auto withOriginal = openSchemaSource(
        {.kind = SchemaSourceKind::SchemaFile, .path = tables, .dbId = "shop", .original = original});
    QVERIFY(withOriginal.ok());
    QVERIFY(withOriginal->original.has_value());
    QCOMPARE(withOriginal->schema.name, std::string("shop"));
    // Bytes already held stand for the file.
    auto held = openSchemaSource({.kind = SchemaSourceKind::SchemaFile,
                                  .path = tables,
                                  .dbId = "shop",
                                  .original = "elsewhere.sqlite",
                                  .originalContent = *bytes});
    QVERIFY2(held.ok(), held ? "" : held.error().message.c_str());
    QCOMPARE(held->original->size(), bytes->size());
}

QTEST_APPLESS_MAIN(TestSchema)
#include "test_schema.moc"
