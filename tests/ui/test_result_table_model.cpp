// ResultTableModel over an exec::ResultSet: model invariants, NULL and highlight roles.

#include "ui/models/result_table_model.h"
#include "tests/ui/gui_test_main.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace sqleq;

class TestResultTableModel : public QObject {
    Q_OBJECT

private slots:
    void exposesValuesAndRoles()
    {
        auto result = std::make_shared<exec::ResultSet>();
        result->columnNames = {"name", "age"};
        result->rows = {{exec::Value::text("Alice"), exec::Value::integer(35)},
                        {exec::Value::null(), exec::Value::real(2.5)}};

        ui::ResultTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(result, {1});

        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("age"));
        QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("Alice"));
        QCOMPARE(model.data(model.index(0, 1)).toLongLong(), 35LL);
        QVERIFY(model.data(model.index(1, 0), ui::ResultTableModel::IsNullRole).toBool());
        QCOMPARE(model.data(model.index(1, 0)).toString(), QStringLiteral("NULL"));
        QCOMPARE(model.data(model.index(1, 1), ui::ResultTableModel::StorageClassRole).toString(),
                 QStringLiteral("REAL"));
        QVERIFY(!model.data(model.index(0, 0), ui::ResultTableModel::HighlightedRole).toBool());
        QVERIFY(model.data(model.index(1, 0), ui::ResultTableModel::HighlightedRole).toBool());
        QVERIFY(!model.data(model.index(5, 0)).isValid());
    }

    void emptyUntilSet()
    {
        ui::ResultTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 0);
    }
};

SQLEQ_GUI_TEST_MAIN(TestResultTableModel)
#include "test_result_table_model.moc"
