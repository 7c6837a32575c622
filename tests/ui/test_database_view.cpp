// The database view on a `different` verdict, offscreen, over the bundled "oldest
// singer" example (schema order: stadium, singer, concert, singer_in_concert; both
// queries read only singer): it opens on the table whose rows separate the pair, folds
// the tables neither query reads into one line, marks the kept rows of the full
// database, shows simplified values beside their originals, and names the separating
// database the same way as the banner and the suite table. A hand-built world_1-like
// result checks the rest: the view opens on the column the queries read (never on a
// NULL neither reads), the full database scrolls to the kept row, and a database kept
// whole marks no row.

#include "core/inspect/clause_diff.h"
#include "core/schema/ddl_loader.h"
#include "ui/main_window.h"
#include "ui/models/database_naming.h"
#include "ui/models/neighbors_model.h"
#include "ui/models/suite_databases_model.h"
#include "ui/models/table_rows_model.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/neighbors_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractItemModelTester>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

#include <numeric>

using namespace sqleq;
using ui::DatabaseView;
using ui::MainWindow;
using ui::TableRowsModel;

namespace {

const QString kOldestSinger = QStringLiteral(":/examples/oldest-singer.sqleq");

const QString kConcertCount = QStringLiteral(":/examples/concert-count-join.sqleq");

// world_1's country table: IndepYear (column 5) may be NULL, GovernmentForm (column 11)
// lies past the right edge of a narrow view.
constexpr const char* kCountryDdl = R"(
CREATE TABLE country (Code TEXT PRIMARY KEY, Name TEXT NOT NULL, Continent TEXT NOT NULL, Region TEXT NOT NULL,
    SurfaceArea REAL NOT NULL, IndepYear INTEGER, Population INTEGER NOT NULL, LifeExpectancy REAL, GNP REAL,
    GNPOld REAL, LocalName TEXT NOT NULL, GovernmentForm TEXT NOT NULL, HeadOfState TEXT, Capital INTEGER,
    Code2 TEXT NOT NULL);
)";
constexpr int kIndepYear = 5;
constexpr int kGovernmentForm = 11;
constexpr std::size_t kCountries = 48;
constexpr std::size_t kFederal = 27;  ///< the one country whose government form contains "Republic" but is not it

exec::Row country(std::size_t index, bool simplified = false)
{
    const std::string code = "C" + std::to_string(index);
    const bool federal = index == kFederal;
    return {exec::Value::text(code), exec::Value::text(simplified ? "C" : "Country number " + std::to_string(index)),
            exec::Value::text("Africa"), exec::Value::text("Eastern Africa"), exec::Value::real(1000.0),
            index % 2 == 0 || simplified ? exec::Value::null() : exec::Value::integer(1960), exec::Value::integer(1000),
            exec::Value::real(60.0), exec::Value::real(10.0), exec::Value::real(9.0), exec::Value::text(code),
            exec::Value::text(federal ? "Federal Republic" : "Monarchy"), exec::Value::text("Head"),
            exec::Value::integer(1), exec::Value::text("CC")};
}

exec::QueryOutcome count(std::int64_t value)
{
    exec::QueryOutcome outcome;
    outcome.status = exec::OutcomeStatus::Rows;
    outcome.result.rows.push_back({exec::Value::integer(value)});
    return outcome;
}

