// The audit items list keeps the annotator's place when a filter changes (the item stays
// selected, or F8 goes on from where a hidden one stood) and an empty list says which
// filters leave nothing; a project build estimates the time left from the steps done
// (an injected clock, no waiting); a new project's profile and seed are the dialog's.

#include "core/audit/audit.h"
#include "ui/app_settings.h"
#include "ui/audit/audit_build.h"
#include "ui/audit/audit_build_status.h"
#include "ui/audit/audit_filter_model.h"
#include "ui/audit/audit_items_model.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/new_audit_dialog.h"
#include "ui/audit/time_left.h"
#include "tests/ui/audit_safety_support.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QCheckBox>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;
using namespace sqleq::test;

class TestAuditList : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void init() { test::startAuditAsAlice(); }

    void aNewProjectTakesItsOwnProfileNotTheSettings()
    {
        ui::AppSettings settings;
        inspect::CheckSettings strict = settings.runSettings();
        strict.nameProfile(fuzz::Profile::Strict);
        strict.seed = 5;
        settings.setRunSettings(strict);
        ui::NewAuditDialog dialog(m_dir.path());
        QCOMPARE(dialog.request().settings.profile, fuzz::Profile::Spider);
        QCOMPARE(dialog.request().settings.seed, uint64_t{0});
        QCOMPARE(dialog.request().settings.searchBudget, inspect::CheckSettings{}.searchBudget);
        ui::AuditBuildRequest chosen = dialog.request();
        chosen.settings.nameProfile(fuzz::Profile::Strict);
        chosen.settings.seed = 7;
        chosen.settings.searchBudget = 44;
        chosen.settings.setIdleBudget(900);
        dialog.setRequest(chosen);
        QCOMPARE(dialog.request().settings.profile, fuzz::Profile::Strict);
        QCOMPARE(dialog.request().settings.seed, uint64_t{7});
        // The search and step budgets the dialog now sets reach the project's settings.
        QVERIFY(dialog.request().settings == chosen.settings);
    }

    // A project opened before anyone set an annotator name still shows the verdicts
    // others gave: the counter says how many and whose, the Review column shows them
    // (told apart from the annotator's own), and once a name is set they stay counted.
    void otherAnnotatorsVerdictsAreShownAndCounted()
    {
        QTemporaryDir dir;
        const QString path = makeProject(QDir(dir.path()), QStringLiteral("shared.sqleq-audit"));
        QVERIFY(!path.isEmpty());
        {
            auto store = audit::AnnotationStore::open(path.toStdString());
            QVERIFY(store.ok());
            for (const std::size_t item : {std::size_t{0}, std::size_t{3}}) {
                audit::Annotation annotation;
                annotation.itemIndex = item;
                annotation.annotator = "ann2";
                annotation.verdict = audit::Verdict::NotEquivalent;
                QVERIFY(store->setAnnotation(annotation).ok());
            }
        }
        QString error;
        auto project = ui::AuditProject::open(path, QString(), &error);
        QVERIFY2(project, qPrintable(error));
        ui::AuditItemsPanel panel;
        panel.setProject(project.get());
        QCOMPARE(panel.progressText(), QStringLiteral("0 of 5 reviewed by you · 2 by others (ann2)"));
        const ui::AuditItemsModel* model = panel.model();
        const int review = model->columnOf(ui::AuditItemsModel::Column::Review);
        const QModelIndex judged = model->index(model->rowOf(3), review);
        QVERIFY2(judged.data().toString().contains(QStringLiteral("ann2: Not equivalent")), qPrintable(judged.data().toString()));
        QVERIFY(!judged.data(ui::AuditItemsModel::ReviewedRole).toBool());  // not the annotator's own
        QVERIFY2(judged.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Not equivalent by ann2")),
                 qPrintable(judged.data(Qt::ToolTipRole).toString()));
        QCOMPARE(model->index(model->rowOf(1), review).data().toString(), QStringLiteral("—"));

        QVERIFY(project->setAnnotator(QStringLiteral("alice"), &error));
        QVERIFY(project->annotate(3, audit::Verdict::Equivalent, {}, {}, &error));
        QCOMPARE(panel.progressText(), QStringLiteral("1 of 5 reviewed by you · 2 by others (ann2)"));
        QVERIFY(model->index(model->rowOf(3), review).data().toString().startsWith(QStringLiteral("Equivalent")));
    }

    void filtersKeepThePlace()
    {
        QTemporaryDir dir;
        QString error;
        auto project = ui::AuditProject::open(makeProject(QDir(dir.path()), QStringLiteral("p.sqleq-audit")),
                                              QStringLiteral("alice"), &error);
        QVERIFY2(project, qPrintable(error));
        ui::AuditItemsPanel panel;
        panel.setProject(project.get());
        panel.show();
        QSignalSpy chosen(&panel, &ui::AuditItemsPanel::currentItemChanged);
        QVERIFY(panel.selectItem(3));
        chosen.clear();

        // A filter that keeps item 3: it stays selected; no other item is loaded.
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(panel.currentItem(), std::optional<std::size_t>(3));
        QVERIFY(panel.view()->selectionModel()->isRowSelected(panel.view()->currentIndex().row(), {}));
        QCOMPARE(chosen.count(), 0);
        panel.disagreeFilter()->setChecked(false);
        QCOMPARE(panel.currentItem(), std::optional<std::size_t>(3));

        // Item 2 (the metrics agree) is hidden by the filter: nothing else gets loaded, and
        // F8's move continues after item 2, not from the top.
        QVERIFY(panel.selectItem(2));
        chosen.clear();
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(chosen.count(), 0);
        QCOMPARE(panel.currentItem(), std::nullopt);
        QCOMPARE(panel.itemAfter(1, true), std::optional<std::size_t>(3));
        QCOMPARE(panel.itemAfter(-1, true), std::optional<std::size_t>(1));
        QVERIFY(panel.moveSelection(1, true));
        QCOMPARE(panel.currentItem(), std::optional<std::size_t>(3));

        // Sorted by hardness (easy, medium, hard): still from the hidden item's place.
        panel.disagreeFilter()->setChecked(false);
        QVERIFY(panel.selectItem(4));  // medium
        const int hardness = panel.model()->columnOf(ui::AuditItemsModel::Column::Hardness);
        QVERIFY(hardness >= 0);
        panel.view()->sortByColumn(hardness, Qt::AscendingOrder);
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(panel.itemAfter(1, true), std::optional<std::size_t>(3));  // hard, after medium

        // An empty list says which filters leave nothing.
        panel.hardnessFilter()->setCurrentIndex(panel.hardnessFilter()->findData(QStringLiteral("medium")));
        QCOMPARE(panel.filter()->rowCount(), 0);
        QCOMPARE(panel.progressText(), QStringLiteral("0 of 5 shown"));
        QCOMPARE(panel.emptyListText(), QStringLiteral("0 of 5 shown: no item matches all of metrics disagree · hardness "
                                                       "medium; clear one to see more"));
        panel.disagreeFilter()->setChecked(false);
        panel.hardnessFilter()->setCurrentIndex(0);
        panel.searchBox()->setText(QStringLiteral("no such text"));
        QCOMPARE(panel.emptyListText(), QStringLiteral("0 of 5 shown: no item matches the filter text “no such text”"));
        panel.searchBox()->clear();
        QCOMPARE(panel.emptyListText(), QString());
    }

    void equivalenceFilterTellsProvedFromNotRefuted()
    {
        QTemporaryDir dir;
        // sqleq's verdicts: 0 proved, 2 and 4 equivalent but only not refuted, 1 different,
        // 3 not computed.
        auto items = sampleItems();
        for (auto& item : items) item.metrics.sqleq = true;
        items[0].metrics.proved = true;
        items[1].metrics.sqleq = false;
        items[3].metrics.sqleq.reset();
        audit::ProjectSources sources;
        sources.tables = writeTables(QDir(dir.path())).toStdString();
        const QString path = QDir(dir.path()).filePath(QStringLiteral("p.sqleq-audit"));
        QVERIFY(audit::AnnotationStore::create(path.toStdString(), sources, items).ok());
        QString error;
        auto project = ui::AuditProject::open(path, QStringLiteral("alice"), &error);
        QVERIFY2(project, qPrintable(error));
        ui::AuditItemsPanel panel;
        panel.setProject(project.get());
        const auto shown = [&panel] {
            QList<int> indices;
            for (int row = 0; row < panel.filter()->rowCount(); ++row)
                indices << panel.filter()->index(row, 0).data(ui::AuditItemsModel::ItemIndexRole).toInt();
            return indices;
        };
        QComboBox* equivalence = panel.equivalenceFilter();
        QCOMPARE(shown(), QList<int>({0, 1, 2, 3, 4}));
        equivalence->setCurrentIndex(equivalence->findData(QStringLiteral("proved")));
        QCOMPARE(shown(), QList<int>({0}));
        QCOMPARE(panel.place().equivalence, QStringLiteral("proved"));
        equivalence->setCurrentIndex(equivalence->findData(QStringLiteral("not_refuted")));
        QCOMPARE(shown(), QList<int>({2, 4}));
        // The place survives a reopen, as the other filters do.
        const auto place = ui::AuditPlace::fromVariant(panel.place().toVariant());
        QCOMPARE(place.equivalence, QStringLiteral("not_refuted"));
        panel.setProject(project.get());
        QCOMPARE(shown().size(), 5);  // a project starts unfiltered
        panel.restoreFilters(place);
        QCOMPARE(shown(), QList<int>({2, 4}));
        panel.searchBox()->setText(QStringLiteral("no such text"));
        QCOMPARE(panel.emptyListText(), QStringLiteral("0 of 5 shown: no item matches all of not refuted · text “no "
                                                       "such text”; clear one to see more"));
        const int sqleq = panel.model()->columnOf(ui::AuditItemsModel::Column::Sqleq);
        QVERIFY(sqleq >= 0);
        QVERIFY(panel.model()->index(0, sqleq).data(Qt::ToolTipRole).toString().contains(QStringLiteral("proved")));
        QVERIFY(panel.model()->index(2, sqleq).data(Qt::ToolTipRole).toString().contains(QStringLiteral("not refuted")));
    }

    void timeLeftComesFromTheStepsDone()
    {
        QCOMPARE(ui::estimateSecondsLeft(2, 10, 20.0), std::nullopt);  // too early to say
        QCOMPARE(ui::estimateSecondsLeft(3, 10, 30.0), std::optional<double>(70.0));
        QCOMPARE(ui::estimateSecondsLeft(10, 10, 30.0), std::nullopt);  // done
        QCOMPARE(ui::estimateSecondsLeft(5, 0, 30.0), std::nullopt);    // unknown total
        QCOMPARE(ui::timeLeftText(4), QStringLiteral("less than 10 s left"));
        QCOMPARE(ui::timeLeftText(67), QStringLiteral("about 70 s left"));
        QCOMPARE(ui::timeLeftText(185), QStringLiteral("about 3 min left"));

        std::int64_t nowMs = 0;
        ui::TimeLeftEstimator estimator([&nowMs] { return nowMs; });
        estimator.start();
        QCOMPARE(estimator.update(0, 10), QString());
        nowMs = 30'000;
        QCOMPARE(estimator.update(3, 10), QStringLiteral("about 70 s left"));
        // Stages, smoothing and the stages left: tests/ui/test_time_left.cpp.

        // In the status bar: the step's own words, then the time left once it is known.
        QStatusBar bar;
        nowMs = 0;
        ui::AuditBuildStatus status(&bar, [] {}, [&nowMs] { return nowMs; });
        status.setBuilding(true);
        status.showProgress(1, 10, QStringLiteral("Computing metrics 1/10"));
        QCOMPARE(status.label()->text(), QStringLiteral("Computing metrics 1/10"));
        nowMs = 60'000;
        status.showProgress(4, 10, QStringLiteral("Computing metrics 4/10"));
        QCOMPARE(status.label()->text(), QStringLiteral("Computing metrics 4/10 · about 90 s left"));
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditList)
#include "test_audit_list.moc"
