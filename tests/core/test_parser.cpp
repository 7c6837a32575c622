// Unit tests of the SQL parser: tree shapes, exact spans, positioned errors,
// the nesting limit, keyword-as-identifier agreement with SQLite itself, and the
// AST utilities (clone, walk, JSON, literals, hasTopLevelOrderBy).

#include "core/sql/keyword.h"
#include "core/sql/sql.h"

#include <sqlite3.h>

#include <QtTest/QtTest>

#include <cstring>

using namespace sqleq;
using namespace sqleq::sql;

namespace {

std::unique_ptr<SelectStatement> parseOk(std::string_view text)
{
    auto output = parse(text);
    if (!output.ok()) {
        qWarning("unexpected parse error: %s", output.diagnostics.front().message.c_str());
        return nullptr;
    }
    return std::move(output.statement);
}

std::string_view slice(std::string_view text, SourceSpan span) { return text.substr(span.begin, span.length()); }

const SelectCore& coreOf(const SelectStatement& statement) { return statement.body->as<SelectCore>(); }

// SQLite's own verdict: false only for syntax errors, as the corpus test counts them.
bool sqliteAcceptsSyntax(sqlite3* db, const std::string& text)
{
    sqlite3_stmt* statement = nullptr;
    const int rc = sqlite3_prepare_v2(db, text.c_str(), -1, &statement, nullptr);
    sqlite3_finalize(statement);
    if (rc == SQLITE_OK) return true;
    const char* message = sqlite3_errmsg(db);
    return !std::strstr(message, "syntax error") && !std::strstr(message, "incomplete input")
        && !std::strstr(message, "unrecognized token");
}

} // namespace

class TestParser : public QObject {
    Q_OBJECT

private slots:
    void simpleSelectShape()
    {
        auto statement = parseOk("SELECT name, count(*) AS n FROM singer WHERE age > 20 GROUP BY name");
        QVERIFY(statement);
        const auto& core = coreOf(*statement);
        QCOMPARE(core.columns.size(), size_t(2));
        QVERIFY(core.columns[0]->expr->is<ColumnRef>());
        const auto& call = core.columns[1]->expr->as<FunctionCall>();
        QCOMPARE(call.name.name, std::string("count"));
        QVERIFY(call.star);
        QCOMPARE(core.columns[1]->alias->name, std::string("n"));
        QCOMPARE(core.from->terms.size(), size_t(1));
        QCOMPARE(core.from->terms[0]->source->as<TableRef>().name.name, std::string("singer"));
        const auto& where = core.where->as<BinaryExpr>();
        QCOMPARE(where.op, BinaryOp::Greater);
        QCOMPARE(core.groupBy.size(), size_t(1));
    }

    void spansPointAtExactText()
    {
        const std::string_view text = "SELECT a FROM t WHERE b = 'x''y' AND c < 42";
        auto statement = parseOk(text);
        QVERIFY(statement);
        QCOMPARE(statement->span(), (SourceSpan{0, static_cast<uint32_t>(text.size())}));
        const auto& core = coreOf(*statement);
        const auto& conjunction = core.where->as<BinaryExpr>();
        QCOMPARE(slice(text, conjunction.span()), std::string_view("b = 'x''y' AND c < 42"));
        QCOMPARE(slice(text, conjunction.opSpan), std::string_view("AND"));
        const auto& literal = conjunction.left->as<BinaryExpr>().right->as<Literal>();
        QCOMPARE(slice(text, literal.span()), std::string_view("'x''y'"));
        QCOMPARE(literal.text, std::string("'x''y'"));
        QCOMPARE(literal.value(), std::string("x'y"));
        QCOMPARE(slice(text, conjunction.right->as<BinaryExpr>().right->span()), std::string_view("42"));
        QCOMPARE(slice(text, core.whereSpan), std::string_view("WHERE b = 'x''y' AND c < 42"));
        QCOMPARE(slice(text, core.fromSpan), std::string_view("FROM t"));
    }

    void spansCoverParenthesizedOperands()
    {
        const std::string_view text = "SELECT (a + 1) * 2, -(b), (c, d) FROM t";
        auto statement = parseOk(text);
        QVERIFY(statement);
        const auto& core = coreOf(*statement);
        QCOMPARE(slice(text, core.columns[0]->expr->span()), std::string_view("(a + 1) * 2"));
        QCOMPARE(slice(text, core.columns[0]->expr->as<BinaryExpr>().left->span()), std::string_view("a + 1"));
        QCOMPARE(slice(text, core.columns[1]->expr->span()), std::string_view("-(b)"));
        QCOMPARE(slice(text, core.columns[2]->expr->span()), std::string_view("(c, d)"));
    }