/// The LIKE pair on 48 countries, IndepYear NULL in every other one; the counterexample
/// keeps country row 27, its IndepYear simplified to NULL (minimized), or every row (`whole`).
ui::RunResultPtr governmentFormResult(bool whole)
{
    auto result = std::make_shared<ui::RunResult>();
    auto schema = schema::loadSchemaFromDdl(kCountryDdl, "world");
    if (!schema) qFatal("%s", schema.error().message.c_str());
    result->schema = std::move(*schema);
    result->check.verdict = suite::VerdictKind::Different;
    result->check.goldUsed = "SELECT count(*) FROM country WHERE GovernmentForm = 'Republic'";
    result->check.candidateUsed = "SELECT count(*) FROM country WHERE GovernmentForm LIKE '%Republic%'";
    result->check.separatingDatabase = 0;
    result->diagnosis.clauses = inspect::diffClauses(result->check.goldUsed, result->check.candidateUsed);
    ui::SuiteDatabaseView original;
    original.label = QStringLiteral("original");
    original.status = ui::DatabaseStatus::Different;
    original.separating = true;
    std::vector<exec::Row> rows;
    for (std::size_t i = 0; i < kCountries; ++i) rows.push_back(country(i));
    original.content.tables.push_back({"country", rows});
    original.goldOutcome = count(0);
    original.candidateOutcome = count(1);
    result->databases.push_back(original);
    result->tablesRead = {"country"};
    result->counterexampleRowsBefore = kCountries;
    result->counterexampleGold = count(0);
    result->counterexampleCandidate = count(1);
    schema::DatabaseContent counterexample;
    if (whole) {
        counterexample = original.content;
        std::vector<std::size_t> identity(kCountries);
        std::iota(identity.begin(), identity.end(), std::size_t{0});
        result->counterexampleSourceRows = {identity};
    } else {
        counterexample.tables.push_back({"country", {country(kFederal, true)}});
        result->counterexampleSourceRows = {{kFederal}};
    }
    result->counterexample = std::move(counterexample);
    result->counterexampleMinimized = !whole;
    return result;
}

/// Whether `index` is on screen in `view` (scrolled into its viewport).
bool inSight(const QTableView& view, const QModelIndex& index)
{
    return view.viewport()->rect().intersects(view.visualRect(index));
}

} // namespace

class TestDatabaseView : public QObject {
    Q_OBJECT

private:
    MainWindow* m_window = nullptr;

private slots:
    void initTestCase()
    {
        m_window = new MainWindow;
        m_window->resize(1280, 800);
        m_window->show();
        test::runToVerdict(*m_window, kOldestSinger);
        QCOMPARE(m_window->lastResult()->check.verdict, suite::VerdictKind::Different);
    }

    void cleanupTestCase() { delete m_window; }

    void opensOnTheSeparatingTable()
    {
        DatabaseView* view = m_window->databaseView();
        QVERIFY(view->showingCounterexample());
        QCOMPARE(view->tabTitle(0).section(QLatin1Char(' '), 0, 0), QStringLiteral("stadium"));
        const int singer = test::tabOf(*view, QStringLiteral("singer"));
        QCOMPARE(view->tabs()->currentIndex(), singer);
        QVERIFY(view->tableModel(singer)->totalRowCount() > 0);
        // The full database opens on the same table.
        view->setMode(DatabaseView::Mode::Full);
        QCOMPARE(view->tabs()->currentIndex(), singer);
        view->setMode(DatabaseView::Mode::Counterexample);
    }

    void unreadTablesAreFolded()
    {
        DatabaseView* view = m_window->databaseView();
        const QStringList unread{QStringLiteral("stadium"), QStringLiteral("concert"), QStringLiteral("singer_in_concert")};
        for (const QString& table : unread) QVERIFY2(!view->isTabShown(test::tabOf(*view, table)), qPrintable(table));
        QVERIFY(view->isTabShown(test::tabOf(*view, QStringLiteral("singer"))));
        QPushButton* line = view->unreadTablesButton();
        QVERIFY(line->isVisible());
        QVERIFY(!line->accessibleName().isEmpty());
        const QString text = view->unreadTablesText();
        for (const QString& table : unread) QVERIFY2(text.contains(table + QStringLiteral(" (")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("singer (")));
        QVERIFY(line->text().endsWith(QStringLiteral("— show")));

        // A click shows them, greyed and titled "not read"; the current table stays.
        const int current = view->tabs()->currentIndex();
        line->click();
        const int stadium = test::tabOf(*view, QStringLiteral("stadium"));
        QVERIFY(view->isTabShown(stadium));
        QVERIFY(view->tabTitle(stadium).contains(QStringLiteral("not read")));
        QCOMPARE(view->tabs()->currentIndex(), current);
        line->click();
        QVERIFY(!view->isTabShown(stadium));
    }

