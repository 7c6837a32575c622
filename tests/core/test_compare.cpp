// Unit tests of core/compare: the verdicts of exec_eval.py's result_eq (every expected
// outcome below was checked against the Python reference), Python's str()/==, the
// explanation of differences, JSON output and the official order rule.
#include "core/compare/compare.h"
#include "core/compare/python_value.h"

#include <QtTest/QtTest>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <limits>

namespace cmp = sqleq::compare;

using sqleq::compare::Comparison;
using sqleq::compare::Reason;
using sqleq::compare::Verdict;
using sqleq::exec::ResultSet;
using sqleq::exec::Row;
using sqleq::exec::Value;

Q_DECLARE_METATYPE(sqleq::exec::ResultSet)
Q_DECLARE_METATYPE(sqleq::exec::Value)
Q_DECLARE_METATYPE(sqleq::compare::Reason)

namespace {

Value i64(int64_t v) { return Value::integer(v); }
Value real(double v) { return Value::real(v); }
Value text(std::string v) { return Value::text(std::move(v)); }
Value blob(std::string v) { return Value::blob(std::move(v)); }
Value null() { return Value::null(); }

ResultSet table(std::vector<Row> rows, std::size_t columns = 0)
{
    ResultSet out;
    const std::size_t width = rows.empty() ? columns : rows.front().size();
    for (std::size_t c = 0; c < width; ++c) out.columnNames.push_back(fmt::format("c{}", c));
    out.rows = std::move(rows);
    return out;
}

/// A deterministic wide result: a mix of INTEGER, REAL and TEXT cells.
ResultSet wideTable(std::size_t rows, std::size_t columns)
{
    std::vector<Row> out;
    for (std::size_t r = 0; r < rows; ++r) {
        Row row;
        for (std::size_t c = 0; c < columns; ++c) {
            const auto v = static_cast<int64_t>((r * (c + 3) * 7919 + c * 31) % 1009);
            if (c % 3 == 0) row.push_back(i64(v));
            else if (c % 3 == 1) row.push_back(real(static_cast<double>(v) + 0.5));
            else row.push_back(text(fmt::format("v{}", v)));
        }
        out.push_back(std::move(row));
    }
    return table(std::move(out));
}

/// `source` with its columns reordered (candidate column j = source column order[j])
/// and its rows visited with a stride coprime to the row count.
ResultSet permuted(const ResultSet& source, const std::vector<int>& order, std::size_t stride)
{
    ResultSet out;
    const std::size_t n = source.rows.size();
    for (std::size_t k = 0; k < n; ++k) {
        const Row& from = source.rows[(k * stride) % n];
        Row row;
        for (const int c : order) row.push_back(from[static_cast<std::size_t>(c)]);
        out.rows.push_back(std::move(row));
    }
    return out;
}

QString name(Reason reason) { return QString::fromLatin1(cmp::reasonName(reason)); }

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    void compareResults_data();
    void compareResults();
    void wideResults();
    void roundingOnlyIsSaidInWords();
    void tenThousandRows();
    void pythonStr_data();
    void pythonStr();
    void pythonEqual_data();
    void pythonEqual();
    void explanationRows();
    void explanationOrdered();
    void explanationColumnCount();
    void outcomes();
    void malformedResults();
    void officialOrderMatters_data();
    void officialOrderMatters();
    void json();
};

