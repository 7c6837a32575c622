// Every number on screen agrees, offscreen at 1280×800: the banner counts rows on the
// database the results pane shows (the minimal counterexample, not the full separating
// database); a candidate that does not run gets one message and no counterexample UI;
// an equivalent verdict says what each of its numbers is; the database view opens on the
// table and column that separate the pair and says why in a sentence; and no text on
// screen has a "(s)" plural or a parenthesis inside another.

#include "ui/main_window.h"
#include "ui/models/suite_databases_model.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/explanation_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QFile>
#include <QLabel>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;
using ui::MainWindow;
using ui::VerdictBanner;

namespace {

const QString kStrictNulls = QStringLiteral(":/examples/stadiums-without-concerts-strict.sqleq");
const QString kOldestSinger = QStringLiteral(":/examples/oldest-singer.sqleq");
const QString kFalsePositive = QStringLiteral(":/examples/like-vs-equals.sqleq");
const QString kPeople = QStringLiteral(":/examples/people/database.sql");

ui::Session peopleSession(const QString& gold, const QString& candidate)
{
    ui::Session session;
    session.schema = {ui::SchemaSourceKind::DdlFile, kPeople, {}};
    session.gold = gold;
    session.candidate = candidate;
    return session;
}

void runSettled(MainWindow& window, const ui::Session& session)
{
    QSignalSpy settled(&window, &MainWindow::runSettled);
    window.inspect(session, QStringLiteral("test"));
    QTRY_VERIFY_WITH_TIMEOUT(settled.count() == 1, test::kRunTimeoutMs);
}

/// "gold has 0 rows, candidate has 1" → {0, 1}; {-1, -1} when the text has no such clause.
std::pair<int, int> rowCountsIn(const QString& text)
{
    static const QRegularExpression counts(QStringLiteral("gold has (\\d+) rows?, candidate has (\\d+)"),
                                           QRegularExpression::CaseInsensitiveOption);
    const auto match = counts.match(text);
    if (!match.hasMatch()) return {-1, -1};
    return {match.captured(1).toInt(), match.captured(2).toInt()};
}

/// The leading count of "Gold — 2 rows" / "Candidate — 1 row, 1 only here".
int rowsInTitle(const QString& title)
{
    static const QRegularExpression rows(QStringLiteral("— (\\d+) rows?\\b"));
    const auto match = rows.match(title);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

/// Deepest nesting of parentheses in `text`.
int parenthesisDepth(const QString& text)
{
    int depth = 0;
    int deepest = 0;
    for (const QChar c : text) {
        if (c == QLatin1Char('(')) deepest = std::max(deepest, ++depth);
        if (c == QLatin1Char(')')) depth = std::max(0, depth - 1);
    }
    return deepest;
}

/// Every text the verdict, the suite, the database view and the results show (not the
/// explanation beside the editors: it quotes SQL, whose parentheses are the query's).
QStringList textsOnScreen(const MainWindow& window)
{
    QStringList texts{window.verdictBanner()->title(), window.verdictBanner()->detail(),
                      window.databaseView()->caption(), window.resultsView()->where(),
                      window.resultsView()->sideTitle(true), window.resultsView()->sideTitle(false),
                      window.resultsView()->note()};
    const auto* model = window.databasesPanel()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        for (int column = 0; column < model->columnCount(); ++column)
            texts << model->index(row, column).data().toString();
    for (const QLabel* label : window.databasesPanel()->findChildren<QLabel*>()) texts << label->text();
    return texts;
}

/// The visible labels of the window whose text contains `needle`.
int visibleLabelsWith(const MainWindow& window, const QString& needle)
{
    int count = 0;
    for (const QLabel* label : window.findChildren<QLabel*>())
        if (label->isVisible() && label->text().contains(needle)) ++count;
    return count;
}

} // namespace

class TestNumbersAgree : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void theBannerCountsTheRowsTheResultsShow()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        test::runToVerdict(window, kStrictNulls);
        const auto& result = *window.lastResult();
        QCOMPARE(result.check.verdict, suite::VerdictKind::Different);
        QVERIFY(result.counterexample.has_value());
        // The pair this test needs: the full separating database and the minimal one count differently.
        const auto full = rowCountsIn(QString::fromStdString(result.check.comparison.message));
        const auto minimal = rowCountsIn(QString::fromStdString(result.counterexampleComparison.message));
        QVERIFY(full.first >= 0 && minimal.first >= 0);
        QVERIFY(full != minimal);

