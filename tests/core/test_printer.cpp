// Unit tests of the printer: canonical spelling, minimal parentheses that keep
// the tree, print → parse round trips, quoting, and nodes synthesized without
// spans (as mutation stages create them).

#include "core/sql/sql.h"

#include <QtTest/QtTest>

using namespace sqleq;
using namespace sqleq::sql;

namespace {

std::string canonical(std::string_view text)
{
    auto output = parse(text);
    if (!output.ok()) return "ERROR: " + output.diagnostics.front().message;
    return print(*output.statement);
}

bool roundTrips(std::string_view text)
{
    auto first = parse(text);
    if (!first.ok()) return false;
    auto second = parse(print(*first.statement));
    return second.ok() && structurallyEqual(*first.statement, *second.statement);
}

ExprPtr literal(LiteralKind kind, std::string text)
{
    auto node = std::make_unique<Literal>();
    node->literalKind = kind;
    node->text = std::move(text);
    return node;
}

ExprPtr column(std::string name)
{
    auto node = std::make_unique<ColumnRef>();
    node->column.name = std::move(name);
    return node;
}

ExprPtr binary(BinaryOp op, ExprPtr left, ExprPtr right)
{
    auto node = std::make_unique<BinaryExpr>();
    node->op = op;
    node->left = std::move(left);
    node->right = std::move(right);
    return node;
}

} // namespace