    void keptRowsAreMarkedInTheFullDatabase()
    {
        DatabaseView* view = m_window->databaseView();
        const auto& result = *m_window->lastResult();
        view->setMode(DatabaseView::Mode::Full);
        const int singer = test::tabOf(*view, QStringLiteral("singer"));
        TableRowsModel* model = view->tableModel(singer);
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        while (model->canFetchMore({})) model->fetchMore({});
        const auto kept = TableRowsModel::keptSourceRows(result, QStringLiteral("singer"));
        QCOMPARE(kept.size(), result.counterexample->find("singer")->rows.size());
        int highlighted = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const bool isKept = std::find(kept.begin(), kept.end(), static_cast<std::size_t>(row)) != kept.end();
            QCOMPARE(model->index(row, 0).data(TableRowsModel::HighlightedRole).toBool(), isKept);
            QCOMPARE(model->headerData(row, Qt::Vertical).toString().contains(QStringLiteral("◆")), isKept);
            highlighted += isKept ? 1 : 0;
        }
        QCOMPARE(static_cast<std::size_t>(highlighted), kept.size());
        // The kept row's key is the counterexample row's key: the same singer.
        const auto& minimal = result.counterexample->find("singer")->rows;
        for (std::size_t row = 0; row < kept.size(); ++row)
            QCOMPARE(model->index(static_cast<int>(kept[row]), 0).data(TableRowsModel::ValueRole),
                     QVariant::fromValue<qlonglong>(minimal[row][0].asInteger()));
        view->setMode(DatabaseView::Mode::Counterexample);
    }

    void simplifiedValuesShowTheirOriginal()
    {
        DatabaseView* view = m_window->databaseView();
        const auto& result = *m_window->lastResult();
        const int singer = test::tabOf(*view, QStringLiteral("singer"));
        const auto kept = TableRowsModel::keptSourceRows(result, QStringLiteral("singer"));
        const auto& full = result.databases[static_cast<std::size_t>(result.check.separatingDatabase)].content;
        const auto& minimal = result.counterexample->find("singer")->rows;
        const int name = 1;  // singer.name: the minimizer shortens it
        QVERIFY(minimal[0][name] != full.find("singer")->rows[kept[0]][name]);
        const QString original = QString::fromStdString(full.find("singer")->rows[kept[0]][name].asText());
        const QString shortened = QString::fromStdString(minimal[0][name].asText());

        for (const auto mode : {DatabaseView::Mode::Counterexample, DatabaseView::Mode::Full}) {
            view->setMode(mode);
            const int row = mode == DatabaseView::Mode::Full ? static_cast<int>(kept[0]) : 0;
            const QModelIndex cell = view->tableModel(singer)->index(row, name);
            QCOMPARE(cell.data().toString(), QStringLiteral("%1 ← %2").arg(shortened, original));
            QCOMPARE(cell.data(TableRowsModel::OriginalValueRole).toString(), original);
            QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("simplified by the minimizer from %1")
                                                                        .arg(original)),
                     qPrintable(cell.data(Qt::ToolTipRole).toString()));
        }
        view->setMode(DatabaseView::Mode::Counterexample);
    }

    void oneNameForTheSeparatingDatabase()
    {
        const auto& result = *m_window->lastResult();
        const int separating = result.check.separatingDatabase;
        const QString name = ui::databaseName(result, separating);
        QCOMPARE(name, QStringLiteral("#%1 (%2)").arg(separating).arg(result.databases[static_cast<std::size_t>(separating)].label));
        const auto* suiteModel = m_window->databasesPanel()->model();
        QCOMPARE(suiteModel->index(separating, 0).data(ui::SuiteDatabasesModel::DatabaseNameRole).toString(), name);
        QCOMPARE(suiteModel->index(separating, ui::SuiteDatabasesModel::IndexColumn).data().toString(),
                 QStringLiteral("#%1").arg(separating));
        QCOMPARE(suiteModel->index(separating, ui::SuiteDatabasesModel::LabelColumn).data().toString(),
                 result.databases[static_cast<std::size_t>(separating)].label);
        QVERIFY2(m_window->verdictBanner()->title().contains(QStringLiteral("database %1 separates").arg(name)),
                 qPrintable(m_window->verdictBanner()->title()));
        DatabaseView* view = m_window->databaseView();
        QVERIFY2(view->caption().contains(QStringLiteral("database %1,").arg(name)), qPrintable(view->caption()));
        const ui::ResultsView* results = m_window->resultsView();
        QVERIFY2(results->where().contains(QStringLiteral("counterexample of database %1, ").arg(name)),
                 qPrintable(results->where()));
        view->setMode(DatabaseView::Mode::Full);
        QVERIFY2(view->caption().contains(QStringLiteral("database %1,").arg(name)), qPrintable(view->caption()));
        QCOMPARE(results->where(), QStringLiteral("Results on database %1").arg(name));
        view->setMode(DatabaseView::Mode::Counterexample);

        // The neighbors list keeps its short "#N" and names the database in full on hover.
        const auto* neighbors = m_window->neighborsPanel()->model();
        bool named = false;
        for (int family = 0; family < neighbors->rowCount() && !named; ++family) {
            const QModelIndex parent = neighbors->index(family, 0);
            for (int row = 0; row < neighbors->rowCount(parent) && !named; ++row) {
                const QModelIndex status = neighbors->index(row, ui::NeighborsModel::StatusColumn, parent);
                if (status.data(ui::NeighborsModel::DistinguishingDatabaseRole).toInt() != separating) continue;
                QCOMPARE(status.data().toString(), QStringLiteral("distinguished by #%1").arg(separating));
                QCOMPARE(status.data(Qt::ToolTipRole).toString(),
                         QStringLiteral("Distinguished from the gold by database %1").arg(name));
                named = true;
            }
        }
        QVERIFY(named);
    }

    // Without a counterexample the view still opens on a table the queries read
    // (count(*) over concert joined with stadium) and folds the others.
    void equivalentVerdictOpensOnATableRead()
    {
        MainWindow window;
        window.show();
        test::runToVerdict(window, kConcertCount);
        QCOMPARE(window.lastResult()->check.verdict, suite::VerdictKind::Equivalent);
        DatabaseView* view = window.databaseView();
        QCOMPARE(view->tabs()->currentIndex(), test::tabOf(*view, QStringLiteral("stadium")));
        QVERIFY(view->isTabShown(test::tabOf(*view, QStringLiteral("concert"))));
        QVERIFY(!view->isTabShown(test::tabOf(*view, QStringLiteral("singer"))));
        QVERIFY(!view->isTabShown(test::tabOf(*view, QStringLiteral("singer_in_concert"))));
        QVERIFY(view->unreadTablesButton()->isVisible());
    }

    // A view given its result before its window is laid out (audit mode loads an item while
    // the docks still take their space) scrolls to the decisive column once it has its
    // width, and keeps it in sight as it is resized, until the user scrolls sideways.
    void theDecisiveColumnStaysInSightOnceLaidOut()
    {
        DatabaseView view;
        view.resize(160, 320);
        view.setResult(governmentFormResult(false));
        view.showDatabase(0);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView* table = view.tableView(0);
        const QModelIndex decisive = table->model()->index(0, kGovernmentForm);
        // Whole, not its first letters at the right edge (when the viewport is wide enough).
        const auto wholeInSight = [&] {
            const QRect cell = table->visualRect(decisive);
            return cell.left() >= 0 && (cell.right() < table->viewport()->width() || cell.width() > table->viewport()->width());
        };
        QTRY_VERIFY2(wholeInSight(), "not in sight once shown");
        for (const int width : {900, 300, 520, 610}) {
            view.resize(width, 320);
            QTRY_VERIFY2(wholeInSight(), qPrintable(QStringLiteral("not whole in sight at %1 px: cell %2 px from the left, %3 wide, viewport %4")
                                                        .arg(width).arg(table->visualRect(decisive).left())
                                                        .arg(table->visualRect(decisive).width()).arg(table->viewport()->width())));
        }
        // The user's own sideways scroll is kept.
        table->horizontalScrollBar()->triggerAction(QAbstractSlider::SliderToMinimum);
        const int chosen = table->horizontalScrollBar()->value();
        view.resize(400, 320);
        QCoreApplication::processEvents();
        QCOMPARE(table->horizontalScrollBar()->value(), chosen);
    }

    // Both queries read only country.GovernmentForm: the NULLs in IndepYear are not why
    // they differ, and the view scrolls to GovernmentForm, past the right edge.
    void opensOnTheColumnTheQueriesReadNotAnUnreadNull()
    {
        DatabaseView view;
        view.resize(520, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setResult(governmentFormResult(false));
        view.showDatabase(0);
        QCOMPARE(view.focusedColumn(), QStringLiteral("country.GovernmentForm"));
        QTableView* table = view.tableView(0);
        QCOMPARE(table->currentIndex().column(), kGovernmentForm);
        QVERIFY(inSight(*table, table->currentIndex()));
        QVERIFY(!inSight(*table, table->model()->index(0, kIndepYear + 1)));
        QVERIFY2(view.caption().startsWith(QStringLiteral(
                     "The value 'Federal Republic' in country.GovernmentForm separates them: the gold returns 0, the "
                     "candidate 1.")),
                 qPrintable(view.caption()));
        QVERIFY2(!view.caption().contains(QStringLiteral("IndepYear")), qPrintable(view.caption()));
    }

    // "Full database" opens on the counterexample's row (row 28 of 48), not on row 1.
    void theFullDatabaseScrollsToTheFirstKeptRow()
    {
        DatabaseView view;
        view.resize(520, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setResult(governmentFormResult(false));
        view.showDatabase(0);
        view.setMode(DatabaseView::Mode::Full);
        QCOMPARE(view.firstKeptRow(0), static_cast<int>(kFederal));
        QTableView* table = view.tableView(0);
        QCOMPARE(table->currentIndex().row(), static_cast<int>(kFederal));
        QCOMPARE(table->currentIndex().column(), kGovernmentForm);
        QVERIFY(inSight(*table, table->currentIndex()));
        QVERIFY(!inSight(*table, table->model()->index(0, kGovernmentForm)));
        QVERIFY(table->model()->headerData(static_cast<int>(kFederal), Qt::Vertical).toString().startsWith(QStringLiteral("◆")));
        QVERIFY2(view.caption().contains(QStringLiteral("the counterexample's rows marked ◆")), qPrintable(view.caption()));
    }

    // A counterexample that keeps every row marks none: ◆ on all 48 would say nothing.
    void aDatabaseShownWholeMarksNoRow()
    {
        DatabaseView view;
        view.resize(520, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setResult(governmentFormResult(true));
        view.showDatabase(0);
        view.setMode(DatabaseView::Mode::Full);
        TableRowsModel* model = view.tableModel(0);
        while (model->canFetchMore({})) model->fetchMore({});
        for (int row = 0; row < model->rowCount(); ++row) {
            QVERIFY(!model->index(row, 0).data(TableRowsModel::HighlightedRole).toBool());
            QVERIFY(!model->headerData(row, Qt::Vertical).toString().contains(QStringLiteral("◆")));
        }
        QCOMPARE(view.firstKeptRow(0), -1);
        QVERIFY2(view.caption().contains(QStringLiteral("shown whole")), qPrintable(view.caption()));
        QVERIFY2(!view.caption().contains(QStringLiteral("◆")), qPrintable(view.caption()));
        // Still the column the queries read, not the NULLs of IndepYear.
        QVERIFY2(!view.caption().contains(QStringLiteral("IndepYear")), qPrintable(view.caption()));
        QCOMPARE(view.focusedColumn(), QStringLiteral("country.GovernmentForm"));
    }
};

SQLEQ_GUI_TEST_MAIN(TestDatabaseView)
#include "test_database_view.moc"