void TestCompare::compareResults_data()
{
    QTest::addColumn<ResultSet>("gold");
    QTest::addColumn<ResultSet>("candidate");
    QTest::addColumn<bool>("orderMatters");
    QTest::addColumn<Reason>("reason");

    QTest::newRow("both empty, different column counts")
        << table({}, 2) << table({}, 5) << false << Reason::BothEmpty;
    QTest::newRow("gold empty") << table({}, 1) << table({{i64(1)}}) << false << Reason::RowCountDiffers;
    QTest::newRow("row counts") << table({{i64(1)}, {i64(2)}}) << table({{i64(1)}}) << false
                                << Reason::RowCountDiffers;
    QTest::newRow("column counts") << table({{i64(1), i64(2)}}) << table({{i64(1)}}) << false
                                   << Reason::ColumnCountDiffers;
    QTest::newRow("identical") << table({{i64(1), text("a")}}) << table({{i64(1), text("a")}})
                               << false << Reason::Equal;
    QTest::newRow("2 columns permuted")
        << table({{i64(1), text("a")}, {i64(2), text("b")}})
        << table({{text("b"), i64(2)}, {text("a"), i64(1)}}) << false << Reason::Equal;
    QTest::newRow("3 columns permuted")
        << table({{i64(1), text("a"), real(0.5)}, {i64(2), text("b"), real(1.5)}})
        << table({{real(1.5), i64(2), text("b")}, {real(0.5), i64(1), text("a")}}) << false
        << Reason::Equal;
    QTest::newRow("same column values, rows differ")
        << table({{i64(1), i64(2)}, {i64(2), i64(1)}}) << table({{i64(1), i64(1)}, {i64(2), i64(2)}})
        << false << Reason::ValuesDiffer;
    // Bags: [1,1,2] and [1,2,2] are equal as sets (quick_rej passes) but not as multisets.
    QTest::newRow("duplicates differ") << table({{i64(1)}, {i64(1)}, {i64(2)}})
                                       << table({{i64(1)}, {i64(2)}, {i64(2)}}) << false
                                       << Reason::ValuesDiffer;
    QTest::newRow("duplicates equal") << table({{i64(1)}, {i64(2)}, {i64(1)}})
                                      << table({{i64(1)}, {i64(1)}, {i64(2)}}) << false << Reason::Equal;
    QTest::newRow("order ignored") << table({{i64(1)}, {i64(2)}}) << table({{i64(2)}, {i64(1)}})
                                   << false << Reason::Equal;
    QTest::newRow("order matters") << table({{i64(1)}, {i64(2)}}) << table({{i64(2)}, {i64(1)}})
                                   << true << Reason::OrderDiffers;
    QTest::newRow("ordered, permuted columns")
        << table({{i64(1), text("a")}, {i64(2), text("b")}})
        << table({{text("a"), i64(1)}, {text("b"), i64(2)}}) << true << Reason::Equal;
    QTest::newRow("ordered, values differ") << table({{i64(1)}, {i64(2)}})
                                            << table({{i64(1)}, {i64(3)}}) << true << Reason::ValuesDiffer;
    QTest::newRow("2 == 2.0") << table({{i64(2)}}) << table({{real(2.0)}}) << false << Reason::Equal;
    QTest::newRow("2 != 2.5") << table({{i64(2)}}) << table({{real(2.5)}}) << false << Reason::ValuesDiffer;
    QTest::newRow("2^53 + 1 != 2.0^53") << table({{i64(9007199254740993)}})
                                        << table({{real(9007199254740992.0)}}) << false
                                        << Reason::ValuesDiffer;
    QTest::newRow("2^53 == 2.0^53") << table({{i64(9007199254740992)}})
                                    << table({{real(9007199254740992.0)}}) << false << Reason::Equal;
    QTest::newRow("0 == -0.0") << table({{i64(0), text("x")}}) << table({{real(-0.0), text("x")}})
                               << false << Reason::Equal;
    QTest::newRow("'2' != 2") << table({{text("2")}}) << table({{i64(2)}}) << false << Reason::ValuesDiffer;
    QTest::newRow("NULL == NULL") << table({{null(), i64(1)}}) << table({{null(), i64(1)}}) << false
                                  << Reason::Equal;
    QTest::newRow("NULL != 0") << table({{null()}}) << table({{i64(0)}}) << false << Reason::ValuesDiffer;
    QTest::newRow("blob != text") << table({{blob("ab")}}) << table({{text("ab")}}) << false
                                  << Reason::ValuesDiffer;
    const Value withNul = blob(std::string("a\0b", 3));
    QTest::newRow("blob == blob") << table({{withNul}}) << table({{withNul}}) << false << Reason::Equal;
    // decode(errors="ignore") drops the stray byte, so Python sees 'ab' on both sides.
    QTest::newRow("invalid UTF-8 dropped") << table({{text("a\xff" "b")}}) << table({{text("ab")}})
                                           << false << Reason::Equal;
    // quick_rej sorts gold (2, '2.5') by "2<class 'int'>" vs "2.5<class 'str'>": '.' (0x2E) <
    // '<' (0x3C), so it becomes ('2.5', 2). Candidate ('2.5', 2.0) by "2.5<class 'str'>" vs
    // "2.0<class 'float'>": '0' < '5', so (2.0, '2.5'). ('2.5', 2) != (2.0, '2.5'): rejected,
    // although mapping the columns crosswise gives (2.0, '2.5') == (2, '2.5').
    QTest::newRow("quirk: permutation would match") << table({{i64(2), text("2.5")}})
                                                    << table({{text("2.5"), real(2.0)}}) << false
                                                    << Reason::QuickRejectQuirk;
    // Same rule without any permutation: (2, 2.5) sorts to (2.5, 2), (2.0, 2.5) stays.
    QTest::newRow("quirk: identical columns") << table({{i64(2), real(2.5)}})
                                              << table({{real(2.0), real(2.5)}}) << false
                                              << Reason::QuickRejectQuirk;
    QTest::newRow("quirk, ordered") << table({{i64(2), real(2.5)}, {i64(1), i64(1)}})
                                    << table({{real(2.0), real(2.5)}, {i64(1), i64(1)}}) << true
                                    << Reason::QuickRejectQuirk;
    // "2<class 'int'>" and "2.0<class 'float'>" both sort before "a<class 'str'>": passes.
    QTest::newRow("no quirk: 2 vs 2.0 across columns") << table({{i64(2), text("a")}})
                                                       << table({{text("a"), real(2.0)}}) << false
                                                       << Reason::Equal;
}

