// DatabaseContent: materialize → readContent round trip, key enforcement, errors.

#include "core/schema/database_content.h"
#include "core/exec/executor.h"
#include "core/exec/statement.h"
#include "core/schema/ddl_loader.h"

#include <QtTest>

using namespace sqleq;
using exec::Value;

class TestDatabaseContent : public QObject {
    Q_OBJECT

    schema::Schema m_schema;

private slots:
    void initTestCase()
    {
        auto loaded = schema::loadSchemaFromDdl(
            "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
            "CREATE TABLE pet (pid INTEGER PRIMARY KEY, owner INTEGER REFERENCES person(id), kind TEXT);",
            "pets");
        QVERIFY(loaded.ok());
        m_schema = *loaded;
    }

    void roundTrip()
    {
        schema::DatabaseContent content;
        content.tables.push_back({"person", {{Value::integer(1), Value::text("Ann")}, {Value::integer(2), Value::text("Bo")}}});
        content.tables.push_back({"pet", {{Value::integer(10), Value::integer(2), Value::null()}}});
        QCOMPARE(content.rowCount(), size_t(3));

        auto connection = schema::materialize(m_schema, content);
        QVERIFY2(connection.ok(), connection.ok() ? "" : connection.error().message.c_str());
        auto back = schema::readContent(*connection, m_schema);
        QVERIFY(back.ok());
        QCOMPARE(back->tables.size(), size_t(2));
        QVERIFY(back->find("PERSON") != nullptr);
        QCOMPARE(back->find("person")->rows, content.tables[0].rows);
        QCOMPARE(back->find("pet")->rows, content.tables[1].rows);
    }

    void childrenBeforeParentsAreInsertedParentsFirst()
    {
        // readContent lists tables in schema order, where a child may precede its parent.
        schema::DatabaseContent content;
        content.tables.push_back({"pet", {{Value::integer(10), Value::integer(1), Value::text("cat")}}});
        content.tables.push_back({"person", {{Value::integer(1), Value::text("Ann")}}});
        auto connection = schema::materialize(m_schema, content);
        QVERIFY2(connection.ok(), connection.ok() ? "" : connection.error().message.c_str());
        auto back = schema::readContent(*connection, m_schema);
        QVERIFY(back.ok());
        QCOMPARE(back->find("pet")->rows, content.tables[0].rows);
    }

    void sameContentSameBytes()
    {
        schema::DatabaseContent content;
        content.tables.push_back({"person", {{Value::integer(1), Value::text("Ann")}}});
        auto first = schema::materialize(m_schema, content);
        auto second = schema::materialize(m_schema, content);
        QVERIFY(first.ok() && second.ok());
        QVERIFY(first->serialize().value() == second->serialize().value());
    }

    void danglingForeignKeyNamesTheRow()
    {
        schema::DatabaseContent content;
        content.tables.push_back({"pet", {{Value::integer(10), Value::integer(99), Value::text("cat")}}});
        auto connection = schema::materialize(m_schema, content);
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().message.find("row 0 of table \"pet\"") != std::string::npos,
                 connection.error().message.c_str());
    }

    void uniqueViolationAndUnknownTable()
    {
        schema::DatabaseContent content;
        content.tables.push_back({"person", {{Value::integer(1), Value::text("A")}, {Value::integer(2), Value::text("A")}}});
        auto duplicate = schema::materialize(m_schema, content);
        QVERIFY(!duplicate.ok());
        QVERIFY(duplicate.error().message.find("row 1") != std::string::npos);

        schema::DatabaseContent unknown;
        unknown.tables.push_back({"ghost", {}});
        auto missing = schema::materialize(m_schema, unknown);
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("ghost") != std::string::npos);
    }

    void refillReadsAsMaterialize()
    {
        // Rows without their key get rowids; a refill must hand out the ones a new
        // database would, AUTOINCREMENT's counter included.
        auto loaded = schema::loadSchemaFromDdl(
            "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
            "CREATE TABLE pet (pid INTEGER PRIMARY KEY AUTOINCREMENT, owner INTEGER REFERENCES person(id));"
            "CREATE TABLE note (body TEXT);",
            "refill");
        QVERIFY(loaded.ok());
        const schema::Schema& schema = *loaded;
        const auto contentOf = [](std::vector<std::string> names, int pets) {
            schema::DatabaseContent content;
            schema::TableRows people{"person", {}}, animals{"pet", {}}, notes{"note", {}};
            for (std::size_t i = 0; i < names.size(); ++i) {
                people.rows.push_back({Value::integer(static_cast<int64_t>(i) + 1), Value::text(names[i])});
                notes.rows.push_back({Value::text(names[i])});
            }
            for (int i = 0; i < pets; ++i) animals.rows.push_back({Value::null(), Value::integer(1)});
            content.tables = {people, animals, notes};
            return content;
        };
        const auto rowsWithRowids = [](exec::Connection& connection) {
            std::string out;
            for (const char* sql : {"SELECT pid || ':' || owner FROM pet ORDER BY rowid",
                                    "SELECT rowid || ':' || body FROM note ORDER BY rowid",
                                    "SELECT group_concat(name || '=' || seq) FROM sqlite_sequence"}) {
                auto statement = exec::Statement::prepare(connection, sql);
                if (!statement) return std::string("prepare failed");
                for (auto more = statement->step(); more && *more; more = statement->step()) {
                    const Value value = statement->value(0);
                    out += (value.isNull() ? std::string("NULL") : value.asText()) + " ";
                }
                out += "| ";
            }
            return out;
        };

        schema::RefillableDatabase database(schema);
        const exec::ExecLimits limits;
        for (const auto& content : {contentOf({"Ann", "Bo", "Cy"}, 3), contentOf({"Di"}, 1), contentOf({"Ed", "Flo"}, 2)}) {
            QVERIFY(database.refill(content).ok());
            // The query prepared on the previous content is still kept: nothing dropped it.
            const bool first = content.tables[0].rows.size() == 3;
            QCOMPARE(database.connection().cachedStatementCount(), first ? std::size_t{0} : std::size_t{1});
            QVERIFY(exec::runQuery(database.connection(), "SELECT count(*) FROM pet", limits).ok());
            auto fresh = schema::materialize(schema, content);
            QVERIFY(fresh.ok());
            QCOMPARE(rowsWithRowids(database.connection()), rowsWithRowids(*fresh));
            auto back = schema::readContent(database.connection(), schema);
            auto expected = schema::readContent(*fresh, schema);
            QVERIFY(back.ok() && expected.ok());
            for (const auto& table : expected->tables) QCOMPARE(back->find(table.table)->rows, table.rows);
        }

        // Content that breaks a key fails with materialize()'s message and leaves the
        // tables empty; the next content goes in as if nothing had happened.
        schema::DatabaseContent dangling;
        dangling.tables.push_back({"pet", {{Value::integer(10), Value::integer(99)}}});
        const auto refused = database.refill(dangling);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().message, schema::materialize(schema, dangling).error().message);
        auto empty = schema::readContent(database.connection(), schema);
        QVERIFY(empty.ok());
        QCOMPARE(empty->rowCount(), std::size_t{0});
        QVERIFY(database.refill(contentOf({"Gus"}, 1)).ok());
        auto fresh = schema::materialize(schema, contentOf({"Gus"}, 1));
        QCOMPARE(rowsWithRowids(database.connection()), rowsWithRowids(*fresh));
    }
};

QTEST_APPLESS_MAIN(TestDatabaseContent)
#include "test_database_content.moc"
