// Corpus test of sqleq's own verdict (core/inspect with default settings) on the
// hand-written pairs of tests/data/trap_pairs.tsv: one block per class of difference
// the search past the suite must find (ties at LIMIT, a parent with two children,
// boundaries, case variants, numbers in text columns, count thresholds, nothing passing
// the WHERE, joins between unlinked columns, duplicates, NULLs and empty tables), plus
// truly equivalent pairs, each under both profiles, over Spider schemas from tables.json.
// Every `different` verdict is re-checked independently of the code that produced it:
// the counterexample's rows go into tables created here with plain SQLite, both queries
// as judged run there, and a comparer written here (bag or list, Python-like values,
// column permutations, both empty = same) must see different results. The profile is
// checked too: under spider no empty table and no NULL; under both, every foreign key
// of tables.json resolves.
#include "core/inspect/inspect.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/spider_tables.h"

#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>

using namespace sqleq;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;
const std::filesystem::path kPairs = std::filesystem::path(SQLEQ_SOURCE_DIR) / "tests/data/trap_pairs.tsv";

struct TrapPair {
    std::string kind, dbId, spiderExpected, strictExpected, gold, candidate;
};

std::vector<TrapPair> readPairs()
{
    std::vector<TrapPair> pairs;
    std::ifstream in(kPairs);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line.front() == '#') continue;
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
            fields.push_back(line.substr(start, tab - start));
        fields.push_back(line.substr(start));
        if (fields.size() != 6) qFatal("trap_pairs.tsv: bad line: %s", line.c_str());
        pairs.push_back({fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]});
    }
    return pairs;
}

// --- an independent re-check with plain SQLite ------------------------------------

using Cell = std::string;  ///< "N", "n:<number>", "t:<text>", "b:<hex>": Python-like equality
using Rows = std::vector<std::vector<Cell>>;

Cell cellOf(sqlite3_stmt* statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_NULL: return "N";
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: {
        const double value = sqlite3_column_double(statement, column);
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "n:%.17g", value);
        return buffer;
    }
    case SQLITE_TEXT: return "t:" + std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, column)));
    default: {
        const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(statement, column));
        std::string hex = "b:";
        for (int i = 0; i < sqlite3_column_bytes(statement, column); ++i) hex += std::to_string(bytes[i]) + ",";
        return hex;
    }
    }
}

struct Run {
    bool ok = false;
    int columns = 0;
    Rows rows;
};

Run runPlain(sqlite3* db, const std::string& sql)
{
    Run run;
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) return run;
    run.columns = sqlite3_column_count(statement);
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        std::vector<Cell> row;
        for (int c = 0; c < run.columns; ++c) row.push_back(cellOf(statement, c));
        run.rows.push_back(std::move(row));
    }
    run.ok = rc == SQLITE_DONE;
    sqlite3_finalize(statement);
    return run;
}

/// The official rule, written again: both empty → same; row or column counts differ →
/// different; else same when some permutation of the candidate's columns gives the
/// gold's rows (as a list when order matters, else as a bag).
bool sameResults(const Run& gold, Run candidate, bool orderMatters)
{
    if (gold.rows.empty() && candidate.rows.empty()) return true;
    if (gold.rows.size() != candidate.rows.size() || gold.columns != candidate.columns) return false;
    std::vector<int> permutation(static_cast<std::size_t>(candidate.columns));
    std::iota(permutation.begin(), permutation.end(), 0);
    Rows expected = gold.rows;
    if (!orderMatters) std::sort(expected.begin(), expected.end());
    do {
        Rows permuted;
        for (const auto& row : candidate.rows) {
            std::vector<Cell> cells;
            for (int c : permutation) cells.push_back(row[static_cast<std::size_t>(c)]);
            permuted.push_back(std::move(cells));
        }
        if (!orderMatters) std::sort(permuted.begin(), permuted.end());
        if (permuted == expected) return true;
    } while (std::next_permutation(permutation.begin(), permutation.end()));
    return false;
}

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

/// The counterexample loaded into tables declared here from the schema's names and
/// declared types (no constraints: the re-check must not lean on sqleq's DDL writer).
sqlite3* loadCounterexample(const schema::Schema& schema, const schema::DatabaseContent& content)
{
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    for (const auto& table : schema.tables) {
        std::string ddl = "CREATE TABLE " + quoted(table.name) + " (";
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
            ddl += (c ? ", " : "") + quoted(table.columns[c].name) + " " + table.columns[c].declaredType;
        }
        sqlite3_exec(db, (ddl + ")").c_str(), nullptr, nullptr, nullptr);
    }
    for (const auto& entry : content.tables) {
        const auto* table = schema.findTable(entry.table);
        for (const auto& row : entry.rows) {
            std::string sql = "INSERT INTO " + quoted(entry.table) + " VALUES (";
            for (std::size_t c = 0; c < row.size(); ++c) sql += c ? ", ?" : "?";
            sqlite3_stmt* insert = nullptr;
            sqlite3_prepare_v2(db, (sql + ")").c_str(), -1, &insert, nullptr);
            for (std::size_t c = 0; c < row.size(); ++c) {
                const auto& value = row[c];
                const int slot = static_cast<int>(c) + 1;
                if (value.isNull()) sqlite3_bind_null(insert, slot);
                else if (value.type() == exec::ValueType::Integer) sqlite3_bind_int64(insert, slot, value.asInteger());
                else if (value.type() == exec::ValueType::Real) sqlite3_bind_double(insert, slot, value.asReal());
                else if (value.type() == exec::ValueType::Text) sqlite3_bind_text(insert, slot, value.asText().c_str(), -1, SQLITE_TRANSIENT);
                else sqlite3_bind_blob(insert, slot, value.asBlob().data(), static_cast<int>(value.asBlob().size()),
                                       SQLITE_TRANSIENT);
            }
            sqlite3_step(insert);
            sqlite3_finalize(insert);
        }
        (void)table;
    }
    return db;
}