void TestCompare::compareResults()
{
    QFETCH(ResultSet, gold);
    QFETCH(ResultSet, candidate);
    QFETCH(bool, orderMatters);
    QFETCH(Reason, reason);
    const Comparison result = cmp::compareResults(gold, candidate, orderMatters);
    QCOMPARE(name(result.reason), name(reason));
    const bool same = reason == Reason::Equal || reason == Reason::BothEmpty;
    QCOMPARE(result.same(), same);
    QCOMPARE(result.orderMatters, orderMatters);
    QVERIFY(!result.message.empty());
}

void TestCompare::roundingOnlyIsSaidInWords()
{
    const Comparison rounding = cmp::compareResults(table({{text("a"), real(30.840000000000003)}}),
                                                    table({{text("a"), real(30.84)}}), false);
    QCOMPARE(rounding.reason, Reason::ValuesDiffer);
    QVERIFY(rounding.roundingOnly);
    QVERIFY2(rounding.message.find("floating-point rounding") != std::string::npos, rounding.message.c_str());
    const Comparison value = cmp::compareResults(table({{text("a"), real(30.85)}}), table({{text("a"), real(30.84)}}),
                                                 false);
    QCOMPARE(value.reason, Reason::ValuesDiffer);
    QVERIFY(!value.roundingOnly);
    QVERIFY(value.message.find("rounding") == std::string::npos);
    const Comparison integers = cmp::compareResults(table({{i64(1)}}), table({{i64(2)}}), false);
    QVERIFY(!integers.roundingOnly);
}

void TestCompare::wideResults()
{
    const ResultSet gold = wideTable(60, 12);
    const std::vector<int> order{11, 3, 7, 0, 9, 1, 5, 10, 2, 8, 4, 6};
    const Comparison same = cmp::compareResults(gold, permuted(gold, order, 7), false);
    QVERIFY(same.same());
    // candidate column order[k] is gold column k, so gold column order[k] maps to k.
    for (std::size_t k = 0; k < order.size(); ++k)
        QCOMPARE(same.columnPermutation[static_cast<std::size_t>(order[k])], static_cast<int>(k));

    // 10 columns, each a permutation of the same ten values: every column multiset
    // matches every other, so only the row tuples can rule mappings out.
    std::vector<Row> square;
    for (int64_t r = 0; r < 10; ++r) {
        Row row;
        for (int64_t c = 0; c < 10; ++c) row.push_back(i64((r * 3 + c) % 10));
        square.push_back(std::move(row));
    }
    const ResultSet latin = table(square);
    const std::vector<int> shuffle{4, 9, 2, 7, 0, 5, 8, 1, 6, 3};
    QVERIFY(cmp::compareResults(latin, permuted(latin, shuffle, 3), false).same());
    ResultSet broken = permuted(latin, shuffle, 3);
    std::swap(broken.rows[0][0], broken.rows[1][0]);  // column multisets unchanged
    const Comparison different = cmp::compareResults(latin, broken, false);
    QCOMPARE(different.reason, Reason::ValuesDiffer);
    QCOMPARE(different.onlyInGold.size(), different.onlyInCandidate.size());
    QVERIFY(!different.onlyInGold.empty());
}