        const QString detail = window.verdictBanner()->detail();
        const auto banner = rowCountsIn(detail);
        QCOMPARE(banner, minimal);
        QVERIFY2(detail.contains(QStringLiteral("On the minimal counterexample: ")), qPrintable(detail));
        const ui::ResultsView* results = window.resultsView();
        QCOMPARE(rowsInTitle(results->sideTitle(true)), banner.first);
        QCOMPARE(rowsInTitle(results->sideTitle(false)), banner.second);
        QCOMPARE(window.findChild<QTableView*>(QStringLiteral("goldResults"))->model()->rowCount(), banner.first);
        QCOMPARE(window.findChild<QTableView*>(QStringLiteral("candidateResults"))->model()->rowCount(), banner.second);
        QCOMPARE(rowCountsIn(results->note()), banner);
        // sqleq sampled this database: it keeps its profile, and nothing says otherwise.
        QVERIFY2(!detail.contains(QStringLiteral("outside the")), qPrintable(detail));
    }

    void onlyTheUsersOwnDatabaseIsOutsideTheProfile()
    {
        QFile script(m_dir.filePath(QStringLiteral("address.sql")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("CREATE TABLE address (id INTEGER PRIMARY KEY, line_3 TEXT);"
                     "INSERT INTO address VALUES (1, NULL), (2, 'Flat 3');");
        script.close();
        ui::Session session;
        session.schema = {ui::SchemaSourceKind::DdlFile, script.fileName(), {}};
        session.gold = QStringLiteral("SELECT count(*) FROM address WHERE line_3 IS NULL");
        session.candidate = QStringLiteral("SELECT count(*) FROM address WHERE line_3 = ''");
        session.settings.nameProfile(fuzz::Profile::Spider);  // a DDL's own default is strict, which allows the NULL
        MainWindow window;
        runSettled(window, session);
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("This database is outside the spider profile: NULL in address.line_3. "
                                                "Database #0 (original) is not one sqleq sampled.")),
                 qPrintable(detail));
    }

    /// sqleq keeps DISTINCT; the banner's title is its verdict and the "Test suite" line
    /// says the metric accepted only because it removes DISTINCT, with both results.
    void theBannerSaysWhenTheMetricsConventionDecides()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT count(DISTINCT age > 30) FROM people"),
                                         QStringLiteral("SELECT count(age > 30) FROM people")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("Test suite: ✓ accepts")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("Test suite: the metric removes DISTINCT; with it kept they differ: ")),
                 qPrintable(detail));
    }

    void aCandidateErrorHasOneMessageAndNoCounterexample()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE agee > 34")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::CandidateError);
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("line 1, column 31")), qPrintable(detail));
        // The error once, in the banner: not in the results' heading, note or the explanation.
        QCOMPARE(visibleLabelsWith(window, QStringLiteral("no such column")), 1);
        QVERIFY(window.resultsView()->note().isEmpty());
        // No counterexample UI: nothing "separates", no "Separating database", no toggle.
        const auto* model = window.databasesPanel()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString status = model->index(row, ui::SuiteDatabasesModel::StatusColumn).data().toString();
            QVERIFY2(!status.contains(QStringLiteral("separates")), qPrintable(status));
            QVERIFY(model->index(row, ui::SuiteDatabasesModel::IndexColumn).data(Qt::DecorationRole).isNull());
        }
        const QString caption = window.databaseView()->caption();
        QVERIFY2(!caption.contains(QStringLiteral("eparat")), qPrintable(caption));
        QVERIFY2(caption.contains(QStringLiteral("the candidate does not run")), qPrintable(caption));
        for (const QRadioButton* toggle : window.databaseView()->findChildren<QRadioButton*>())
            QVERIFY2(!toggle->isVisible(), qPrintable(toggle->text()));
        QVERIFY(!window.explanationPanel()->text().contains(QStringLiteral("differs")));
    }

    void anEquivalentVerdictSaysWhatEachNumberIs()
    {
        MainWindow window;
        ui::Session session = peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                            QStringLiteral("SELECT name FROM people WHERE age >= 35"));
        session.settings.nameProfile(fuzz::Profile::Spider);  // one stream of 300; strict is checked below
        runSettled(window, session);
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Equivalent);
        const auto& result = *window.lastResult();
        const QString title = window.verdictBanner()->title();
        const QString suite = result.evidence.suiteDatabases == 1
            ? QStringLiteral("the one database of the test suite")
            : QStringLiteral("the %1 databases of the test suite").arg(result.evidence.suiteDatabases);
        QCOMPARE(title, QStringLiteral("Equivalent on %1 and %2 more that the search built")
                            .arg(suite)
                            .arg(result.evidence.searchDatabases));
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("sampling budget %1").arg(result.session.settings.samplingBudget)),
                 qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("built by the search past the suite (at most 300)")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("equivalent on all %1 databases")
                                     .arg(result.evidence.suiteDatabases + result.evidence.searchDatabases)),
                 qPrintable(detail));
    }

    void theSearchLimitCountsBothStreamsUnderStrict()
    {
        // Under strict the search tries its own databases and then the spider search's:
        // the limit shown is both budgets, so "searched" never exceeds "at most".
        MainWindow window;
        ui::Session session = peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                            QStringLiteral("SELECT name FROM people WHERE age >= 35"));
        session.settings.nameProfile(fuzz::Profile::Strict);
        runSettled(window, session);
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Equivalent);
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("built by the search past the suite (at most 600)")), qPrintable(detail));
        QVERIFY(window.lastResult()->evidence.searchDatabases <= 600);
    }

    void theBannerSaysWhatTheOtherProfileMakesOfIt()
    {
        // Nobody chose a profile: the DDL's own promise (strict) is used, and said; the
        // other profile's verdict is core's one line, as the CLI prints it.
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE age >= 35")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Equivalent);
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("profile strict (the schema's default)")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("Under the spider profile they are equivalent too")), qPrintable(detail));
        QVERIFY2(!detail.contains(QStringLiteral("may still separate")), qPrintable(detail));
    }

    void theViewOpensOnTheNullThatSeparates()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        test::runToVerdict(window, kStrictNulls);
        ui::DatabaseView* view = window.databaseView();
        QVERIFY(view->showingCounterexample());
        QCOMPARE(view->tabs()->currentIndex(), test::tabOf(*view, QStringLiteral("concert")));
        QCOMPARE(view->focusedColumn(), QStringLiteral("concert.stadium_id"));
        QVERIFY2(view->caption().startsWith(QStringLiteral("A NULL in concert.stadium_id separates them: the gold "
                                                           "returns 0 rows, the candidate 1 row. Minimal counterexample")),
                 qPrintable(view->caption()));
        // The label says how the database was built; the sentence before it says why it separates.
        QVERIFY(!view->caption().startsWith(QStringLiteral("Separating")));
    }

    void theViewScrollsToTheColumnThatCarriesTheDifference()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        test::runToVerdict(window, kOldestSinger);
        ui::DatabaseView* view = window.databaseView();
        const int singer = test::tabOf(*view, QStringLiteral("singer"));
        QCOMPARE(view->tabs()->currentIndex(), singer);
        QCOMPARE(view->focusedColumn().toLower(), QStringLiteral("singer.age"));
        QTableView* table = view->tableView(singer);
        const int column = table->currentIndex().column();
        QCOMPARE(table->model()->headerData(column, Qt::Horizontal).toString().toLower(), QStringLiteral("age"));
        // In sight: the column lies within the viewport, whatever the scroll it took.
        const int left = table->columnViewportPosition(column);
        QVERIFY2(left >= 0 && left + std::min(table->columnWidth(column), 40) <= table->viewport()->width(),
                 qPrintable(QStringLiteral("column at %1, viewport %2").arg(left).arg(table->viewport()->width())));
        // The two kept singers tie on age: the value both hold is what the differing WHERE compares.
        QVERIFY2(view->caption().contains(QRegularExpression(
                     QStringLiteral("^The value \\d+ in singer\\.age of both rows separates them: the gold returns 2 "
                                    "rows, the candidate 1 row\\."))),
                 qPrintable(view->caption()));
    }

    void noPluralInParenthesesNorAParenthesisInAnother_data()
    {
        QTest::addColumn<QString>("session");
        QTest::newRow("strict nulls") << kStrictNulls;
        QTest::newRow("oldest singer") << kOldestSinger;
        QTest::newRow("test-suite false positive") << kFalsePositive;
    }

    void noPluralInParenthesesNorAParenthesisInAnother()
    {
        QFETCH(QString, session);
        MainWindow window;
        test::runToVerdict(window, session);
        for (const QString& text : textsOnScreen(window)) {
            QVERIFY2(!text.contains(QStringLiteral("(s)")), qPrintable(text));
            QVERIFY2(parenthesisDepth(text) <= 1, qPrintable(text));
        }
        if (window.lastResult()->testSuiteFalsePositive)
            QVERIFY2(window.verdictBanner()->title().contains(QStringLiteral("built by the search, separates them")),
                     qPrintable(window.verdictBanner()->title()));
    }
};

SQLEQ_GUI_TEST_MAIN(TestNumbersAgree)
#include "test_numbers_agree.moc"