/// Names the first profile rule the database breaks; empty when it keeps them all.
std::string profileViolation(sqlite3* db, const schema::Schema& schema, fuzz::Profile profile)
{
    for (const auto& table : schema.tables) {
        if (profile == fuzz::Profile::Spider) {
            const Run count = runPlain(db, "SELECT count(*) FROM " + quoted(table.name));
            if (count.rows.empty() || count.rows[0][0] == "n:0") return "empty table " + table.name;
            for (const auto& column : table.columns) {
                const Run nulls = runPlain(db, "SELECT count(*) FROM " + quoted(table.name) + " WHERE "
                                                   + quoted(column.name) + " IS NULL");
                if (nulls.rows[0][0] != "n:0") return "NULL in " + table.name + "." + column.name;
            }
        }
        for (const auto& key : table.foreignKeys) {
            std::string sql = "SELECT count(*) FROM " + quoted(table.name) + " AS c WHERE ";
            std::string notNull, match;
            for (std::size_t k = 0; k < key.columns.size(); ++k) {
                notNull += (k ? " AND " : "") + std::string("c.") + quoted(key.columns[k]) + " IS NOT NULL";
                match += (k ? " AND " : "") + std::string("p.") + quoted(key.referencedColumns[k]) + " = c."
                    + quoted(key.columns[k]);
            }
            sql += notNull + " AND NOT EXISTS (SELECT 1 FROM " + quoted(key.referencedTable) + " AS p WHERE " + match + ")";
            const Run dangling = runPlain(db, sql);
            if (!dangling.ok || dangling.rows[0][0] != "n:0")
                return "a dangling " + table.name + " → " + key.referencedTable + " key";
        }
    }
    return {};
}

} // namespace

class TestTrapPairs : public QObject {
    Q_OBJECT

    std::map<std::string, schema::Schema> m_schemas;

    const schema::Schema& schemaFor(const std::string& dbId)
    {
        auto found = m_schemas.find(dbId);
        if (found != m_schemas.end()) return found->second;
        auto loaded = schema::loadSpiderSchema(kCorpus / "tables.json", dbId);
        if (!loaded) qFatal("%s", loaded.error().message.c_str());
        return m_schemas.emplace(dbId, std::move(*loaded)).first->second;
    }

private slots:
    void initTestCase()
    {
        if (!std::filesystem::exists(kCorpus / "tables.json")) QSKIP("Spider corpus not available");
    }

    void verdictsAndCertificates_data()
    {
        QTest::addColumn<int>("pair");
        QTest::addColumn<bool>("strict");
        const auto pairs = readPairs();
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            for (const bool strict : {false, true}) {
                const std::string name = pairs[i].kind + " " + pairs[i].dbId + " #" + std::to_string(i)
                    + (strict ? " strict" : " spider");
                QTest::newRow(name.c_str()) << static_cast<int>(i) << strict;
            }
        }
    }

    void verdictsAndCertificates()
    {
        QFETCH(int, pair);
        QFETCH(bool, strict);
        const TrapPair trap = readPairs()[static_cast<std::size_t>(pair)];
        const auto& schema = schemaFor(trap.dbId);
        inspect::InspectOptions options;
        options.distill.profile = strict ? fuzz::Profile::Strict : fuzz::Profile::Spider;
        auto inspection = inspect::inspect(schema, trap.gold, trap.candidate, options);
        QVERIFY2(inspection.ok(), inspection.ok() ? "" : inspection.error().message.c_str());
        const std::string expected = strict ? trap.strictExpected : trap.spiderExpected;
        const std::string verdict(suite::verdictKindName(inspection->check.verdict));
        QVERIFY2(verdict == expected, (verdict + " (expected " + expected + "; suite said "
                                       + std::string(suite::verdictKindName(inspection->suiteCheck.verdict)) + "): "
                                       + inspection->check.message).c_str());
        if (inspection->check.verdict != suite::VerdictKind::Different) return;

        QVERIFY(inspection->counterexample.has_value());
        sqlite3* db = loadCounterexample(schema, inspection->counterexample->content);
        const std::string violation = profileViolation(db, schema, options.distill.profile);
        const Run gold = runPlain(db, inspection->check.goldUsed);
        const Run candidate = runPlain(db, inspection->check.candidateUsed);
        sqlite3_close(db);
        QVERIFY2(violation.empty(), ("the counterexample breaks the profile: " + violation).c_str());
        QVERIFY2(gold.ok, "the gold does not run on the counterexample");
        QVERIFY2(!candidate.ok || !sameResults(gold, candidate, inspection->orderMatters),
                 "the counterexample does not separate the queries when re-checked with plain SQLite");
    }
};

QTEST_APPLESS_MAIN(TestTrapPairs)
#include "test_trap_pairs.moc"
