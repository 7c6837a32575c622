// A result on screen belongs to the inputs on screen, and a query at fault keeps its
// position after Run: editing a query, the schema or going back greys or restores the
// result; a schema that fails to open leaves the working one; the question is part of
// the session; SQLite's error position is underlined in the editor, in the banner and in
// the status bar; the explanation beside the editors says what the candidate behaves like.

#include "ui/main_window.h"
#include "ui/models/schema_tree_model.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/explanation_panel.h"
#include "ui/widgets/neighbors_panel.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QComboBox>
#include <QDialog>
#include <QFile>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace sqleq;
using ui::MainWindow;
using ui::VerdictBanner;

namespace {

constexpr int kRunTimeoutMs = 120'000;
const QString kPeople = QStringLiteral(":/examples/people/database.sql");
const QString kConcerts = QStringLiteral(":/examples/concerts/database.sql");

ui::Session peopleSession(const QString& gold, const QString& candidate)
{
    ui::Session session;
    session.schema = {ui::SchemaSourceKind::DdlFile, kPeople, {}};
    session.gold = gold;
    session.candidate = candidate;
    session.question = QStringLiteral("Who is older than 34?");
    return session;
}

/// Runs `session` in `window` and waits until the run settles (verdict or failure).
void runSettled(MainWindow& window, const ui::Session& session)
{
    QSignalSpy settled(&window, &MainWindow::runSettled);
    window.inspect(session, QStringLiteral("test"));
    QTRY_VERIFY_WITH_TIMEOUT(settled.count() == 1, kRunTimeoutMs);
}

} // namespace