    void clauseSpansOfStatement()
    {
        const std::string_view text = "SELECT a FROM t ORDER BY a DESC LIMIT 3";
        auto statement = parseOk(text);
        QVERIFY(statement);
        QCOMPARE(slice(text, statement->orderBySpan), std::string_view("ORDER BY a DESC"));
        QCOMPARE(slice(text, statement->limitSpan), std::string_view("LIMIT 3"));
        QCOMPARE(slice(text, statement->body->span()), std::string_view("SELECT a FROM t"));
        QCOMPARE(slice(text, statement->orderBy[0]->span()), std::string_view("a DESC"));
    }

    void identifiersKeepQuoteStyle()
    {
        auto statement = parseOk(R"(SELECT "a", [b], `c`, d FROM t WHERE name = "France")");
        QVERIFY(statement);
        const auto& core = coreOf(*statement);
        QCOMPARE(core.columns[0]->expr->as<ColumnRef>().column.quote, QuoteStyle::Double);
        QCOMPARE(core.columns[1]->expr->as<ColumnRef>().column.quote, QuoteStyle::Bracket);
        QCOMPARE(core.columns[2]->expr->as<ColumnRef>().column.quote, QuoteStyle::Backtick);
        QCOMPARE(core.columns[3]->expr->as<ColumnRef>().column.quote, QuoteStyle::None);
        const auto& france = core.where->as<BinaryExpr>().right->as<ColumnRef>();
        QCOMPARE(france.column.name, std::string("France"));
        QCOMPARE(france.column.quote, QuoteStyle::Double);
    }

    void precedenceFollowsSqlite()
    {
        auto statement = parseOk("SELECT NOT a = b AND c OR d, a = NOT b = c, -a * b, a || b COLLATE x");
        QVERIFY(statement);
        const auto& core = coreOf(*statement);
        const auto& orExpr = core.columns[0]->expr->as<BinaryExpr>();
        QCOMPARE(orExpr.op, BinaryOp::Or);
        const auto& andExpr = orExpr.left->as<BinaryExpr>();
        QCOMPARE(andExpr.op, BinaryOp::And);
        QCOMPARE(andExpr.left->as<UnaryExpr>().op, UnaryOp::Not);
        QVERIFY(andExpr.left->as<UnaryExpr>().operand->is<BinaryExpr>());
        const auto& eq = core.columns[1]->expr->as<BinaryExpr>();
        QCOMPARE(eq.right->as<UnaryExpr>().operand->as<BinaryExpr>().op, BinaryOp::Eq);
        QVERIFY(core.columns[2]->expr->as<BinaryExpr>().left->is<UnaryExpr>());
        QVERIFY(core.columns[3]->expr->as<BinaryExpr>().right->is<CollateExpr>());
    }

    void compoundIsLeftAssociativeAndOrderByIsOutermost()
    {
        auto statement = parseOk("SELECT a FROM t UNION SELECT b FROM u EXCEPT SELECT c FROM v ORDER BY 1 LIMIT 2");
        QVERIFY(statement);
        const auto& top = statement->body->as<CompoundSelect>();
        QCOMPARE(top.op, CompoundOp::Except);
        QCOMPARE(top.left->as<CompoundSelect>().op, CompoundOp::Union);
        QVERIFY(hasTopLevelOrderBy(*statement));
        QVERIFY(statement->limit);
        QVERIFY(top.right->as<SelectCore>().orderBy.empty());
    }

    void orderByInSubqueryIsNotTopLevel()
    {
        auto statement = parseOk("SELECT a FROM (SELECT a FROM t ORDER BY a) WHERE a IN (SELECT b FROM u ORDER BY b)");
        QVERIFY(statement);
        QVERIFY(!hasTopLevelOrderBy(*statement));
    }

    void misplacedOrderByIsAcceptedLikeSqlite()
    {
        // SQLite's grammar accepts it; prepare fails later with "ORDER BY clause
        // should come after INTERSECT not before" (seen in Spider predictions).
        auto statement = parseOk("SELECT a FROM t ORDER BY a LIMIT 1 INTERSECT SELECT a FROM u");
        QVERIFY(statement);
        const auto& left = statement->body->as<CompoundSelect>().left->as<SelectCore>();
        QCOMPARE(left.orderBy.size(), size_t(1));
        QVERIFY(left.limit);
        QVERIFY(!hasTopLevelOrderBy(*statement));
    }

