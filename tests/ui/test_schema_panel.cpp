// The schema panel's sources: column descriptions from a database_description folder
// beside a tables.json become the schema tree's tooltips (fixture, and BIRD's real
// files when the corpus is present); a source without such a folder keeps the type-only
// tooltip; and a real Spider database opened in the main window is the suite's first
// database, with its real rows.
#include "gui_test_support.h"

#include "ui/models/schema_tree_model.h"
#include "ui/widgets/schema_panel.h"
#include "tests/corpus_skip.h"
#include "tests/ui/gui_test_main.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QCompleter>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QPainter>
#include <QToolTip>
#include <QTreeView>

#include <filesystem>

#include <sqlite3.h>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const QString kFixture = QStringLiteral(SQLEQ_SOURCE_DIR "/tests/data/column_descriptions/shop");
const fs::path kCorpus = SQLEQ_CORPUS_DIR;

/// The label QToolTip shows, when one is up.
QLabel* findTip()
{
    for (QWidget* widget : QApplication::topLevelWidgets()) {
        if (widget->inherits("QTipLabel")) return qobject_cast<QLabel*>(widget);
    }
    return nullptr;
}

/// Shows the tooltip of `index` as hovering it would; the label shown, or null.
QLabel* showToolTip(ui::SchemaPanel& panel, const QModelIndex& index)
{
    const QRect cell = panel.view()->visualRect(index);
    const QPoint at = panel.view()->viewport()->mapToGlobal(cell.center());
    QToolTip::showText(at, index.data(Qt::ToolTipRole).toString(), panel.view()->viewport());
    QLabel* tip = nullptr;
    const bool shown = QTest::qWaitFor([&] {
        tip = findTip();
        return tip != nullptr && tip->isVisible();
    }, 60'000);
    return shown ? tip : nullptr;
}

/// With SQLEQ_SCREENSHOT_DIR set: the panel with `tip` drawn where it appears, for the
/// documentation (docs/inspector.md; an offscreen grab leaves tooltips out).
void saveScreenshot(ui::SchemaPanel& panel, QLabel& tip, const QString& name)
{
    const QString dir = qEnvironmentVariable("SQLEQ_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    const QPoint tipAt = panel.mapFromGlobal(tip.pos());
    const QRect area = QRect(QPoint(0, 0), panel.size()).united(QRect(tipAt, tip.size()));
    QImage image(area.size(), QImage::Format_ARGB32);
    image.fill(panel.palette().window().color());
    QPainter painter(&image);
    painter.drawPixmap(-area.topLeft(), panel.grab());
    painter.drawPixmap(tipAt - area.topLeft(), tip.grab());
    painter.end();
    QVERIFY(image.save(dir + "/" + name));
}

/// The tooltip of `table`.`column` in the panel's tree; empty when absent.
QString columnToolTip(const ui::SchemaPanel& panel, const QString& table, const QString& column)
{
    const QAbstractItemModel* model = panel.view()->model();
    for (int t = 0; t < model->rowCount(); ++t) {
        const QModelIndex tableIndex = model->index(t, 0);
        if (tableIndex.data().toString().compare(table, Qt::CaseInsensitive) != 0) continue;
        for (int c = 0; c < model->rowCount(tableIndex); ++c) {
            const QModelIndex columnIndex = model->index(c, 0, tableIndex);
            if (columnIndex.data().toString().compare(column, Qt::CaseInsensitive) == 0)
                return columnIndex.data(Qt::ToolTipRole).toString();
        }
    }
    return {};
}

} // namespace

class TestSchemaPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { sqleq::test::useTestSettings(m_settings); }

    void descriptionsBesideTablesJsonBecomeTooltips()
    {
        ui::SchemaPanel panel;
        QAbstractItemModelTester tester(panel.view()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, kFixture + "/tables.json", "shop"}, &error),
                 qPrintable(error));
        const QString name = columnToolTip(panel, "item", "name");
        QVERIFY2(name.contains("(item name)"), qPrintable(name));
        QVERIFY2(name.contains("the name of the item,<br/>as printed on the label"), qPrintable(name));
        QVERIFY2(name.contains("Format:</i> text"), qPrintable(name));
        QVERIFY2(Qt::mightBeRichText(name), qPrintable(name));  // so that a long description wraps
        const QString price = columnToolTip(panel, "item", "price");
        QVERIFY2(price.contains("Values:</i> commonsense evidence:<br/>prices are &quot;net&quot; of tax"),
                 qPrintable(price));
        const QString country = columnToolTip(panel, "maker", "country");
        QVERIFY2(country.contains(QString::fromUtf8("\u2022 DE: Germany")), qPrintable(country));

        const auto* caption = panel.findChild<QLabel*>();
        QVERIFY(caption != nullptr);
        QVERIFY2(caption->text().contains("column descriptions"), qPrintable(caption->text()));
        QVERIFY2(caption->toolTip().contains("database_description/shop (6 columns)"), qPrintable(caption->toolTip()));
    }

    void withoutDescriptionsTheTooltipIsTheType()
    {
        QTemporaryDir dir;
        const QString tables = dir.filePath("tables.json");
        QVERIFY(QFile::copy(kFixture + "/tables.json", tables));
        ui::SchemaPanel panel;
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, tables, "shop"}, &error), qPrintable(error));
        const QString name = columnToolTip(panel, "item", "name");
        QVERIFY2(name.startsWith("TEXT (affinity"), qPrintable(name));
        QVERIFY(!panel.findChild<QLabel*>()->text().contains("column descriptions"));
    }

    void birdDescriptionsOnTheRealSchemas()
    {
        const fs::path bird = kCorpus.parent_path() / "bird";
        SQLEQ_SKIP_WITHOUT_CORPUS(bird / "dev_tables.json", bird / "database_description");
        ui::SchemaPanel panel;
        const QString tables = QString::fromStdString((bird / "dev_tables.json").string());
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, tables, "superhero"}, &error), qPrintable(error));
        const QString fullName = columnToolTip(panel, "superhero", "full_name");
        QVERIFY2(fullName.contains("the full name of the superhero"), qPrintable(fullName));
        // Another db_id picked: its own folder.
        QVERIFY2(panel.trySource({ui::SchemaSourceKind::SpiderTables, tables, "california_schools"}, &error),
                 qPrintable(error));
        const QString zip = columnToolTip(panel, "schools", "MailZip");
        QVERIFY2(zip.contains("mailing zip"), qPrintable(zip));

        // A long value description, shown as hovering shows it.
        QVERIFY(panel.trySource({ui::SchemaSourceKind::SpiderTables, tables, "superhero"}, &error));
        panel.resize(760, 520);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QAbstractItemModel* model = panel.view()->model();
        const QModelIndex alignment = model->index(1, 0, model->index(0, 0));
        QCOMPARE(alignment.data().toString(), QStringLiteral("alignment"));
        QLabel* tip = showToolTip(panel, alignment);
        QVERIFY(tip != nullptr);
        QVERIFY2(tip->text().contains(QString::fromUtf8("\u2022\tBad:")), qPrintable(tip->text()));
        saveScreenshot(panel, *tip, "schema-tooltip-bird.png");
        QToolTip::hideText();
    }

    void longDescriptionsWrapInTheShownTooltip()
    {
        ui::SchemaPanel panel;
        panel.resize(520, 420);
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, kFixture + "/tables.json", "shop"}, &error),
                 qPrintable(error));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QAbstractItemModel* model = panel.view()->model();
        const QModelIndex price = model->index(2, 0, model->index(0, 0));
        QCOMPARE(price.data().toString(), QStringLiteral("price"));
        QLabel* tip = showToolTip(panel, price);
        QVERIFY(tip != nullptr);
        QVERIFY(tip->wordWrap());
        QVERIFY(tip->textFormat() != Qt::PlainText);
        saveScreenshot(panel, *tip, "schema-tooltip-fixture.png");
        QToolTip::hideText();
    }

    void originalSpiderDatabaseIsTheFirstSuiteDatabaseWithItsRows()
    {
        const fs::path database = kCorpus / "database" / "concert_singer" / "concert_singer.sqlite";
        SQLEQ_SKIP_WITHOUT_CORPUS(database);
        QTemporaryDir dir;
        ui::Session session;
        session.schema = {ui::SchemaSourceKind::SqliteFile, QString::fromStdString(database.string()), {}};
        session.gold = QStringLiteral("SELECT count(*) FROM singer WHERE age > 30");
        session.candidate = QStringLiteral("SELECT count(*) FROM singer WHERE age > 40");
        session.settings.samplingBudget = 100;
        const QString path = dir.filePath("concert.sqleq");
        QString error;
        QVERIFY2(ui::saveSession(session, path, &error), qPrintable(error));

        ui::MainWindow window;
        sqleq::test::runToVerdict(window, path);
        const auto result = window.lastResult();
        QVERIFY(result != nullptr);
        QVERIFY(!result->databases.empty());
        const auto& first = result->databases.front();
        QCOMPARE(first.label, QStringLiteral("original"));
        QVERIFY(first.separating);
        const auto* singers = first.content.find("singer");
        QVERIFY(singers != nullptr);
        QCOMPARE(singers->rows.size(), std::size_t(6));  // the real concert_singer has six singers
        QCOMPARE(window.schemaPanel()->view()->model()->rowCount(), 4);
    }

    void dbIdsAreSortedFilterableAndKeepTheLastOne()
    {
        // A tables.json whose db_ids are not in order: the bundled concerts schema thrice.
        QFile in(QStringLiteral(":/examples/audit/tables.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QJsonObject concerts = QJsonDocument::fromJson(in.readAll()).array().first().toObject();
        QJsonArray schemas;
        for (const char* id : {"zoo", "concerts", "Apple"}) {
            QJsonObject copy = concerts;
            copy.insert(QStringLiteral("db_id"), QString::fromLatin1(id));
            schemas.append(copy);
        }
        QTemporaryDir dir;
        QFile out(dir.filePath(QStringLiteral("tables.json")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(schemas).toJson());
        out.close();

        ui::SchemaPanel panel;
        QString error;
        QVERIFY2(panel.openPath(out.fileName(), &error), qPrintable(error));
        QComboBox* picker = panel.dbIdPicker();
        QStringList listed;
        for (int i = 0; i < picker->count(); ++i) listed << picker->itemText(i);
        QCOMPARE(listed, (QStringList{QStringLiteral("Apple"), QStringLiteral("concerts"), QStringLiteral("zoo")}));
        QCOMPARE(panel.source().dbId, QStringLiteral("Apple"));  // nothing before: the first in order

        // Typing filters the list by any part of the name, in any case.
        QCompleter* filter = picker->completer();
        QVERIFY(filter);
        filter->setCompletionPrefix(QStringLiteral("CERT"));
        QCOMPARE(filter->completionCount(), 1);
        QCOMPARE(filter->currentCompletion(), QStringLiteral("concerts"));

        // Reopened (or another copy of it): the db_id one was working on stays.
        picker->setCurrentIndex(2);
        emit picker->activated(2);
        QCOMPARE(panel.source().dbId, QStringLiteral("zoo"));
        QVERIFY2(panel.openPath(out.fileName(), &error), qPrintable(error));
        QCOMPARE(panel.source().dbId, QStringLiteral("zoo"));
    }

    void originalDatabaseBesideTablesJsonIsDatabaseZero()
    {
        const fs::path tables = kCorpus / "tables.json";
        const fs::path database = kCorpus / "database" / "concert_singer" / "concert_singer.sqlite";
        SQLEQ_SKIP_WITHOUT_CORPUS(database);
        QTemporaryDir dir;
        ui::Session session;
        session.schema = {ui::SchemaSourceKind::SpiderTables, QString::fromStdString(tables.string()),
                          QStringLiteral("concert_singer"), {}};
        session.gold = QStringLiteral("SELECT count(*) FROM singer WHERE age > 30");
        session.candidate = QStringLiteral("SELECT count(*) FROM singer WHERE age > 40");
        session.settings.samplingBudget = 100;
        const QString path = dir.filePath("spider.sqleq");
        QString error;
        QVERIFY2(ui::saveSession(session, path, &error), qPrintable(error));
        ui::MainWindow window;
        sqleq::test::runToVerdict(window, path);
        const auto result = window.lastResult();
        QVERIFY(result != nullptr && !result->databases.empty());
        QCOMPARE(result->databases.front().label, QStringLiteral("original"));
        QCOMPARE(result->databases.front().content.find("singer")->rows.size(), std::size_t(6));
    }

    /// A tables.json whose key is cut to its first column, the original beside it
    /// declaring the whole key and a CHECK: the tree shows the original's constraints and
    /// the panel says, once, where tables.json differed.
    void theOriginalsConstraintsAreShownAndSaid()
    {
        QTemporaryDir dir;
        const QString json = QStringLiteral(R"({"db_id": "air", "table_names_original": ["flights"],
            "table_names": ["flights"], "column_names_original": [[-1, "*"], [0, "Airline"], [0, "FlightNo"], [0, "Source"]],
            "column_names": [[-1, "*"], [0, "airline"], [0, "flight no"], [0, "source"]],
            "column_types": ["text", "number", "number", "text"], "primary_keys": [1], "foreign_keys": []})");
        QFile tables(dir.filePath("tables.json"));
        QVERIFY(tables.open(QIODevice::WriteOnly));
        tables.write(("[" + json + "]").toUtf8());
        tables.close();
        QVERIFY(QDir(dir.path()).mkpath("database/air"));
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(dir.filePath("database/air/air.sqlite").toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db,
                              "CREATE TABLE flights (Airline INTEGER, FlightNo INTEGER, "
                              "Source TEXT CHECK (length(Source) = 3), PRIMARY KEY (Airline, FlightNo))",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        ui::SchemaPanel panel;
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, dir.filePath("tables.json"), QStringLiteral("air"), {}},
                                 &error),
                 qPrintable(error));
        QCOMPARE(panel.constraintNote(),
                 QStringLiteral("Constraints from the original database: tables.json gives flights.Airline as the key; "
                                "the original database declares (Airline, FlightNo), which is used."));
        const QAbstractItemModel* model = panel.view()->model();
        const QString markers = model->index(0, ui::SchemaTreeModel::MarkersColumn).data().toString();
        QVERIFY2(markers.contains(QStringLiteral("PK (Airline, FlightNo)")), qPrintable(markers));
        QVERIFY2(markers.contains(QStringLiteral("1 CHECK")), qPrintable(markers));
        QCOMPARE(model->index(3, 0, model->index(0, 0)).data().toString(), QStringLiteral("PRIMARY KEY (Airline, FlightNo)"));
        QCOMPARE(model->index(4, 0, model->index(0, 0)).data().toString(), QStringLiteral("CHECK (length(Source) = 3)"));
        const QModelIndex flightNo = model->index(1, ui::SchemaTreeModel::MarkersColumn, model->index(0, 0));
        QVERIFY(flightNo.data().toString().contains(QStringLiteral("PK")));
    }

    /// A DDL's composite primary key and CHECK constraints are rows of the tree, under
    /// their table's columns, in the Name column a narrow panel shows; each column of the
    /// key says its place in it, a column a CHECK reads says so.
    void aDdlsCompositeKeyAndChecksAreRowsOfTheTree()
    {
        QTemporaryDir dir;
        QFile ddl(dir.filePath(QStringLiteral("air.sql")));
        QVERIFY(ddl.open(QIODevice::WriteOnly));
        ddl.write("CREATE TABLE flights (Airline INTEGER, FlightNo INTEGER, Source TEXT CHECK (length(Source) = 3),\n"
                  "  Seats INTEGER, PRIMARY KEY (Airline, FlightNo), CHECK (Seats > 0));\n");
        ddl.close();
        ui::SchemaPanel panel;
        panel.resize(320, 400);
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::DdlFile, ddl.fileName(), {}, {}}, &error), qPrintable(error));
        const QAbstractItemModel* model = panel.view()->model();
        const QModelIndex flights = model->index(0, 0);
        QStringList names;
        for (int row = 0; row < model->rowCount(flights); ++row) names << model->index(row, 0, flights).data().toString();
        QCOMPARE(names, (QStringList{QStringLiteral("Airline"), QStringLiteral("FlightNo"), QStringLiteral("Source"),
                                     QStringLiteral("Seats"), QStringLiteral("PRIMARY KEY (Airline, FlightNo)"),
                                     QStringLiteral("CHECK (length(Source) = 3)"), QStringLiteral("CHECK (Seats > 0)")}));
        const QModelIndex key = model->index(4, 0, flights);
        QVERIFY(!key.data(ui::SchemaTreeModel::IsTableRole).toBool());
        QVERIFY(!key.data(ui::SchemaTreeModel::ColumnNameRole).isValid());  // not a column
        const auto markers = [&](int row) { return model->index(row, ui::SchemaTreeModel::MarkersColumn, flights).data().toString(); };
        QCOMPARE(markers(0), QStringLiteral("PK 1/2"));
        QCOMPARE(markers(1), QStringLiteral("PK 2/2"));
        QCOMPARE(markers(2), QStringLiteral("CHECK"));
        QCOMPARE(markers(3), QStringLiteral("CHECK"));
        // In view in a narrow panel, not in a column scrolled off to the right.
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.view()->expandAll();
        const QRect shown = panel.view()->visualRect(model->index(5, 0, flights));
        QVERIFY(shown.isValid() && shown.left() < panel.view()->viewport()->width() / 2);
    }

private:
    QTemporaryDir m_settings;
};

SQLEQ_GUI_TEST_MAIN(TestSchemaPanel)
#include "test_schema_panel.moc"