class TestInputsAndErrors : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void editingAQueryGreysTheResultUntilItMatchesAgain()
    {
        MainWindow window;
        window.show();
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE age >= 34")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        const QString verdict = window.verdictBanner()->title();
        QVERIFY(!window.resultIsStale());
        QVERIFY(window.databasesPanel()->isEnabled());

        window.candidateEditor()->moveCursor(QTextCursor::End);
        QTest::keyClicks(window.candidateEditor(), QStringLiteral(" AND 1"));
        QVERIFY(window.resultIsStale());
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Stale);
        QVERIFY(window.verdictBanner()->title().contains(QStringLiteral("Run (F5)")));
        QVERIFY(window.verdictBanner()->detail().contains(verdict));
        QVERIFY(!window.databasesPanel()->isEnabled());
        QVERIFY(!window.neighborsPanel()->isEnabled());

        // Back to the text that was run: the result is current again.
        for (int i = 0; i < 6; ++i) QTest::keyClick(window.candidateEditor(), Qt::Key_Backspace);
        QVERIFY(!window.resultIsStale());
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        QCOMPARE(window.verdictBanner()->title(), verdict);
        QVERIFY(window.databasesPanel()->isEnabled());
    }

    void changingTheSchemaMarksTheSessionModifiedAndTheResultStale()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people"), QStringLiteral("SELECT name FROM people")));
        QVERIFY(!window.hasUnsavedEdits());
        QVERIFY(!window.windowTitle().contains(QLatin1Char('*')));

        QString error;
        QVERIFY2(window.schemaPanel()->trySource({ui::SchemaSourceKind::DdlFile, kConcerts, {}}, &error), qPrintable(error));
        QVERIFY(window.hasUnsavedEdits());
        QVERIFY(window.windowTitle().contains(QLatin1Char('*')));
        QVERIFY(window.resultIsStale());
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Stale);
        QCOMPARE(window.currentSession().schema.path, kConcerts);
    }

    void changingTheSettingsMarksTheSessionModifiedAndTheResultStale()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people"), QStringLiteral("SELECT name FROM people")));
        QVERIFY(!window.hasUnsavedEdits());
        // The real dialog: switch the profile to strict (after "the schema's" and spider) and accept.
        test::NextDialog<QDialog> strict([](QDialog* dialog) {
            auto* profile = dialog->findChild<QComboBox*>();
            QVERIFY(profile != nullptr);
            profile->setCurrentIndex(2);
            dialog->accept();
        });
        window.editSettings();
        QVERIFY(strict.answered());
        QVERIFY(window.currentSession().settings.profile == fuzz::Profile::Strict);
        QVERIFY(window.hasUnsavedEdits());
        QVERIFY(window.resultIsStale());
    }

    void aSchemaThatFailsToOpenLeavesTheWorkingOne()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people"), QStringLiteral("SELECT name FROM people")));
        const ui::SchemaSourceRef before = window.schemaPanel()->source();
        const int tablesBefore = window.schemaPanel()->view()->model()->rowCount();
        QVERIFY(tablesBefore > 0);

        const QString corrupt = m_dir.filePath(QStringLiteral("corrupt.sqlite"));
        QFile file(corrupt);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray("SQLite format 3").append('\0').append(QByteArray(4000, 'x')));
        file.close();
        const QString badJson = m_dir.filePath(QStringLiteral("tables.json"));
        QFile json(badJson);
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write("[{\"db_id\": \"x\", \"table_names\": [");
        json.close();

        for (const ui::SchemaSourceRef& bad : {ui::SchemaSourceRef{ui::SchemaSourceKind::SqliteFile, corrupt, {}},
                                               ui::SchemaSourceRef{ui::SchemaSourceKind::SpiderTables, badJson, {}}}) {
            QString error;
            QVERIFY(!window.schemaPanel()->trySource(bad, &error));
            QVERIFY2(!error.isEmpty(), qPrintable(bad.path));
            QCOMPARE(window.schemaPanel()->source(), before);
            QCOMPARE(window.schemaPanel()->view()->model()->rowCount(), tablesBefore);
            QVERIFY(!window.hasUnsavedEdits());
            QVERIFY(!window.resultIsStale());
        }
    }

    void theQuestionIsEditableAndBelongsToTheSession()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people"), QStringLiteral("SELECT name FROM people")));
        QLineEdit* question = window.questionEditor();
        QCOMPARE(question->text(), QStringLiteral("Who is older than 34?"));
        QVERIFY(!question->isReadOnly());
        question->selectAll();
        QTest::keyClicks(question, QStringLiteral("Which people are listed?"));
        QVERIFY(window.hasUnsavedEdits());
        QVERIFY(!window.resultIsStale());  // the question is not an input of the run

        const QString path = m_dir.filePath(QStringLiteral("question.sqleq"));
        QString error;
        QVERIFY2(window.saveSessionTo(path, &error), qPrintable(error));
        QVERIFY(!window.hasUnsavedEdits());
        const auto saved = ui::loadSession(path, &error);
        QVERIFY2(saved.has_value(), qPrintable(error));
        QCOMPARE(saved->question, QStringLiteral("Which people are listed?"));

        // Another session brings its own question, not the previous one's.
        QVERIFY(window.openSession(QStringLiteral(":/examples/figure1-equivalent.sqleq"), false, &error));
        QVERIFY(question->text() != QStringLiteral("Which people are listed?"));
    }

    void sqliteErrorKeepsItsPositionAfterRun()
    {
        MainWindow window;
        const QString candidate = QStringLiteral("SELECT name FROM people WHERE agee > 34");
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"), candidate));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::CandidateError);
        QVERIFY2(window.verdictBanner()->detail().contains(QStringLiteral("line 1, column 31")),
                 qPrintable(window.verdictBanner()->detail()));
        QVERIFY(window.verdictBanner()->detail().contains(QStringLiteral("no such column: agee")));

        // The marker in the editor covers the word SQLite named.
        const auto [begin, end] = window.candidateEditor()->runErrorRange();
        QCOMPARE(candidate.mid(begin, end - begin), QStringLiteral("agee"));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("line 1, column 31")));

        // Editing the text retires the marker: it belonged to the text that was run.
        QTest::keyClick(window.candidateEditor(), Qt::Key_End);
        QTest::keyClicks(window.candidateEditor(), QStringLiteral(" "));
        QVERIFY(window.candidateEditor()->runErrorMessage().isEmpty());
    }

    void aGoldSqliteRejectsIsMarkedInTheGoldEditor()
    {
        MainWindow window;
        const QString gold = QStringLiteral("SELECT nme FROM people");
        runSettled(window, peopleSession(gold, QStringLiteral("SELECT name FROM people")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Failed);
        QCOMPARE(window.verdictBanner()->title(), QStringLiteral("The gold query cannot be run"));
        QVERIFY(window.verdictBanner()->detail().contains(QStringLiteral("line 1, column 8")));
        const auto [begin, end] = window.goldEditor()->runErrorRange();
        QCOMPARE(gold.mid(begin, end - begin), QStringLiteral("nme"));
    }

    void replacingATextWithErrorUnderlinesWarnsNothing()
    {
        // An underline placed on the old text must not be placed past the end of a
        // shorter new one ("QTextCursor::setPosition: Position '38' out of range").
        QTest::failOnWarning(QRegularExpression(QStringLiteral("QTextCursor|out of range")));
        ui::SqlEditor editor;
        editor.setSql(QStringLiteral("SELECT name FROM singer WHERE age > 30 ORDER BY name LIMIT"));
        QVERIFY(editor.hasError());  // incomplete input, at the end
        editor.setRunError(47, 51, QStringLiteral("no such column: name"));
        editor.setSql(QStringLiteral("SELECT 1"));
        QVERIFY(!editor.hasError());
        editor.setRunError(20, 30, QStringLiteral("past the end"));  // a stale run's position: not drawn
        editor.setPlainText(QStringLiteral("SELECT"));
    }

    void aSyntaxErrorKeepsTheParsersPositionInTheStatusBar()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people"), QStringLiteral("SELECT name, FROM people")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::CandidateError);
        QVERIFY(window.candidateEditor()->hasError());
        QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Candidate: line 1")),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("Done in")));
    }

    void bannerGivesBothVerdictsAndTheEvidence()
    {
        MainWindow window;
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE age >= 34")));
        const QString detail = window.verdictBanner()->detail();
        QVERIFY2(detail.contains(QStringLiteral("Test suite: ✗ rejects")), qPrintable(detail));
        QVERIFY(detail.contains(QStringLiteral("sqleq: ✗ different, shown by a minimal counterexample of")));

        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE 34 < age")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Equivalent);
        const QString proved = window.verdictBanner()->detail();
        QVERIFY2(proved.contains(QStringLiteral("Test suite: ✓ accepts")), qPrintable(proved));
        QVERIFY2(proved.contains(QStringLiteral("sqleq: ✓ equivalent, proved")), qPrintable(proved));

        // A redundant conjunct no rewrite removes: searched, and the banner says how hard.
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE age > 34 AND age > 30")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Equivalent);
        const QString equivalent = window.verdictBanner()->detail();
        QVERIFY2(equivalent.contains(QStringLiteral("Test suite: ✓ accepts")), qPrintable(equivalent));
        QVERIFY2(equivalent.contains(QStringLiteral("sqleq: ✓ equivalent on")), qPrintable(equivalent));
    }

    void explanationBesideTheEditorsNamesTheEdit()
    {
        MainWindow window;
        window.show();
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE age >= 34")));
        ui::ExplanationPanel* panel = window.explanationPanel();
        QVERIFY(panel->isVisible());
        // The candidate is the gold's `>` → `>=` neighbor: named, in words.
        QVERIFY2(panel->text().contains(QStringLiteral("In short: the candidate has >= where the gold has >.")),
                 qPrintable(panel->text()));
        QVERIFY(!panel->text().contains(QStringLiteral("Behaves like")));
        QVERIFY(panel->text().contains(QStringLiteral("WHERE differs")));

        // A dropped WHERE is named as such, not as a random constant that passes every row.
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people")));
        QVERIFY2(panel->text().contains(QStringLiteral("In short: the candidate drops WHERE age > 34.")),
                 qPrintable(panel->text()));

        // A candidate no neighbor explains: no "in short", only the clause that differs.
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE name LIKE 'C%'")));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        QVERIFY2(!panel->text().contains(QStringLiteral("In short")), qPrintable(panel->text()));
        QVERIFY(panel->text().contains(QStringLiteral("WHERE differs")));

        // Equivalent queries typed as run: nothing to explain.
        runSettled(window, peopleSession(QStringLiteral("SELECT name FROM people WHERE age > 34"),
                                         QStringLiteral("SELECT name FROM people WHERE 34 < age")));
        QVERIFY(!panel->isVisible());
    }
};

SQLEQ_GUI_TEST_MAIN(TestInputsAndErrors)
#include "test_inputs_and_errors.moc"
