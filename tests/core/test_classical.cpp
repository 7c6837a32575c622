// The classical datasets' inputs: -schema.csv variants, foreign keys inferred by name
// and from gold joins, the JSON-lines items reader, and the tables.json they become.

#include "core/dataset/classical_dataset.h"
#include "core/schema/csv_schema_loader.h"
#include "core/schema/spider_tables.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace sqleq;
using namespace sqleq::schema;

namespace {

const std::filesystem::path kData = std::filesystem::path(SQLEQ_SOURCE_DIR) / "tests" / "data" / "classical";

std::vector<std::string> keysOf(const Schema& schema)
{
    std::vector<std::string> out;
    for (const Table& table : schema.tables)
        for (const ForeignKey& key : table.foreignKeys)
            out.push_back(table.name + "." + key.columns.front() + "->" + key.referencedTable + "."
                          + key.referencedColumns.front());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestClassical : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::filesystem::path write(const char* name, const std::string& text)
    {
        const std::filesystem::path path = m_dir.filePath(name).toStdString();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }

private slots:
    void csvSchemaReadsTablesKeysAndTypes()
    {
        auto schema = loadCsvSchema(kData / "shop-schema.csv");
        QVERIFY2(schema.ok(), schema.ok() ? "" : schema.error().message.c_str());
        QCOMPARE(schema->name, std::string("shop"));
        QCOMPARE(schema->tables.size(), std::size_t(4));
        const Table* shop = schema->findTable("shop");
        QVERIFY(shop != nullptr);
        QCOMPARE(shop->primaryKey, std::vector<std::string>{"ID"});
        QCOMPARE(shop->findColumn("ID")->affinity, Affinity::Integer);
        QCOMPARE(shop->findColumn("RATING")->declaredType, std::string("decimal(1,1)"));
        QCOMPARE(shop->findColumn("NAME")->affinity, Affinity::Text);
        const Table* sale = schema->findTable("SALE");
        QCOMPARE(sale->primaryKey, (std::vector<std::string>{"SHOP_ID", "DAY"}));
        QCOMPARE(sale->findColumn("AMOUNT")->affinity, Affinity::Real);
    }

    void flaggedColumnsReferenceTheKeyOfTheSameName()
    {
        auto schema = loadCsvSchema(kData / "shop-schema.csv");
        QVERIFY(schema.ok());
        // ADDRESS.SHOP_ID is flagged but no table's key is named SHOP_ID: only joins name it.
        QCOMPARE(keysOf(*schema), (std::vector<std::string>{"ADDRESS.CITY_NAME->CITY.CITY_NAME",
                                                            "SHOP.CITY_NAME->CITY.CITY_NAME"}));
    }

    void joinsNameTheRemainingKeys()
    {
        auto schema = loadCsvSchema(kData / "shop-schema.csv");
        QVERIFY(schema.ok());
        const std::size_t added = dataset::inferJoinForeignKeys(
            *schema, {"SELECT a.STREET FROM ADDRESS AS a , SHOP AS s WHERE a.SHOP_ID = s.ID",
                      "SELECT SUM(x.AMOUNT) FROM SALE AS x JOIN SHOP ON SHOP.ID = x.SHOP_ID",
                      "SELECT 1 FROM SHOP AS s, SHOP AS t WHERE s.ID = t.ID",
                      "SELECT not sql at all"});
        QCOMPARE(added, std::size_t(2));
        const auto keys = keysOf(*schema);
        QVERIFY(std::find(keys.begin(), keys.end(), "ADDRESS.SHOP_ID->SHOP.ID") != keys.end());
        QVERIFY(std::find(keys.begin(), keys.end(), "SALE.SHOP_ID->SHOP.ID") != keys.end());
    }

    void joinRuleRefusesCyclesAndNonKeys()
    {
        auto schema = parseCsvSchema("Table Name, Field Name, Is Primary Key, Is Foreign Key, Type\n"
                                     "A, A_ID, y, n, int(11)\nA, B_REF, n, n, int(11)\nA, NOTE, n, n, text\n"
                                     "B, B_ID, y, n, int(11)\nB, A_REF, n, n, int(11)\nB, NOTE, n, n, text\n",
                                     "ab");
        QVERIFY(schema.ok());
        QVERIFY(!addJoinForeignKey(*schema, "A", "NOTE", "B", "NOTE"));  // neither side is a key
        QVERIFY(addJoinForeignKey(*schema, "A", "B_REF", "B", "B_ID"));
        QVERIFY(!addJoinForeignKey(*schema, "B", "A_REF", "A", "A_ID"));  // would close a cycle
        QCOMPARE(keysOf(*schema), std::vector<std::string>{"A.B_REF->B.B_ID"});
    }

    void describeLayoutReadsKeyColumn()
    {
        // MySQL DESCRIBE output under a five-name header: Field, Type, Null, Key, Default, Extra.
        auto schema = parseCsvSchema("Table Name, Field Name, Type, Is Foreign Key, Is Primary Key\n"
                                     "COURSE, COURSE_ID, int(11), NO, PRI, 0, -\n"
                                     "COURSE, NAME, varchar(255), YES, -, NULL, -\n"
                                     "-, -, -, -, -, -, -\n"
                                     "OFFERING, OFFERING_ID, int(11), NO, PRI, 0, -\n"
                                     "OFFERING, COURSE_ID, int(11), YES, MUL, NULL, -\n",
                                     "advising");
        QVERIFY2(schema.ok(), schema.ok() ? "" : schema.error().message.c_str());
        QCOMPARE(schema->findTable("COURSE")->primaryKey, std::vector<std::string>{"COURSE_ID"});
        QVERIFY(schema->findTable("COURSE")->findColumn("COURSE_ID")->notNull);
        QVERIFY(!schema->findTable("COURSE")->findColumn("NAME")->notNull);
        QCOMPARE(keysOf(*schema), std::vector<std::string>{"OFFERING.COURSE_ID->COURSE.COURSE_ID"});
    }

    void typeSuffixesAndTrailingCellsSetNotNull()
    {
        auto schema = parseCsvSchema("Table Name, Field Name, Is Primary Key, Is Foreign Key, Type, Other info\n"
                                     "PAPER, PAPERID, Y, -, INT(11) NOT NULL\n"
                                     "PAPER, TITLE, -, -, VARCHAR(300) DEFAULT NULL\n"
                                     "user, uid, y, n, int(11), NOT NULL AUTO_INCREMENT,\n",
                                     "mixed");
        QVERIFY2(schema.ok(), schema.ok() ? "" : schema.error().message.c_str());
        const Column* id = schema->findTable("PAPER")->findColumn("PAPERID");
        QCOMPARE(id->declaredType, std::string("INT(11)"));
        QVERIFY(id->notNull);
        QCOMPARE(schema->findTable("PAPER")->findColumn("TITLE")->declaredType, std::string("VARCHAR(300)"));
        QVERIFY(!schema->findTable("PAPER")->findColumn("TITLE")->notNull);
        QVERIFY(schema->findTable("user")->findColumn("uid")->notNull);
    }

    void badCsvNamesFileAndLine()
    {
        const char* header = "Table Name, Field Name, Is Primary Key, Is Foreign Key, Type\n";
        struct Case { std::string text; std::string expected; };
        const std::vector<Case> cases = {
            {"", "line 1: empty file"},
            {"Table, Field\nA, B\n", "has no \"Table Name\" column"},
            {std::string(header) + "A, X, y, n, int\nA, Y, y\n", "line 3: 3 cells"},
            {std::string(header) + "A, X, maybe, n, int\n", "line 2: key flags"},
            {std::string(header) + "A, X, y, n, int\nA, x, n, n, int\n", "line 3: column \"x\" of table \"A\" appears twice"},
            {std::string(header) + "A, X, y, n, \"int\n", "line 2: unterminated double quote"},
            {std::string(header) + "A, X, y, n, -\n", "line 2: column \"X\" has no type"},
            {std::string(header) + "-, -, -, -, -\n", "no columns after the header"},
        };
        for (const Case& c : cases) {
            auto schema = parseCsvSchema(c.text, "bad", "bad-schema.csv");
            QVERIFY2(!schema.ok(), c.expected.c_str());
            QCOMPARE(schema.error().code, std::string("schema.csv"));
            QVERIFY2(schema.error().message.starts_with("bad-schema.csv: "), schema.error().message.c_str());
            QVERIFY2(schema.error().message.find(c.expected) != std::string::npos, schema.error().message.c_str());
        }
    }

    void schemaFileNames()
    {
        QVERIFY(isCsvSchemaPath("dir/atis-schema.csv"));
        QVERIFY(isCsvSchemaPath("ATIS-SCHEMA.CSV"));
        QVERIFY(!isCsvSchemaPath("-schema.csv"));
        QVERIFY(!isCsvSchemaPath("tables.json"));
        QCOMPARE(csvSchemaName("dir/atis-schema.csv"), std::string("atis"));
        QVERIFY(dataset::isJsonLinesPath("x/classical_test.jsonl"));
        QVERIFY(!dataset::isJsonLinesPath("dev_gold.sql"));
    }

    void jsonLinesItemsAndDistinctGolds()
    {
        auto items = dataset::readClassicalItems(kData / "shop.jsonl");
        QVERIFY2(items.ok(), items.ok() ? "" : items.error().message.c_str());
        QCOMPARE(items->size(), std::size_t(5));
        QCOMPARE(items->at(0).question, std::string("names of shops in Paris"));
        QCOMPARE(items->at(2).line, 4u);  // the blank line still counts
        QCOMPARE(items->at(4).dbId, std::string("other"));
        QCOMPARE(dataset::distinctGoldIndices(*items), (std::vector<std::size_t>{0, 2, 3, 4}));
    }

    void badJsonLinesNameTheLine()
    {
        struct Case { std::string text; std::string expected; };
        const std::vector<Case> cases = {
            {"{\"query\": \"SELECT 1\", \"db_id\": \"a\"}\n{oops\n", "line 2: not valid JSON"},
            {"[1]\n", "line 1: expected a JSON object"},
            {"{\"query\": 3, \"db_id\": \"a\"}\n", "line 1: \"query\" is missing or not a string"},
            {"{\"query\": \"SELECT 1\"}\n", "line 1: \"db_id\" is missing"},
            {"{\"query\": \"SELECT 1\", \"db_id\": \"\"}\n", "line 1: \"db_id\" is empty"},
            {"{\"query\": \"" + std::string(input_limits::kSqlText + 1, 'x') + "\", \"db_id\": \"a\"}\n",
             "line 1: the query"},
        };
        for (const Case& c : cases) {
            const auto path = write("bad.jsonl", c.text);
            auto items = dataset::readClassicalItems(path);
            QVERIFY2(!items.ok(), c.expected.c_str());
            QCOMPARE(items.error().code, std::string("dataset.jsonl"));
            QVERIFY2(items.error().message.find(path.string() + ": " + c.expected) != std::string::npos,
                     items.error().message.c_str());
        }
    }

    void distillInputBecomesGoldsAndTablesJson()
    {
        auto input = dataset::classicalDistillInput(kData / "shop.jsonl", {kData});
        QVERIFY2(input.ok(), input.ok() ? "" : input.error().message.c_str());
        QCOMPARE(input->itemCount, std::size_t(4));  // the "other" item has no schema here
        QCOMPARE(input->golds.size(), std::size_t(3));
        QCOMPARE(input->golds[1].line, 4u);
        QCOMPARE(input->golds[1].dbId, std::string("shop"));
        auto loaded = parseSpiderSchema(input->tablesJson, "shop");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QCOMPARE(keysOf(*loaded), keysOf(input->schemas.front()));
        QCOMPARE(keysOf(*loaded).size(), std::size_t(4));
        QCOMPARE(loaded->findTable("SALE")->primaryKey, (std::vector<std::string>{"SHOP_ID", "DAY"}));
    }

    void goldSpellingWinsOnlyWhereTheGoldsUseIt()
    {
        const char* csv = "Table Name, Field Name, Is Primary Key, Is Foreign Key, Type\n"
                          "neighborhood, id, y, n, int(11)\nneighborhood, neighborhood_name, n, n, varchar(255)\n";
        auto yelp = parseCsvSchema(csv, "yelp");
        QVERIFY(yelp.ok());
        QCOMPARE(dataset::reconcileWithGolds(*yelp, {"SELECT id FROM neighborhood"}), std::size_t(0));
        QCOMPARE(dataset::reconcileWithGolds(*yelp, {"SELECT N.NEIGHBOURHOOD_NAME FROM NEIGHBOURHOOD AS N"}),
                 std::size_t(2));
        QVERIFY(yelp->findTable("NEIGHBOURHOOD") != nullptr);
        QVERIFY(yelp->findTable("NEIGHBOURHOOD")->findColumn("NEIGHBOURHOOD_NAME") != nullptr);
        auto other = parseCsvSchema(csv, "other");
        QVERIFY(other.ok());
        QCOMPARE(dataset::reconcileWithGolds(*other, {"SELECT 1 FROM NEIGHBOURHOOD"}), std::size_t(0));
    }

    void distillInputRefusesASchemaWithoutItems()
    {
        const auto path = write("none.jsonl", "{\"query\": \"SELECT 1\", \"db_id\": \"other\"}\n");
        auto input = dataset::classicalDistillInput(path, {kData / "shop-schema.csv"});
        QVERIFY(!input.ok());
        QCOMPARE(input.error().code, std::string("dataset.classical"));
        QVERIFY(input.error().message.find("no item has db_id \"shop\"") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestClassical)
#include "test_classical.moc"