    void limitCommaFormMeansOffsetFirst()
    {
        auto statement = parseOk("SELECT a FROM t LIMIT 5, 10");
        QVERIFY(statement);
        QCOMPARE(statement->limit->as<Literal>().text, std::string("10"));
        QCOMPARE(statement->offset->as<Literal>().text, std::string("5"));
    }

    void joinsAreFlat()
    {
        auto statement = parseOk("SELECT * FROM a AS T1 JOIN b AS T2 ON T1.x = T2.x LEFT OUTER JOIN c USING (y), d");
        QVERIFY(statement);
        const auto& terms = coreOf(*statement).from->terms;
        QCOMPARE(terms.size(), size_t(4));
        QCOMPARE(terms[0]->op.kind, JoinKind::None);
        QCOMPARE(terms[1]->op.kind, JoinKind::Join);
        QVERIFY(terms[1]->on);
        QCOMPARE(terms[2]->op.kind, JoinKind::Left);
        QVERIFY(terms[2]->op.outer);
        QVERIFY(terms[2]->hasUsing);
        QCOMPARE(terms[3]->op.kind, JoinKind::Comma);
        QCOMPARE(terms[0]->source->alias->name, std::string("T1"));
    }

    void errorNamesTokenPositionAndExpectation()
    {
        const std::string_view text = "SELECT a FROM t WHERE FROM";
        auto output = parse(text);
        QVERIFY(!output.ok());
        QVERIFY(!output.statement);
        const Diagnostic& error = output.diagnostics.front();
        QCOMPARE(error.code, std::string("parse.syntax"));
        QCOMPARE(error.message, std::string("near \"FROM\": syntax error"));
        QCOMPARE(error.expected, std::string("an expression"));
        QCOMPARE(error.span.begin, 22u);
        QCOMPARE(error.span.end, 26u);
        QCOMPARE(formatDiagnostic(text, error),
                 std::string("line 1, column 23 (offset 22): near \"FROM\": syntax error; expected an expression"));
    }

    void errorsAtEndOfInput()
    {
        auto output = parse("SELECT a FROM t WHERE a =");
        QVERIFY(!output.ok());
        QCOMPARE(output.diagnostics.front().span.begin, 25u);
        QCOMPARE(output.diagnostics.front().message, std::string("incomplete input"));
        QCOMPARE(output.diagnostics.front().expected, std::string("an expression"));
    }

    void spacedComparisonIsASyntaxError()
    {
        auto output = parse("SELECT count(*) FROM t WHERE a > = 1");
        QVERIFY(!output.ok());
        QCOMPARE(output.diagnostics.front().span.begin, 33u);
    }

    void lexerErrorsSurfaceAtTheirPosition()
    {
        auto output = parse("SELECT a FROM t WHERE b = 'open");
        QVERIFY(!output.ok());
        QCOMPARE(output.diagnostics.front().code, std::string("parse.unterminated"));
        QCOMPARE(output.diagnostics.front().span.begin, 26u);
        // A syntax error before the bad token wins, as in SQLite.
        output = parse("SELECT a a a 'open");
        QCOMPARE(output.diagnostics.front().code, std::string("parse.trailing"));
    }

    void trailingContent()
    {
        QVERIFY(parse("SELECT 1;").ok());
        QVERIFY(parse(";; SELECT 1 ;; -- done\n/* c */").ok());
        auto output = parse("SELECT 1; SELECT 2");
        QVERIFY(!output.ok());
        QCOMPARE(output.diagnostics.front().code, std::string("parse.trailing"));
        QCOMPARE(output.diagnostics.front().span.begin, 10u);
        output = parse("  -- nothing\n ;");
        QCOMPARE(output.diagnostics.front().code, std::string("parse.empty"));
        output = parse("INSERT INTO t VALUES (1)");
        QCOMPARE(output.diagnostics.front().message, std::string("near \"INSERT\": syntax error"));
        QCOMPARE(output.diagnostics.front().expected, std::string("SELECT, VALUES or WITH"));
    }

