// The inspector's item models under QAbstractItemModelTester, on a real RunResult (the
// paper's Figure 1 run through SessionController) and on hand-built snapshots: neighbor
// grouping and the undistinguished filter, the separating database's marks, lazy
// fetching and highlighted rows, the schema tree.

#include "ui/models/neighbors_model.h"
#include "ui/models/schema_tree_model.h"
#include "ui/models/suite_databases_model.h"
#include "ui/models/table_rows_model.h"
#include "ui/models/undistinguished_filter_model.h"
#include "ui/session/session_controller.h"

#include "core/schema/ddl_loader.h"
#include "tests/ui/gui_test_main.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QIcon>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

constexpr auto kPeople = R"(CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);
INSERT INTO people (id, name, age) VALUES (1, 'Alice', 35), (2, 'Bob', 34), (3, 'Carol', 61), (4, 'Dan', 20);
)";

constexpr auto kShop = R"(
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE shop (code TEXT NOT NULL, city_id INTEGER REFERENCES city(id), rating REAL, PRIMARY KEY (code));
)";

suite::NeighborStatus neighbor(neighbors::MutationFamily family, std::string sql, SourceSpan span,
                               std::string replacement, int distinguishedBy)
{
    suite::NeighborStatus status;
    status.neighbor = {std::move(sql), family, span, std::move(replacement)};
    status.sqlRun = status.neighbor.sql;
    status.distinguishedBy = distinguishedBy;
    return status;
}

/// Gold "SELECT a FROM t WHERE a > 3": two constant neighbors, one operator neighbor.
ui::RunResultPtr handMadeNeighbors()
{
    auto result = std::make_shared<ui::RunResult>();
    suite::GoldReport gold;
    gold.goldSql = "SELECT a FROM t WHERE a > 3";
    gold.neighbors.push_back(neighbor(neighbors::MutationFamily::NumericConstant, "SELECT a FROM t WHERE a > 4", {24, 25}, "4", 0));
    gold.neighbors.push_back(neighbor(neighbors::MutationFamily::ComparisonOperator, "SELECT a FROM t WHERE a >= 3", {22, 23}, ">=", -1));
    gold.neighbors.push_back(neighbor(neighbors::MutationFamily::NumericConstant, "SELECT a FROM t WHERE a > 2", {24, 25}, "2", 1));
    result->distilled.golds.push_back(std::move(gold));
    return result;
}

// Built by appending: g++ 12 at -O3 warns falsely (-Wrestrict) on "s" + std::to_string(i).
std::string numbered(const char* prefix, int i)
{
    std::string out(prefix);
    out += std::to_string(i);
    return out;
}