void TestCompare::tenThousandRows()
{
    const ResultSet gold = wideTable(10000, 5);
    const ResultSet candidate = permuted(gold, {3, 0, 4, 1, 2}, 7);
    QVERIFY(cmp::compareResults(gold, candidate, false).same());
    ResultSet changed = candidate;
    changed.rows[5000][2] = real(123456.25);
    const Comparison different = cmp::compareResults(gold, changed, false);
    QCOMPARE(different.reason, Reason::ValuesDiffer);
    QCOMPARE(different.onlyInCandidateIndices, std::vector<std::size_t>{5000});
    QCOMPARE(different.onlyInGold.size(), std::size_t{1});
}

void TestCompare::pythonStr_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("2.0") << real(2.0) << "2.0";
    QTest::newRow("0.1") << real(0.1) << "0.1";
    QTest::newRow("1e16") << real(1e16) << "1e+16";
    QTest::newRow("1e15") << real(1e15) << "1000000000000000.0";
    QTest::newRow("1.5e-05") << real(1.5e-05) << "1.5e-05";
    QTest::newRow("1e-4") << real(1e-4) << "0.0001";
    QTest::newRow("-1.5e-7") << real(-1.5e-7) << "-1.5e-07";
    QTest::newRow("123456789012345.6") << real(123456789012345.6) << "123456789012345.6";
    QTest::newRow("12345678901234567.0") << real(12345678901234567.0) << "1.2345678901234568e+16";
    QTest::newRow("1/3") << real(1.0 / 3.0) << "0.3333333333333333";
    QTest::newRow("5e-324") << real(5e-324) << "5e-324";
    QTest::newRow("max") << real(std::numeric_limits<double>::max()) << "1.7976931348623157e+308";
    QTest::newRow("-0.0") << real(-0.0) << "-0.0";
    QTest::newRow("0.0") << real(0.0) << "0.0";
    QTest::newRow("100.0") << real(100.0) << "100.0";
    QTest::newRow("inf") << real(std::numeric_limits<double>::infinity()) << "inf";
    QTest::newRow("-inf") << real(-std::numeric_limits<double>::infinity()) << "-inf";
    QTest::newRow("int") << i64(-42) << "-42";
    QTest::newRow("int min") << i64(std::numeric_limits<int64_t>::min()) << "-9223372036854775808";
    QTest::newRow("None") << null() << "None";
    QTest::newRow("text") << text("h\xc3\xa9llo") << "h\u00e9llo";
    QTest::newRow("text, invalid byte") << text("a\xc3(b") << "a(b";
    QTest::newRow("bytes with quote") << blob("a'b") << "b\"a'b\"";
    QTest::newRow("bytes with both quotes") << blob("a'\"b") << "b'a\\'\"b'";
    QTest::newRow("bytes escapes") << blob(std::string("\x00\xff\\\t\n\r\x7f", 7))
                                   << "b'\\x00\\xff\\\\\\t\\n\\r\\x7f'";
}

void TestCompare::pythonStr()
{
    QFETCH(Value, value);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(cmp::pythonStr(value)), expected);
}

void TestCompare::pythonEqual_data()
{
    QTest::addColumn<Value>("a");
    QTest::addColumn<Value>("b");
    QTest::addColumn<bool>("equal");
    QTest::newRow("2 == 2.0") << i64(2) << real(2.0) << true;
    QTest::newRow("2 != 2.5") << i64(2) << real(2.5) << false;
    QTest::newRow("2^53+1 != 2.0^53") << i64(9007199254740993) << real(9007199254740992.0) << false;
    QTest::newRow("int64 max != 2.0^63") << i64(std::numeric_limits<int64_t>::max())
                                         << real(9223372036854775808.0) << false;
    QTest::newRow("int64 min == -2.0^63") << i64(std::numeric_limits<int64_t>::min())
                                          << real(-9223372036854775808.0) << true;
    QTest::newRow("0 == -0.0") << i64(0) << real(-0.0) << true;
    QTest::newRow("'2' != 2") << text("2") << i64(2) << false;
    QTest::newRow("None == None") << null() << null() << true;
    QTest::newRow("None != ''") << null() << text("") << false;
    QTest::newRow("bytes != str") << blob("x") << text("x") << false;
    QTest::newRow("invalid UTF-8") << text("x\x80") << text("x") << true;
    QTest::newRow("inf == inf") << real(std::numeric_limits<double>::infinity())
                                << real(std::numeric_limits<double>::infinity()) << true;
}