    void depthLimitStopsHostileNesting_data()
    {
        QTest::addColumn<QByteArray>("sql");
        QTest::newRow("100k parens") << (QByteArray("SELECT ") + QByteArray(100000, '('));
        QByteArray nots = "SELECT ";
        for (int i = 0; i < 50000; ++i) nots += "NOT ";
        nots += "1";
        QTest::newRow("50k NOT") << nots;
        QByteArray minus = "SELECT " + QByteArray(60000, '~') + "1";
        QTest::newRow("60k unary") << minus;
        QByteArray subqueries;
        for (int i = 0; i < 20000; ++i) subqueries += "SELECT (";
        QTest::newRow("20k subqueries") << subqueries;
        QByteArray chain = "SELECT 1";
        for (int i = 0; i < 50000; ++i) chain += " + 1";
        QTest::newRow("50k chain") << chain;
        QByteArray unions = "SELECT 1";
        for (int i = 0; i < 20000; ++i) unions += " UNION SELECT 1";
        QTest::newRow("20k unions") << unions;
        QByteArray groups = "SELECT * FROM " + QByteArray(50000, '(');
        QTest::newRow("50k join groups") << groups;
    }

    void depthLimitStopsHostileNesting()
    {
        QFETCH(QByteArray, sql);
        auto output = parse(std::string_view(sql.constData(), static_cast<size_t>(sql.size())));
        QVERIFY(!output.ok());
        QCOMPARE(output.diagnostics.front().code, std::string("parse.too_deep"));
    }

    void nestingBelowTheLimitParsesAndPrints()
    {
        std::string text = "SELECT " + std::string(200, '(') + "1" + std::string(200, ')');
        QVERIFY(parse(text).ok());
        std::string nested = "SELECT 1";
        for (int i = 0; i < 60; ++i) nested = "SELECT (" + nested + ")";
        auto statement = parseOk(nested);
        QVERIFY(statement);
        QCOMPARE(print(*statement), nested);
        ParseOptions strict;
        strict.maxDepth = 10;
        QCOMPARE(parse(std::string("SELECT ") + std::string(20, '(') + "1" + std::string(20, ')'), strict)
                     .diagnostics.front()
                     .code,
                 std::string("parse.too_deep"));
    }

    void keywordsAsIdentifiersMatchSqlite()
    {
        // Every keyword in every name position: our verdict must equal SQLite's.
        const char* templates[] = {
            "SELECT %1 FROM t", "SELECT 1 AS %1", "SELECT 1 %1", "SELECT * FROM %1", "SELECT * FROM t %1",
            "SELECT * FROM t AS %1", "SELECT %1(1)", "SELECT t.%1 FROM t", "SELECT * FROM t WHERE %1 = 1",
            "SELECT * FROM t ORDER BY %1", "WITH %1 AS (SELECT 1) SELECT * FROM %1", "SELECT %1.* FROM t",
            "SELECT a FROM t JOIN u USING (%1)", "SELECT a FROM t WHERE x IN %1", "SELECT CAST(a AS %1) FROM t",
            "SELECT a COLLATE %1 FROM t", "SELECT count(*) OVER %1 FROM t", "SELECT f(x) %1 FROM t",
            "SELECT a FROM t WINDOW %1 AS (ORDER BY a)", "SELECT sum(a) OVER (%1) FROM t",
        };
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
        QStringList disagreements;
        int checked = 0;
        for (int k = 1; k <= static_cast<int>(Keyword::Without); ++k) {
            const auto spelling = keywordSpelling(static_cast<Keyword>(k));
            const QString word = QString::fromLatin1(spelling.data(), static_cast<qsizetype>(spelling.size()));
            for (const char* pattern : templates) {
                const std::string sql = QString::fromLatin1(pattern).arg(word.toLower()).toStdString();
                const bool ours = parse(sql).ok();
                ++checked;
                if (ours != sqliteAcceptsSyntax(db, sql)) disagreements << QString::fromStdString(sql);
            }
        }
        sqlite3_close(db);
        if (!disagreements.isEmpty()) qWarning() << disagreements;
        QVERIFY2(disagreements.isEmpty(), qPrintable(QString("%1 of %2 disagree").arg(disagreements.size()).arg(checked)));
    }

    void cloneIsDeepAndEqual()
    {
        auto statement = parseOk("WITH c AS (SELECT 1) SELECT a, CASE WHEN b THEN 1 ELSE 2 END FROM t "
                                 "JOIN (SELECT * FROM c) AS s ON t.a = s.a WHERE x IN (1, 2) ORDER BY a");
        QVERIFY(statement);
        auto copy = cloneOf(statement);
        QVERIFY(copy.get() != statement.get());
        QVERIFY(structurallyEqual(*statement, *copy));
        QCOMPARE(copy->span(), statement->span());
        coreOf(*copy).where->as<InExpr>().items[0]->as<Literal>().text = "3";
        QVERIFY(!structurallyEqual(*statement, *copy));
        QCOMPARE(coreOf(*statement).where->as<InExpr>().items[0]->as<Literal>().text, std::string("1"));
    }

