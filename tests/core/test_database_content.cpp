// DatabaseContent: materialize → readContent round trip, key enforcement, errors.

#include "core/schema/database_content.h"
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
};

QTEST_APPLESS_MAIN(TestDatabaseContent)
#include "test_database_content.moc"