void TestCompare::pythonEqual()
{
    QFETCH(Value, a);
    QFETCH(Value, b);
    QFETCH(bool, equal);
    QCOMPARE(cmp::pythonEqual(a, b), equal);
    QCOMPARE(cmp::pythonEqual(b, a), equal);
    const bool normalized = a.type() != sqleq::exec::ValueType::Text || b.type() != a.type();
    if (equal && normalized) {  // the hash must agree wherever Python's == does
        QCOMPARE(cmp::detail::hashNormalized(a), cmp::detail::hashNormalized(b));
    }
}

void TestCompare::explanationRows()
{
    const ResultSet gold = table({{i64(1), text("a")}, {i64(2), text("b")}, {i64(3), text("c")}});
    const ResultSet candidate =
        table({{text("a"), i64(1)}, {text("d"), i64(4)}, {text("b"), real(2.0)}});
    const Comparison result = cmp::compareResults(gold, candidate, false);
    QCOMPARE(result.reason, Reason::ValuesDiffer);
    QCOMPARE(result.columnPermutation, (std::vector<int>{1, 0}));
    QCOMPARE(result.onlyInGold, (std::vector<Row>{{i64(3), text("c")}}));
    QCOMPARE(result.onlyInCandidate, (std::vector<Row>{{text("d"), i64(4)}}));  // its own order
    QCOMPARE(result.onlyInGoldIndices, std::vector<std::size_t>{2});
    QCOMPARE(result.onlyInCandidateIndices, std::vector<std::size_t>{1});
    QVERIFY(!result.firstDifferingRow);
    QCOMPARE(QString::fromStdString(result.message),
             "1 row only in the gold and 1 row only in the candidate, under the closest column "
             "mapping (gold column 1 = candidate column 2, gold column 2 = candidate column 1)");

    // Bags: one duplicate too many on each side.
    const Comparison bags = cmp::compareResults(table({{i64(1)}, {i64(1)}, {i64(2)}}),
                                                           table({{i64(2)}, {i64(1)}, {i64(2)}}), false);
    QCOMPARE(bags.onlyInGoldIndices, std::vector<std::size_t>{1});
    QCOMPARE(bags.onlyInCandidateIndices, std::vector<std::size_t>{2});

    const Comparison counts =
        cmp::compareResults(table({{i64(1)}, {i64(2)}, {i64(3)}}),
                                       table({{i64(1)}, {i64(2)}, {i64(3)}, {i64(4)}, {i64(5)}}), false);
    QCOMPARE(QString::fromStdString(counts.message), "gold has 3 rows, candidate has 5");
    QCOMPARE(counts.onlyInCandidateIndices, (std::vector<std::size_t>{3, 4}));
    QVERIFY(counts.onlyInGold.empty());
}

void TestCompare::explanationOrdered()
{
    const ResultSet gold = table({{i64(1)}, {i64(2)}, {i64(3)}});
    const Comparison order = cmp::compareResults(gold, table({{i64(1)}, {i64(3)}, {i64(2)}}), true);
    QCOMPARE(order.reason, Reason::OrderDiffers);
    QCOMPARE(order.firstDifferingRow, std::optional<std::size_t>(1));
    QVERIFY(order.onlyInGold.empty() && order.onlyInCandidate.empty());

    const Comparison values = cmp::compareResults(gold, table({{i64(1)}, {i64(2)}, {i64(4)}}), true);
    QCOMPARE(values.reason, Reason::ValuesDiffer);
    QCOMPARE(values.firstDifferingRow, std::optional<std::size_t>(2));
    QCOMPARE(values.onlyInGoldIndices, std::vector<std::size_t>{2});
}

void TestCompare::explanationColumnCount()
{
    const ResultSet gold = table({{i64(1), text("a")}, {i64(2), text("b")}});
    const ResultSet candidate = table({{text("a"), real(0.5), i64(1)}, {text("b"), real(0.5), i64(2)}});
    const Comparison result = cmp::compareResults(gold, candidate, false);
    QCOMPARE(result.reason, Reason::ColumnCountDiffers);
    QCOMPARE(QString::fromStdString(result.message), "gold has 2 columns, candidate has 3");
    QCOMPARE(result.columnPermutation, (std::vector<int>{2, 0}));  // aligned by shared values
    QCOMPARE(result.onlyInGold.size(), std::size_t{2});            // tuples of other lengths never match
    QCOMPARE(result.onlyInCandidate.size(), std::size_t{2});

    const Comparison narrower = cmp::compareResults(candidate, gold, false);
    QCOMPARE(narrower.columnPermutation, (std::vector<int>{1, -1, 0}));
}