    void walkVisitsEveryNodeInSourceOrder()
    {
        auto statement = parseOk("SELECT a + 1 FROM t WHERE b = (SELECT max(c) FROM u)");
        QVERIFY(statement);
        std::vector<NodeKind> kinds;
        walk(static_cast<const Node&>(*statement), [&](const Node& node) {
            kinds.push_back(node.kind());
            return true;
        });
        QCOMPARE(kinds.front(), NodeKind::SelectStatement);
        QCOMPARE(std::count(kinds.begin(), kinds.end(), NodeKind::SelectStatement), 2);
        QCOMPARE(std::count(kinds.begin(), kinds.end(), NodeKind::ColumnRef), 3);
        // Returning false prunes a subtree: the subquery's nodes are skipped.
        int visited = 0;
        walk(static_cast<const Node&>(*statement), [&](const Node& node) {
            ++visited;
            return !node.is<SubqueryExpr>();
        });
        QVERIFY(visited < static_cast<int>(kinds.size()));
    }

    void mutableWalkCanEditInPlace()
    {
        auto statement = parseOk("SELECT a FROM t WHERE a = 1 AND b = 2");
        QVERIFY(statement);
        walk(static_cast<Node&>(*statement), [](Node& node) {
            if (auto* binary = node.tryAs<BinaryExpr>(); binary && binary->op == BinaryOp::Eq) binary->op = BinaryOp::NotEq;
            return true;
        });
        QCOMPARE(print(*statement), std::string("SELECT a FROM t WHERE a != 1 AND b != 2"));
    }

    void literalsAreEnumeratedWithSpans()
    {
        const std::string_view text = "SELECT a FROM t WHERE b = 'x' AND c > 3 LIMIT 1";
        auto statement = parseOk(text);
        QVERIFY(statement);
        const auto literals = collectLiterals(static_cast<const Node&>(*statement));
        QCOMPARE(literals.size(), size_t(3));
        QCOMPARE(slice(text, literals[0]->span()), std::string_view("'x'"));
        QCOMPARE(slice(text, literals[1]->span()), std::string_view("3"));
        QCOMPARE(literals[2]->literalKind, LiteralKind::Integer);
    }

    void jsonDumpHasKindSpanFieldsChildren()
    {
        auto statement = parseOk("SELECT a FROM t WHERE b = 1");
        QVERIFY(statement);
        const auto json = toJson(*statement);
        QCOMPARE(json["kind"].get<std::string>(), std::string("SelectStatement"));
        QCOMPARE(json["span"]["begin"].get<int>(), 0);
        QCOMPARE(json["span"]["end"].get<int>(), 27);
        const auto& body = json["children"][0];
        QCOMPARE(body["role"].get<std::string>(), std::string("body"));
        QCOMPARE(body["kind"].get<std::string>(), std::string("SelectCore"));
        const std::string dump = json.dump();
        QVERIFY(dump.find("\"op\":\"=\"") != std::string::npos);
        QVERIFY(dump.find("\"literalKind\":\"integer\"") != std::string::npos);
    }

    void checkedDowncasts()
    {
        auto statement = parseOk("SELECT 1");
        QVERIFY(statement);
        const Node& body = *statement->body;
        QVERIFY(body.is<SelectBody>());
        QVERIFY(body.is<SelectCore>());
        QVERIFY(!body.is<Expr>());
        QVERIFY(body.tryAs<CompoundSelect>() == nullptr);
        const Node& literal = *coreOf(*statement).columns[0]->expr;
        QVERIFY(literal.is<Expr>());
        QVERIFY(literal.is<Literal>());
        QCOMPARE(nodeKindName(literal.kind()), std::string_view("Literal"));
    }

    void astOutlivesTheText()
    {
        std::unique_ptr<SelectStatement> statement;
        {
            std::string text = "SELECT \"quoted name\" FROM t WHERE x = 'value'";
            statement = parseOk(text);
            text.assign(text.size(), '#');
        }
        QVERIFY(statement);
        QCOMPARE(print(*statement), std::string("SELECT \"quoted name\" FROM t WHERE x = 'value'"));
    }
};

QTEST_APPLESS_MAIN(TestParser)
#include "test_parser.moc"
