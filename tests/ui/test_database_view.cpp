// The database view on a `different` verdict, offscreen, over the bundled "oldest
// singer" example (schema order: stadium, singer, concert, singer_in_concert; both
// queries read only singer): it opens on the table whose rows separate the pair, folds
// the tables neither query reads into one line, marks the kept rows of the full
// database, shows simplified values beside their originals, and names the separating
// database the same way as the banner and the suite table.

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
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

using namespace sqleq;
using ui::DatabaseView;
using ui::MainWindow;
using ui::TableRowsModel;

namespace {

const QString kOldestSinger = QStringLiteral(":/examples/oldest-singer.sqleq");

const QString kConcertCount = QStringLiteral(":/examples/concert-count-join.sqleq");

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
};

SQLEQ_GUI_TEST_MAIN(TestDatabaseView)
#include "test_database_view.moc"