std::shared_ptr<const schema::Schema> shopSchema()
{
    auto loaded = schema::loadSchemaFromDdl(kShop, "shop");
    if (!loaded) qFatal("%s", loaded.error().message.c_str());
    return std::make_shared<const schema::Schema>(std::move(*loaded));
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    ui::RunResultPtr m_figureOne;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath("people.sql");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kPeople);
        file.close();
        ui::Session session;
        session.schema = {ui::SchemaSourceKind::DdlFile, path, {}};
        session.gold = QStringLiteral("SELECT name FROM people WHERE age > 34");
        session.candidate = QStringLiteral("SELECT name FROM people");
        session.settings.seed = 3;
        ui::SessionController controller;
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        controller.run(session);
        QVERIFY(finished.wait(60000));
        m_figureOne = finished.takeFirst().at(0).value<ui::RunResultPtr>();
        QVERIFY(m_figureOne);
        QCOMPARE(m_figureOne->check.verdict, suite::VerdictKind::Different);
    }

    void neighborsGroupedByFamily()
    {
        ui::NeighborsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(m_figureOne);
        const auto& gold = m_figureOne->distilled.golds.front();
        const QString goldText = QString::fromStdString(gold.goldSql);
        QVERIFY(model.rowCount() > 1);
        std::size_t total = 0;
        int previousFamily = -1;
        for (int f = 0; f < model.rowCount(); ++f) {
            const QModelIndex family = model.index(f, 0);
            QVERIFY(family.data(ui::NeighborsModel::IsFamilyRole).toBool());
            const int familyId = family.data(ui::NeighborsModel::FamilyRole).toInt();
            QVERIFY(familyId > previousFamily);  // declaration order, each family once
            previousFamily = familyId;
            QVERIFY(model.rowCount(family) > 0);
            total += static_cast<std::size_t>(model.rowCount(family));
            for (int n = 0; n < model.rowCount(family); ++n) {
                const QModelIndex item = model.index(n, ui::NeighborsModel::SqlColumn, family);
                QCOMPARE(item.parent(), family);
                QVERIFY(!item.data(ui::NeighborsModel::IsFamilyRole).toBool());
                QCOMPARE(item.data(ui::NeighborsModel::FamilyRole).toInt(), familyId);
                const int by = item.data(ui::NeighborsModel::DistinguishingDatabaseRole).toInt();
                QVERIFY(by >= -1 && by < static_cast<int>(m_figureOne->databases.size()));
                const QString status = model.index(n, ui::NeighborsModel::StatusColumn, family).data().toString();
                if (by >= 0) QCOMPARE(status, QStringLiteral("distinguished by #%1").arg(by));
                QCOMPARE(item.data(ui::NeighborsModel::UndistinguishedRole).toBool(),
                         status == QStringLiteral("⚠ undistinguished"));
                // The diff roles rebuild the neighbor from the gold text.
                const int begin = item.data(ui::NeighborsModel::GoldSpanBeginRole).toInt();
                const int end = item.data(ui::NeighborsModel::GoldSpanEndRole).toInt();
                if (begin < 0) continue;
                QVERIFY(begin <= end && end <= goldText.size());
                QString rebuilt = item.data(ui::NeighborsModel::GoldTextRole).toString();
                rebuilt.replace(begin, end - begin, item.data(ui::NeighborsModel::ReplacementRole).toString());
                QCOMPARE(rebuilt, item.data().toString());
            }
        }
        QCOMPARE(total, gold.neighbors.size());
        model.setResult(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void undistinguishedFilter()
    {
        ui::NeighborsModel model;
        ui::UndistinguishedFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(handMadeNeighbors());

        QCOMPARE(model.rowCount(), 2);  // numeric constants, comparison operators
        const QModelIndex numeric = model.index(0, 0);
        QCOMPARE(model.rowCount(numeric), 2);
        QCOMPARE(numeric.data().toString(), QStringLiteral("Numeric constant (2)"));
        QCOMPARE(model.index(1, ui::NeighborsModel::StatusColumn, numeric).data().toString(),
                 QStringLiteral("distinguished by #1"));
        const QModelIndex operators = model.index(1, 0);
        QVERIFY(operators.data(ui::NeighborsModel::UndistinguishedRole).toBool());
        QCOMPARE(model.index(0, ui::NeighborsModel::StatusColumn, operators).data().toString(),
                 QStringLiteral("⚠ undistinguished"));
        const QModelIndex op = model.index(0, 0, operators);
        QCOMPARE(op.data(ui::NeighborsModel::GoldSpanBeginRole).toInt(), 22);
        QCOMPARE(op.data(ui::NeighborsModel::GoldSpanEndRole).toInt(), 23);
        QCOMPARE(op.data(ui::NeighborsModel::ReplacementRole).toString(), QStringLiteral(">="));
        QCOMPARE(op.data(ui::NeighborsModel::DistinguishingDatabaseRole).toInt(), -1);

        QCOMPARE(proxy.rowCount(), 2);
        proxy.setUndistinguishedOnly(true);
        QCOMPARE(proxy.rowCount(), 1);
        const QModelIndex family = proxy.index(0, 0);
        QCOMPARE(family.data(ui::NeighborsModel::FamilyRole).toInt(),
                 static_cast<int>(neighbors::MutationFamily::ComparisonOperator));
        QCOMPARE(proxy.rowCount(family), 1);
        QCOMPARE(proxy.index(0, 0, family).data().toString(), QStringLiteral("SELECT a FROM t WHERE a >= 3"));
        proxy.setUndistinguishedOnly(false);
        QCOMPARE(proxy.rowCount(), 2);
    }

    void suiteDatabasesMarkTheSeparatingOne()
    {
        ui::SuiteDatabasesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(m_figureOne);
        QCOMPARE(model.rowCount(), static_cast<int>(m_figureOne->databases.size()));
        const int separating = model.separatingRow();
        QCOMPARE(separating, m_figureOne->check.separatingDatabase);
        for (int row = 0; row < model.rowCount(); ++row) {
            const bool marked = row == separating;
            QCOMPARE(model.index(row, 0).data(ui::SuiteDatabasesModel::SeparatingRole).toBool(), marked);
            QCOMPARE(model.index(row, 0).data().toString(), QStringLiteral("#%1").arg(row));
            const QString status = model.index(row, ui::SuiteDatabasesModel::StatusColumn).data().toString();
            QCOMPARE(status.contains(QStringLiteral("separates")), marked);
            QCOMPARE(model.index(row, ui::SuiteDatabasesModel::LabelColumn).data(Qt::BackgroundRole).isValid(), marked);
            const QVariant icon = model.index(row, ui::SuiteDatabasesModel::IndexColumn).data(Qt::DecorationRole);
            QCOMPARE(icon.isValid() && !icon.value<QIcon>().isNull(), marked);
            QCOMPARE(model.index(row, ui::SuiteDatabasesModel::RowsColumn).data().toULongLong(),
                     static_cast<qulonglong>(m_figureOne->databases[static_cast<std::size_t>(row)].content.rowCount()));
        }
        const QModelIndex marked = model.index(separating, ui::SuiteDatabasesModel::StatusColumn);
        QCOMPARE(marked.data(ui::SuiteDatabasesModel::StatusRole).toInt(), static_cast<int>(ui::DatabaseStatus::Different));
        QCOMPARE(marked.data().toString(), QStringLiteral("Different — separates"));
        QVERIFY(!marked.data(Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(!model.index(99, 0).data().isValid());
    }

    void tableRowsFetchLazily()
    {
        auto content = std::make_shared<schema::DatabaseContent>();
        schema::TableRows shops{"shop", {}};
        for (int i = 0; i < 1000; ++i) {
            shops.rows.push_back({exec::Value::text(numbered("s", i)),
                                  i % 7 == 0 ? exec::Value::null() : exec::Value::integer(i % 3),
                                  exec::Value::real(i / 2.0)});
        }
        content->tables.push_back(std::move(shops));

        ui::TableRowsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTable(shopSchema(), content, QStringLiteral("shop"));
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QCOMPARE(model.totalRowCount(), 1000);
        QCOMPARE(model.rowCount(), ui::TableRowsModel::kChunkSize);
        QCOMPARE(model.columnCount(), 3);
        int chunks = 0;
        while (model.canFetchMore({})) {
            const int before = model.rowCount();
            model.fetchMore({});
            QVERIFY(model.rowCount() > before);
            QVERIFY(model.rowCount() - before <= ui::TableRowsModel::kChunkSize);
            ++chunks;
        }
        QCOMPARE(chunks, 3);  // 256 + 256 + 256 + 232
        QCOMPARE(inserted.count(), 3);
        QCOMPARE(model.rowCount(), 1000);

        const QModelIndex null = model.index(7, 1);
        QVERIFY(null.data(ui::TableRowsModel::IsNullRole).toBool());
        QCOMPARE(null.data().toString(), QStringLiteral("NULL"));
        QVERIFY(null.data(Qt::ForegroundRole).isValid());
        QVERIFY(!model.index(8, 1).data(ui::TableRowsModel::IsNullRole).toBool());
        QCOMPARE(model.index(999, 0).data().toString(), QStringLiteral("s999"));
        // Foreign-key columns say where they point, on cells and in the header.
        QCOMPARE(model.index(0, 1).data(ui::TableRowsModel::ForeignKeyTableRole).toString(), QStringLiteral("city"));
        QCOMPARE(model.headerData(1, Qt::Horizontal, ui::TableRowsModel::ForeignKeyColumnRole).toString(), QStringLiteral("id"));
        QVERIFY(!model.index(0, 0).data(ui::TableRowsModel::ForeignKeyTableRole).isValid());
        QVERIFY(model.headerData(0, Qt::Horizontal, ui::TableRowsModel::PrimaryKeyRole).toBool());
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("rating"));
    }

    void findRowFetchesUpToIt()
    {
        auto content = std::make_shared<schema::DatabaseContent>();
        schema::TableRows cities{"city", {}};
        for (int i = 0; i < 600; ++i) cities.rows.push_back({exec::Value::integer(i), exec::Value::text(numbered("c", i))});
        content->tables.push_back(std::move(cities));
        ui::TableRowsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTable(shopSchema(), content, QStringLiteral("city"));
        const QModelIndex found = model.findRow(QStringLiteral("id"), QVariant::fromValue<qlonglong>(540));
        QVERIFY(found.isValid());
        QCOMPARE(found.row(), 540);
        QVERIFY(model.rowCount() > 540);
        QVERIFY(!model.findRow(QStringLiteral("id"), QVariant::fromValue<qlonglong>(9999)).isValid());
        QVERIFY(!model.findRow(QStringLiteral("nope"), 1).isValid());
    }

    // The minimizer's provenance decides which rows are kept, not their values: row 1's
    // price was simplified and row 3 is unchanged; rows 0 and 3 hold equal values and
    // only row 3 is the source.
    void highlightedRowsFollowTheProvenance()
    {
        auto result = std::make_shared<ui::RunResult>();
        result->schema = *shopSchema();
        schema::TableRows full{"shop", {}};
        for (int i = 0; i < 5; ++i)
            full.rows.push_back({exec::Value::text(numbered("s", i)), exec::Value::integer(i), exec::Value::real(i)});
        full.rows[0] = full.rows[3];
        ui::SuiteDatabaseView separating;
        separating.label = QStringLiteral("sample 4");
        separating.separating = true;
        separating.content.tables.push_back(full);
        result->databases.push_back(ui::SuiteDatabaseView{});
        result->databases.push_back(separating);
        result->check.separatingDatabase = 1;
        schema::DatabaseContent kept;
        kept.tables.push_back(schema::TableRows{"shop", {full.rows[1], full.rows[3]}});
        kept.tables[0].rows[0][2] = exec::Value::real(0);
        result->counterexample = kept;
        result->counterexampleSourceRows = {{1, 3}};

        ui::TableRowsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.showSuiteDatabase(result, 1, QStringLiteral("shop"));
        for (int row = 0; row < 5; ++row) {
            const bool expected = row == 1 || row == 3;
            QCOMPARE(model.index(row, 0).data(ui::TableRowsModel::HighlightedRole).toBool(), expected);
            QCOMPARE(model.index(row, 0).data(Qt::BackgroundRole).isValid(), expected);
            // Marked beyond the tint: in the row header and the tooltip.
            QCOMPARE(model.headerData(row, Qt::Vertical).toString().contains(QStringLiteral("◆")), expected);
            QCOMPARE(model.index(row, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("keeps")), expected);
        }
        // The simplified price shows the counterexample's value beside the original.
        const QModelIndex price = model.index(1, 2);
        QCOMPARE(price.data(ui::TableRowsModel::OriginalValueRole).toDouble(), 1.0);
        QCOMPARE(price.data(ui::TableRowsModel::ValueRole).toDouble(), 1.0);
        QCOMPARE(price.data().toString(), QStringLiteral("0 ← 1"));
        QVERIFY2(price.data(Qt::ToolTipRole).toString().contains(QStringLiteral("simplified by the minimizer from 1 in "
                                                                                 "database #1 (sample 4)")),
                 qPrintable(price.data(Qt::ToolTipRole).toString()));
        QVERIFY(!model.index(3, 2).data(ui::TableRowsModel::OriginalValueRole).isValid());

        model.showCounterexample(result, QStringLiteral("shop"));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("0 ← 1"));
        QCOMPARE(model.index(0, 2).data(ui::TableRowsModel::ValueRole).toDouble(), 0.0);
        QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Row 4 of database #1")));
    }

    void realSeparatingDatabaseHighlightsItsCounterexample()
    {
        ui::TableRowsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int separating = m_figureOne->check.separatingDatabase;
        model.showSuiteDatabase(m_figureOne, separating, QStringLiteral("people"));
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.totalRowCount(),
                 static_cast<int>(m_figureOne->databases[static_cast<std::size_t>(separating)].content.rowCount()));
        int highlighted = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            highlighted += model.index(row, 0).data(ui::TableRowsModel::HighlightedRole).toBool() ? 1 : 0;
        QCOMPARE(highlighted, static_cast<int>(m_figureOne->counterexample->rowCount()));

        model.showCounterexample(m_figureOne, QStringLiteral("people"));
        QCOMPARE(model.rowCount(), 1);
        model.showSuiteDatabase(m_figureOne, 42, QStringLiteral("people"));
        QCOMPARE(model.rowCount(), 0);
    }

    void schemaTree()
    {
        ui::SchemaTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSchema(shopSchema());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.tableRow(QStringLiteral("SHOP")), 1);
        const QModelIndex city = model.index(0, 0);
        QCOMPARE(city.data().toString(), QStringLiteral("city"));
        QVERIFY(city.data(ui::SchemaTreeModel::IsTableRole).toBool());
        QCOMPARE(model.rowCount(city), 2);
        const QModelIndex name = model.index(1, ui::SchemaTreeModel::MarkersColumn, city);
        QCOMPARE(name.data().toString(), QStringLiteral("NOT NULL UNIQUE"));
        QCOMPARE(model.index(0, ui::SchemaTreeModel::MarkersColumn, city).data().toString(), QStringLiteral("PK"));

        const QModelIndex shop = model.index(1, 0);
        const QModelIndex cityId = model.index(1, ui::SchemaTreeModel::NameColumn, shop);
        QCOMPARE(cityId.data().toString(), QStringLiteral("city_id"));
        QCOMPARE(cityId.parent(), shop);
        QCOMPARE(model.index(1, ui::SchemaTreeModel::TypeColumn, shop).data().toString(), QStringLiteral("INTEGER"));
        QCOMPARE(model.index(1, ui::SchemaTreeModel::MarkersColumn, shop).data().toString(), QStringLiteral("FK"));
        QCOMPARE(model.index(1, ui::SchemaTreeModel::TargetColumn, shop).data().toString(), QStringLiteral("→ city.id"));
        QCOMPARE(cityId.data(ui::SchemaTreeModel::ForeignKeyTableRole).toString(), QStringLiteral("city"));
        QCOMPARE(cityId.data(ui::SchemaTreeModel::TableNameRole).toString(), QStringLiteral("shop"));
        QVERIFY(model.index(0, 0, shop).data(ui::SchemaTreeModel::PrimaryKeyRole).toBool());
        QVERIFY(model.index(0, 0, shop).data(ui::SchemaTreeModel::NotNullRole).toBool());
        QVERIFY(!model.index(2, 0, shop).data(ui::SchemaTreeModel::ForeignKeyTableRole).isValid());

        model.setSchema(std::shared_ptr<const schema::Schema>(m_figureOne, &m_figureOne->schema));
        QCOMPARE(model.rowCount(), 1);
        model.setSchema(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

SQLEQ_GUI_TEST_MAIN(TestModels)
#include "test_models.moc"
