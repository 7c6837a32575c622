// Unit tests of core/minimize's value candidates: every candidate is strictly
// simpler, the simplest comes first, and none would be stored differently from
// what it says under the column's affinity (no numeric text in numeric columns).
#include "core/minimize/value_candidates.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace sqleq;
using exec::Value;
using schema::Affinity;

class TestMinimizeValues : public QObject {
    Q_OBJECT

private slots:
    void texts()
    {
        auto out = minimize::simplerValues(Value::text("Bartholomew"), Affinity::Text);
        QVERIFY(!out.empty());
        QCOMPARE(out.front(), Value::text("B"));
        QVERIFY(std::find(out.begin(), out.end(), Value::text("a")) != out.end());
        for (const auto& value : out) QVERIFY(value.asText().size() < 11);
        QVERIFY(minimize::simplerValues(Value::text("x"), Affinity::Text).empty());
        QVERIFY(minimize::simplerValues(Value::text(""), Affinity::Text).empty());
    }

    void textsCutAtCodePoints()
    {
        for (const auto& value : minimize::simplerValues(Value::text("\xC3\xA9t\xC3\xA9 long"), Affinity::Text)) {
            const auto& text = value.asText();
            QVERIFY(!text.empty());
            QVERIFY((static_cast<unsigned char>(text.back()) & 0xC0) != 0xC0);  // no dangling lead byte
        }
        QCOMPARE(minimize::simplerValues(Value::text("\xC3\xA9t\xC3\xA9"), Affinity::Text).front(),
                 Value::text("\xC3\xA9"));
    }

    void numericTextStaysText()
    {
        // '12abc' -> '1' would be stored as INTEGER 1 in a numeric column.
        for (const auto& value : minimize::simplerValues(Value::text("12abc"), Affinity::Integer)) {
            QVERIFY(value != Value::text("1") && value != Value::text("12"));
        }
        auto text = minimize::simplerValues(Value::text("12abc"), Affinity::Text);
        QCOMPARE(text.front(), Value::text("1"));
    }

    void integers()
    {
        auto out = minimize::simplerValues(Value::integer(57), Affinity::Integer);
        QCOMPARE(out.front(), Value::integer(0));
        QVERIFY(std::find(out.begin(), out.end(), Value::integer(50)) != out.end());
        QVERIFY(std::find(out.begin(), out.end(), Value::integer(28)) != out.end());
        auto negative = minimize::simplerValues(Value::integer(-347), Affinity::Numeric);
        QVERIFY(std::find(negative.begin(), negative.end(), Value::integer(-300)) != negative.end());
        QVERIFY(minimize::simplerValues(Value::integer(0), Affinity::Integer).empty());
        auto extreme = minimize::simplerValues(Value::integer(std::numeric_limits<int64_t>::min()), Affinity::Integer);
        QCOMPARE(extreme.front(), Value::integer(0));
        QVERIFY(minimize::simplerValues(Value::integer(5), Affinity::Real).empty());
    }

    void reals()
    {
        auto asInteger = minimize::simplerValues(Value::real(57.25), Affinity::Numeric);
        QCOMPARE(asInteger.front(), Value::integer(0));
        QVERIFY(std::find(asInteger.begin(), asInteger.end(), Value::integer(57)) != asInteger.end());
        auto asReal = minimize::simplerValues(Value::real(57.25), Affinity::Real);
        QCOMPARE(asReal.front(), Value::real(0.0));
        QVERIFY(std::find(asReal.begin(), asReal.end(), Value::real(57.0)) != asReal.end());
        for (const auto& value : asReal) QCOMPARE(value.type(), exec::ValueType::Real);
        QVERIFY(minimize::simplerValues(Value::real(0.0), Affinity::Real).empty());
        QVERIFY(minimize::simplerValues(Value::real(std::nan("")), Affinity::Real).empty());
        QVERIFY(minimize::simplerValues(Value::null(), Affinity::Integer).empty());
        QVERIFY(minimize::simplerValues(Value::blob("xyz"), Affinity::Blob).empty());
    }
};

QTEST_APPLESS_MAIN(TestMinimizeValues)
#include "test_minimize_values.moc"