void TestCompare::outcomes()
{
    sqleq::exec::QueryOutcome gold;
    gold.status = sqleq::exec::OutcomeStatus::Rows;
    gold.result = table({{i64(1)}});
    sqleq::exec::QueryOutcome candidate;
    candidate.status = sqleq::exec::OutcomeStatus::Timeout;
    candidate.error.message = "time budget of 2000 ms exceeded";

    const Comparison timeout = cmp::compareOutcomes(gold, candidate, false);
    QCOMPARE(timeout.reason, Reason::CandidateFailed);
    QVERIFY(!timeout.same());
    QVERIFY(timeout.message.find("timeout") != std::string::npos);

    candidate.status = sqleq::exec::OutcomeStatus::Error;
    QCOMPARE(cmp::compareOutcomes(gold, candidate, false).reason, Reason::CandidateFailed);

    // The gold failing is reported as such even when the candidate fails the same way.
    const Comparison goldFailed = cmp::compareOutcomes(candidate, candidate, false);
    QCOMPARE(goldFailed.reason, Reason::GoldFailed);

    candidate.status = sqleq::exec::OutcomeStatus::Rows;
    candidate.result = table({{real(1.0)}});
    QVERIFY(cmp::compareOutcomes(gold, candidate, false).same());
}

void TestCompare::malformedResults()
{
    // Zero-width rows: Python sees [()] == [()] (one empty permutation), so "same".
    QVERIFY(cmp::compareResults(table({Row{}}), table({Row{}}), false).same());
    // Ragged rows never come out of SQLite; the comparison pads them with NULL rather
    // than reading out of bounds. Only "no crash" is pinned here.
    const ResultSet ragged = table({{i64(1), i64(2)}, {i64(3)}});
    const Comparison result = cmp::compareResults(ragged, table({{i64(1), i64(2)}, {i64(4), i64(5)}}), true);
    QCOMPARE(result.verdict, Verdict::Different);
}

void TestCompare::officialOrderMatters_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("expected");
    QTest::newRow("top level") << "SELECT a FROM t ORDER BY a" << true;
    QTest::newRow("lower case") << "select a from t order by a desc limit 1" << true;
    QTest::newRow("none") << "SELECT a FROM t" << false;
    QTest::newRow("subquery") << "SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 3)" << true;
    QTest::newRow("inside a literal") << "SELECT 'Order By' FROM t" << true;
    QTest::newRow("two spaces") << "SELECT a FROM t ORDER  BY a" << false;
    QTest::newRow("newline") << "SELECT a FROM t ORDER\nBY a" << false;
}

void TestCompare::officialOrderMatters()
{
    QFETCH(QString, sql);
    QFETCH(bool, expected);
    QCOMPARE(cmp::officialOrderMatters(sql.toStdString()), expected);
}

void TestCompare::json()
{
    const ResultSet gold = table({{i64(1), text("x\xff"), blob("\x01\xab")}});
    const ResultSet candidate = table({{real(1.5), text("x"), null()}});
    const nlohmann::json out = cmp::toJson(cmp::compareResults(gold, candidate, false));
    QCOMPARE(out["verdict"].get<std::string>(), std::string("different"));
    QCOMPARE(out["reason"].get<std::string>(), std::string("values_differ"));
    QCOMPARE(out["column_permutation"], nlohmann::json::array({0, 1, 2}));
    QCOMPARE(out["only_in_gold"], nlohmann::json::parse(R"([[1, "x", {"blob_hex": "01ab"}]])"));
    QCOMPARE(out["only_in_candidate"], nlohmann::json::parse(R"([[1.5, "x", null]])"));
    QCOMPARE(out["only_in_gold_indices"], nlohmann::json::array({0}));
    QVERIFY(out["first_differing_row"].is_null());
    QVERIFY(out.contains("message") && out.contains("order_matters"));
    QVERIFY(!out.dump().empty());  // valid UTF-8 throughout

    const nlohmann::json same = cmp::toJson(
        cmp::compareResults(table({}, 1), table({}, 2), true));
    QCOMPARE(same["verdict"].get<std::string>(), std::string("same"));
    QCOMPARE(same["reason"].get<std::string>(), std::string("both_empty"));
    QCOMPARE(same["only_in_gold"], nlohmann::json::array());
}

QTEST_APPLESS_MAIN(TestCompare)
#include "test_compare.moc"
