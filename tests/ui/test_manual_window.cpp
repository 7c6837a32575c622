// Help ▸ Manual, offscreen: it lists the user's pages (README and docs/, not the
// developers' pages), its table of contents is plain text, every image of every page
// loads from the resource, links between pages are followed, search finds a word on
// this page or another and says when nothing matches, and Esc closes the window. The
// heading rules of manual_contents.h are checked on their own first.

#include "ui/main_window.h"
#include "ui/main_window_actions.h"
#include "ui/widgets/manual_contents.h"
#include "ui/widgets/manual_window.h"
#include "tests/ui/gui_test_support.h"

#include <QImage>
#include <QLineEdit>
#include <QTextBlock>
#include <QTextBrowser>
#include "tests/ui/gui_test_main.h"

#include <QTextDocument>
#include <QtTest>

using namespace sqleq;

namespace {

/// The image names of the document a browser shows, as its page writes them.
QStringList imageNames(const QTextDocument& document)
{
    QStringList names;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isImageFormat())
                names << it.fragment().charFormat().toImageFormat().name();
    return names;
}

int pageIndex(const QString& path) { return static_cast<int>(ui::manualPagePaths().indexOf(path)); }

} // namespace

class TestManualWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void headingsBecomePlainText()
    {
        QCOMPARE(ui::plainHeadingText(QStringLiteral("Python: `import sqleq`")), QStringLiteral("Python: import sqleq"));
        QCOMPARE(ui::plainHeadingText(QStringLiteral("**Bold** and *em* and _em_")), QStringLiteral("Bold and em and em"));
        QCOMPARE(ui::plainHeadingText(QStringLiteral("See [the CLI](cli.md#exit-codes)")), QStringLiteral("See the CLI"));
        QCOMPARE(ui::plainHeadingText(QStringLiteral("run_query and 2 \\* 3")), QStringLiteral("run_query and 2 3"));
        QCOMPARE(ui::headingAnchor(QStringLiteral("The inspector (sqleq)")), QStringLiteral("the-inspector-sqleq"));
        QCOMPARE(ui::headingAnchor(QStringLiteral("Diagnosis: why they differ")), QStringLiteral("diagnosis-why-they-differ"));

        const QList<ui::ManualHeading> headings = ui::manualHeadings(QStringLiteral(
            "# Title\nintro\n## One `x`\ntext\n```sh\n## not a heading\n# nor this\n```\n## One x\n### Deep\n"), 2);
        QCOMPARE(headings.size(), 3);
        QCOMPARE(headings[0].title, QStringLiteral("Title"));
        QCOMPARE(headings[1].title, QStringLiteral("One x"));
        QCOMPARE(headings[1].anchor, QStringLiteral("one-x"));
        QCOMPARE(headings[2].anchor, QStringLiteral("one-x-1"));
    }

    void listsTheUserPages()
    {
        ui::ManualWindow manual;
        const QStringList titles = manual.pageTitles();
        QCOMPARE(titles.size(), ui::manualPagePaths().size());
        QCOMPARE(titles.constFirst(), QStringLiteral("sqleq"));
        for (const char* title : {"The inspector (sqleq)", "The command line (sqleq-cli)", "Verdicts and their evidence",
                                  "Hostile input: budgets, caps and refusals", "Auditing a submission",
                                  "Python: import sqleq"})
            QVERIFY2(titles.contains(QString::fromUtf8(title)), qPrintable(titles.join(QLatin1Char('|'))));
        QVERIFY(!titles.contains(QStringLiteral("Benchmarks")));
        QVERIFY(!titles.contains(QStringLiteral("Development and architecture")));
        for (const QString& path : ui::manualPagePaths())
            QVERIFY2(!ui::ManualWindow::bundledPage(path).isEmpty(), qPrintable(path));
        QVERIFY(ui::ManualWindow::bundledPage(QStringLiteral("docs/development.md")).isEmpty());
    }

    void contentsArePlainText()
    {
        ui::ManualWindow manual;
        const QStringList entries = manual.contentsEntries();
        QVERIFY2(entries.size() > manual.pageTitles().size() * 2, qPrintable(entries.join(QLatin1Char('|'))));
        for (const QString& entry : entries) {
            QVERIFY2(!entry.contains(QLatin1Char('`')), qPrintable(entry));
            QVERIFY2(!entry.contains(QLatin1Char('*')), qPrintable(entry));
            QVERIFY2(!entry.contains(QLatin1String("](")), qPrintable(entry));
        }
        QVERIFY(entries.contains(QStringLiteral("Two verdicts")));
        QVERIFY(entries.contains(QStringLiteral("Profiles")));
    }

    void everyImageOfEveryPageLoads()
    {
        ui::ManualWindow manual;
        int images = 0;
        for (int page = 0; page < manual.pageTitles().size(); ++page) {
            QVERIFY(manual.showPage(page));
            const QTextDocument& document = *manual.browser()->document();
            QVERIFY2(!document.toPlainText().trimmed().isEmpty(), qPrintable(manual.pageTitles().at(page)));
            for (const QString& name : imageNames(document)) {
                const QImage image = ui::ManualWindow::manualImage(document, name);
                QVERIFY2(!image.isNull(), qPrintable(manual.pageTitles().at(page) + QStringLiteral(": ") + name));
                ++images;
            }
        }
        // README, inspector (3), verdicts and auditing show screenshots.
        QVERIFY2(images >= 6, qPrintable(QString::number(images)));
        QVERIFY(manual.showPage(0));
        QVERIFY(imageNames(*manual.browser()->document()).constFirst().endsWith(QLatin1String("different.png")));
    }

    void linksBetweenPagesAreFollowed()
    {
        ui::ManualWindow manual;
        QVERIFY(manual.showPage(pageIndex(QStringLiteral("docs/cli.md"))));
        emit manual.browser()->anchorClicked(QUrl(QStringLiteral("verdicts.md#profiles")));
        QCOMPARE(manual.currentPage(), pageIndex(QStringLiteral("docs/verdicts.md")));
        QCOMPARE(manual.browser()->textCursor().block().text(), QStringLiteral("Profiles"));
        emit manual.browser()->anchorClicked(QUrl(QStringLiteral("../README.md")));
        QCOMPARE(manual.currentPage(), 0);
        emit manual.browser()->anchorClicked(QUrl(QStringLiteral("docs/development.md")));
        QCOMPARE(manual.currentPage(), 0);
        QVERIFY(manual.statusText().contains(QStringLiteral("docs/development.md")));
    }

    void searchFindsAndSaysNoMatch()
    {
        ui::ManualWindow manual;
        QVERIFY(manual.findNext(QStringLiteral("counterexample")));
        QCOMPARE(manual.currentPage(), 0);
        QCOMPARE(manual.browser()->textCursor().selectedText().toLower(), QStringLiteral("counterexample"));
        // A word only another page holds: the manual turns to it.
        QVERIFY(manual.findNext(QStringLiteral("Cohen")));
        QCOMPARE(manual.currentPage(), pageIndex(QStringLiteral("docs/auditing.md")));
        QVERIFY(manual.statusText().contains(QStringLiteral("Auditing a submission")));
        QVERIFY(!manual.findNext(QStringLiteral("qzxjvwk gibberish")));
        QVERIFY(manual.statusText().startsWith(QStringLiteral("No match")));
        // Enter in the search field is "next match".
        manual.searchField()->setText(QStringLiteral("plug-value"));
        QTest::keyClick(manual.searchField(), Qt::Key_Return);
        QVERIFY(manual.statusText().startsWith(QStringLiteral("Found")));
        QCOMPARE(manual.browser()->textCursor().selectedText(), QStringLiteral("plug-value"));
    }

    void escCloses()
    {
        ui::ManualWindow manual;
        manual.show();
        manual.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&manual));
        manual.searchField()->setFocus();
        QTest::keyClick(manual.searchField(), Qt::Key_Escape);
        QTRY_VERIFY(!manual.isVisible());
    }

    void helpManualOpensIt()
    {
        ui::MainWindow window;
        window.findChild<ui::MainWindowActions*>()->manual->trigger();
        auto* manual = window.findChild<ui::ManualWindow*>();
        QVERIFY(manual != nullptr);
        QVERIFY(manual->isVisible());
        manual->close();
    }
};

SQLEQ_GUI_TEST_MAIN(TestManualWindow)
#include "test_manual_window.moc"