class TestPrinter : public QObject {
    Q_OBJECT

private slots:
    void canonicalForm_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("keywords and spaces") << "select  a ,b from   t where x=1" << "SELECT a, b FROM t WHERE x = 1";
        QTest::newRow("operator spellings") << "SELECT 1 == 2, 1 <> 2" << "SELECT 1 = 2, 1 != 2";
        QTest::newRow("literal spelling kept") << "SELECT 1., .5, 1E5, 0xff, x'AB', 'it''s', null"
                                               << "SELECT 1., .5, 1E5, 0xff, x'AB', 'it''s', NULL";
        QTest::newRow("aliases get AS") << "SELECT a b FROM t c" << "SELECT a AS b FROM t AS c";
        QTest::newRow("limit comma") << "SELECT a FROM t LIMIT 2, 5" << "SELECT a FROM t LIMIT 5 OFFSET 2";
        QTest::newRow("count star") << "select count ( * ) from singer" << "SELECT count(*) FROM singer";
        QTest::newRow("is not null") << "SELECT a IS NOT NULL, a NOT NULL, a ISNULL"
                                     << "SELECT a IS NOT NULL, a NOTNULL, a ISNULL";
        QTest::newRow("joins") << "select * from a natural left outer join b join c using(x) cross join d , e"
                               << "SELECT * FROM a NATURAL LEFT OUTER JOIN b JOIN c USING (x) CROSS JOIN d, e";
        QTest::newRow("window") << "select sum(a) over (partition by b order by c rows between 1 preceding and current row) from t"
                                << "SELECT sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t";
        QTest::newRow("cte") << "with recursive c(n) as (select 1 union all select n+1 from c) select n from c"
                             << "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c";
        QTest::newRow("quoted names kept") << R"(SELECT "a b", [c], `d` FROM "t")" << R"(SELECT "a b", [c], `d` FROM "t")";
        QTest::newRow("misplaced order by") << "SELECT a FROM t ORDER BY a LIMIT 1 INTERSECT SELECT a FROM u"
                                            << "SELECT a FROM t ORDER BY a LIMIT 1 INTERSECT SELECT a FROM u";
        QTest::newRow("double minus") << "SELECT - -1, -(-a)" << "SELECT - -1, - -a";
        QTest::newRow("cast") << "SELECT cast(a as varchar ( 10 ))" << "SELECT CAST(a AS varchar(10))";
    }

    void canonicalForm()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(canonical(input.toStdString())), expected);
    }

    void minimalParentheses_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("redundant dropped") << "SELECT ((a)) + (b * c)" << "SELECT a + b * c";
        QTest::newRow("needed kept") << "SELECT (a + b) * c" << "SELECT (a + b) * c";
        QTest::newRow("right assoc kept") << "SELECT a - (b - c)" << "SELECT a - (b - c)";
        QTest::newRow("left assoc dropped") << "SELECT (a - b) - c" << "SELECT a - b - c";
        QTest::newRow("and/or") << "SELECT (a AND b) OR (c AND d), a AND (b OR c)" << "SELECT a AND b OR c AND d, a AND (b OR c)";
        QTest::newRow("not under comparison") << "SELECT a = (NOT b), NOT (a = b)" << "SELECT a = (NOT b), NOT a = b";
        QTest::newRow("not operand of multiply") << "SELECT a * (NOT b)" << "SELECT a * (NOT b)";
        QTest::newRow("unary binds tight") << "SELECT -(a * b), (-a) * b" << "SELECT -(a * b), -a * b";
        QTest::newRow("collate") << "SELECT (a || b) COLLATE x, a || (b COLLATE x)" << "SELECT (a || b) COLLATE x, a || b COLLATE x";
        QTest::newRow("between operands") << "SELECT a BETWEEN (b AND c) AND d" << "SELECT a BETWEEN (b AND c) AND d";
        QTest::newRow("like escape") << "SELECT (a LIKE b ESCAPE c) = d" << "SELECT a LIKE b ESCAPE c = d";
        QTest::newRow("is right operand") << "SELECT a IS (b = c)" << "SELECT a IS (b = c)";
        QTest::newRow("subquery") << "SELECT (SELECT 1) + 1" << "SELECT (SELECT 1) + 1";
        QTest::newRow("row value") << "SELECT (a, b) = (1, 2)" << "SELECT (a, b) = (1, 2)";
    }

    void minimalParentheses()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(canonical(input.toStdString())), expected);
        QVERIFY(roundTrips(input.toStdString()));
    }

    void fullyParenthesizedShowsGrouping()
    {
        auto output = parse("SELECT a = NOT b = c, 1 + 2 * 3 - 4");
        QVERIFY(output.ok());
        PrintOptions options;
        options.fullyParenthesize = true;
        const std::string text = print(*output.statement, options);
        QCOMPARE(text, std::string("SELECT a = (NOT (b = c)), (1 + (2 * 3)) - 4"));
        auto again = parse(text);
        QVERIFY(again.ok());
        QVERIFY(structurallyEqual(*output.statement, *again.statement));
    }

    void roundTripsOfAssortedQueries_data()
    {
        QTest::addColumn<QString>("sql");
        const char* queries[] = {
            "SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T1.stadium_id = T2.stadium_id "
            "WHERE T2.year = 2014 INTERSECT SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 "
            "ON T1.stadium_id = T2.stadium_id WHERE T2.year = 2015",
            "SELECT count(*) FROM (SELECT * FROM endowment WHERE amount > 8.5 GROUP BY school_id HAVING count(*) > 1)",
            "SELECT a FROM t WHERE a NOT IN (SELECT b FROM u) AND NOT EXISTS (SELECT 1 FROM v WHERE v.x = t.x)",
            "SELECT CASE WHEN a > 1 THEN 'x' WHEN a < 0 THEN 'y' ELSE NULL END FROM t",
            "SELECT a FROM t WHERE a LIKE '%x%' ESCAPE '!' OR b NOT GLOB 'y*' OR c REGEXP 'z'",
            "SELECT a FROM t WHERE a BETWEEN 1 AND 2 OR b NOT BETWEEN c + 1 AND d * 2",
            "SELECT count(DISTINCT a) FILTER (WHERE b) OVER w FROM t WINDOW w AS (ORDER BY c DESC NULLS LAST)",
            "SELECT a FROM t INDEXED BY i, u NOT INDEXED, json_each('[1]') AS j",
            "SELECT * FROM (a JOIN b ON 1) AS g LEFT JOIN (SELECT 1) AS s USING (x)",
            "VALUES (1, 'a'), (2, 'b') UNION ALL SELECT 3, 'c'",
            "SELECT a FROM t WHERE (a, b) IN (VALUES (1, 2)) AND c IN t2 AND d IN main.f(1)",
            "SELECT CAST(a AS DECIMAL(10, -2)), a COLLATE NOCASE, a -> '$.x', a ->> '$.y' FROM t",
            "SELECT ~a, -a, +a, NOT a, a & b | c << 2 >> 1 FROM t",
            "SELECT a FROM t WHERE a IS DISTINCT FROM b AND c IS NOT DISTINCT FROM d",
            "SELECT * FROM t ON t.a = 1 JOIN u",
            "SELECT CURRENT_DATE, TRUE, FALSE, ?1, :x, @y, $z",
            "SELECT a FROM t WHERE b = - -1",
            "SELECT 'a'.b, main.t.c FROM t",
        };
        for (const char* query : queries) QTest::newRow(query) << QString::fromUtf8(query);
    }

    void roundTripsOfAssortedQueries()
    {
        QFETCH(QString, sql);
        QVERIFY(roundTrips(sql.toStdString()));
    }

    void synthesizedNodesWithoutSpansPrint()
    {
        // As a mutation would build it: (a + 1) * 2 with no source text at all.
        ExprPtr product = binary(BinaryOp::Multiply, binary(BinaryOp::Add, column("a"), literal(LiteralKind::Integer, "1")),
                                 literal(LiteralKind::Integer, "2"));
        QVERIFY(!product->span().valid());
        QCOMPARE(print(*product), std::string("(a + 1) * 2"));
    }

    void replacingANodeShowsInPrint()
    {
        auto output = parse("SELECT a FROM t WHERE b > 5 ORDER BY a");
        QVERIFY(output.ok());
        auto& core = output.statement->body->as<SelectCore>();
        auto& comparison = core.where->as<BinaryExpr>();
        const SourceSpan replaced = comparison.right->span();
        comparison.right = literal(LiteralKind::Integer, "6");
        comparison.op = BinaryOp::GreaterEq;
        QCOMPARE(print(*output.statement), std::string("SELECT a FROM t WHERE b >= 6 ORDER BY a"));
        QCOMPARE(replaced.begin, 26u);
        output.statement->orderBy.clear();
        core.where.reset();
        QCOMPARE(print(*output.statement), std::string("SELECT a FROM t"));
    }

    void identifiersNeedingQuotesGetThem()
    {
        Identifier plain{"name", QuoteStyle::None, {}};
        QCOMPARE(printIdentifier(plain), std::string("name"));
        Identifier spaced{"two words", QuoteStyle::None, {}};
        QCOMPARE(printIdentifier(spaced), std::string("\"two words\""));
        Identifier reserved{"select", QuoteStyle::None, {}};
        QCOMPARE(printIdentifier(reserved), std::string("\"select\""));
        Identifier fallback{"key", QuoteStyle::None, {}};
        QCOMPARE(printIdentifier(fallback), std::string("key"));
        Identifier embedded{"a\"b", QuoteStyle::Double, {}};
        QCOMPARE(printIdentifier(embedded), std::string("\"a\"\"b\""));
        Identifier bracket{"x]y", QuoteStyle::Bracket, {}};
        QCOMPARE(printIdentifier(bracket), std::string("\"x]y\""));
        auto trueColumn = column("true");
        QCOMPARE(print(*trueColumn), std::string("\"true\""));
    }
};

QTEST_APPLESS_MAIN(TestPrinter)
#include "test_printer.moc"
