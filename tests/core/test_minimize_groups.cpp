// Minimizing around a large group (core/minimize/row_classes.h): a thousand copies of
// a row that differ only where neither query looks are shrunk as one unit and proven
// 1-minimal in a few dozen runs, within the default budget, so the counterexample of
// `HAVING count(*) > 1000` vs `> 1001` comes out marked minimized. Copies a query can
// tell apart (a column it reads, `SELECT *`) are not merged, and stay minimal row by row.
#include "core/minimize/minimize.h"
#include "tests/core/minimize_test_support.h"

#include <QtTest>

#include <string>

using namespace sqleq;
using test::load;
using test::request;

namespace {

/// `copies` rows of shop 1 with one amount, then a few rows of other shops.
std::string groupDdl(int copies)
{
    std::string ddl = "CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, shop_id INTEGER, amount INTEGER, note TEXT);"
                      "INSERT INTO sale VALUES ";
    for (int i = 1; i <= copies; ++i) ddl += "(" + std::to_string(i) + ",1,5,'n" + std::to_string(i % 7) + "'),";
    for (int i = 1; i <= 20; ++i)
        ddl += "(" + std::to_string(copies + i) + "," + std::to_string(2 + i % 3) + "," + std::to_string(i) + ",'x'),";
    ddl.back() = ';';
    return ddl;
}

std::size_t rowsOf(const schema::DatabaseContent& content, const char* table)
{
    const auto* rows = content.find(table);
    return rows == nullptr ? 0 : rows->rows.size();
}

} // namespace

class TestMinimizeGroups : public QObject {
    Q_OBJECT

private slots:
    void aThousandCopiesShrinkToTheBoundaryGroup()
    {
        const auto fixture = load(groupDdl(1001));
        const auto req = request(fixture, "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 1000",
                                 "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 1001");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QVERIFY(!result->budgetExhausted);
        QVERIFY(result->oneMinimal);
        QCOMPARE(rowsOf(result->content, "sale"), std::size_t(1001));  // exactly the group on the boundary
        QVERIFY2(result->queryRuns < 300, std::to_string(result->queryRuns).c_str());
    }

    void surplusCopiesGo()
    {
        // 1500 copies where 1001 are needed: thinning finds the boundary by halving.
        const auto fixture = load(groupDdl(1500));
        const auto req = request(fixture, "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 1000",
                                 "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 1000 AND count(*) < 1400");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QVERIFY(result->oneMinimal);
        QCOMPARE(rowsOf(result->content, "sale"), std::size_t(1400));
    }

    void copiesAQueryTellsApartAreSingleRows()
    {
        // The note column differs between copies and `SELECT *` reads it: no two rows are
        // interchangeable, and removing the one row that matters is still found.
        const auto fixture = load(groupDdl(40));
        const auto req = request(fixture, "SELECT * FROM sale WHERE note = 'n3' AND shop_id = 1",
                                 "SELECT * FROM sale WHERE note = 'n3' AND shop_id = 1 AND sale_id > 10");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QVERIFY(result->oneMinimal);
        QCOMPARE(rowsOf(result->content, "sale"), std::size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestMinimizeGroups)
#include "test_minimize_groups.moc"
