// How a neighbor query reads in the neighbors tree, as text rather than pixels: the
// change with gold context cut at word boundaries, "…" only where context was cut and
// never against the change, the removed text kept apart from the added one, and the
// rows of the paper's Figure 1 in a column of the width they get at 1280×800.

#include "ui/main_window.h"
#include "ui/models/neighbors_model.h"
#include "ui/widgets/neighbor_delegate.h"
#include "ui/widgets/neighbors_panel.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QTemporaryDir>
#include <QTextDocument>
#include <QTreeView>
#include <QtTest>

using namespace sqleq;
using Kind = ui::ChangePiece::Kind;
using Pieces = QList<ui::ChangePiece>;

namespace {

const QString kGold = QStringLiteral("SELECT name FROM singer WHERE age > 34 ORDER BY name");

int at(const QString& text) { return static_cast<int>(kGold.indexOf(text)); }

} // namespace

class TestNeighborRows : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void constantChangeKeepsOldAndNewApart()
    {
        const Pieces pieces = ui::NeighborDelegate::changePieces(kGold, at("34"), at("34") + 2, QStringLiteral("11"), 8);
        const Pieces expected{{Kind::Context, QStringLiteral("…age > ")},
                              {Kind::Removed, QStringLiteral("34")},
                              {Kind::Arrow, QStringLiteral(" → ")},
                              {Kind::Added, QStringLiteral("11")},
                              {Kind::Context, QStringLiteral(" ORDER…")}};
        QCOMPARE(pieces, expected);
        QCOMPARE(ui::NeighborDelegate::plainText(pieces), QStringLiteral("…age > ~~34~~ → 11 ORDER…"));
    }

    void contextIsCutAtWordsOnly()
    {
        // Eleven characters before "34" start inside "WHERE": the context starts at "age".
        const Pieces pieces = ui::NeighborDelegate::changePieces(kGold, at("34"), at("34") + 2, QStringLiteral("11"), 11);
        QCOMPARE(pieces.first().text, QStringLiteral("…age > "));
        for (int context = 0; context < kGold.size(); ++context) {
            const QString text = ui::NeighborDelegate::plainText(
                ui::NeighborDelegate::changePieces(kGold, at("34"), at("34") + 2, QStringLiteral("11"), context));
            QVERIFY2(!text.contains(QStringLiteral("…~~")) && !text.contains(QStringLiteral("11…")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("~~34~~ → 11")), qPrintable(text));
            // Whatever is shown of the gold is whole words of it.
            QString shown = text;
            shown.remove(QStringLiteral("…")).replace(QStringLiteral("~~34~~ → 11"), QStringLiteral("34"));
            QVERIFY2(kGold.contains(shown), qPrintable(text));
            QVERIFY2(shown.isEmpty() || kGold.indexOf(shown) == 0 || kGold.at(kGold.indexOf(shown) - 1).isSpace()
                         || shown.startsWith(QStringLiteral("34")),
                     qPrintable(text));
        }
        // Context that reaches the start or the end of the gold needs no "…".
        QCOMPARE(ui::NeighborDelegate::plainText(
                     ui::NeighborDelegate::changePieces(kGold, at("34"), at("34") + 2, QStringLiteral("11"), 100)),
                 QStringLiteral("SELECT name FROM singer WHERE age > ~~34~~ → 11 ORDER BY name"));
    }

    void anOperatorChangeKeepsItsOperands()
    {
        // "= → !=" alone does not say which comparison changed: an operator keeps the
        // words on both sides of it however little context the column has room for.
        const QString gold = QStringLiteral("SELECT count(*) FROM head AS T2 WHERE T2.born > 1950 AND T2.Age = 20");
        const int equals = static_cast<int>(gold.indexOf(QStringLiteral(" = "))) + 1;
        for (const int context : {0, 4})
            QCOMPARE(ui::NeighborDelegate::plainText(
                         ui::NeighborDelegate::changePieces(gold, equals, equals + 1, QStringLiteral("!="), context)),
                     QStringLiteral("…T2.Age ~~=~~ → != 20"));
        const int greater = static_cast<int>(gold.indexOf(QStringLiteral(">")));
        QCOMPARE(ui::NeighborDelegate::plainText(
                     ui::NeighborDelegate::changePieces(gold, greater, greater + 1, QStringLiteral(">="), 0)),
                 QStringLiteral("…T2.born ~~>~~ → >= 1950…"));
        // A constant or a keyword is not an operator: no forced context.
        QCOMPARE(ui::NeighborDelegate::plainText(ui::NeighborDelegate::changePieces(
                     gold, static_cast<int>(gold.indexOf(QStringLiteral("20"))), static_cast<int>(gold.size()),
                     QStringLiteral("21"), 0)),
                 QStringLiteral("~~20~~ → 21"));
    }

    void dropsInsertionsAndLongText()
    {
        // A dropped clause: struck, nothing after it.
        const Pieces dropped = ui::NeighborDelegate::changePieces(kGold, at(" WHERE"), at(" ORDER"), {}, 0);
        QCOMPARE(dropped, (Pieces{{Kind::Removed, QStringLiteral(" WHERE age > 34")}}));
        // An insertion: only the added text.
        const Pieces inserted = ui::NeighborDelegate::changePieces(kGold, at(" name"), at(" name"), QStringLiteral(" DISTINCT"), 0);
        QCOMPARE(inserted, (Pieces{{Kind::Added, QStringLiteral(" DISTINCT")}}));
        // A long removed text keeps both its ends.
        const Pieces longDrop = ui::NeighborDelegate::changePieces(kGold, 0, static_cast<int>(kGold.size()), {}, 0, 12);
        QCOMPARE(longDrop.size(), 1);
        QVERIFY(longDrop.first().text.startsWith(QStringLiteral("SELECT")));
        QVERIFY(longDrop.first().text.endsWith(QStringLiteral("name")));
        QVERIFY(longDrop.first().text.contains(QStringLiteral("…")));
        // A shortened removed text keeps the space that parts it from its context.
        const Pieces droppedLong = ui::NeighborDelegate::changePieces(kGold, at(" WHERE"), at(" ORDER"), {}, 0, 8);
        QVERIFY(droppedLong.first().text.startsWith(QLatin1Char(' ')));
        // An invalid span gives nothing to draw (the plain SQL is drawn instead).
        QVERIFY(ui::NeighborDelegate::changePieces(kGold, 5, 2, {}, 8).isEmpty());
        QVERIFY(ui::NeighborDelegate::changePieces(kGold, 0, 999, {}, 8).isEmpty());
    }

    void figureOneRowsShowTheirChangeAt1280()
    {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        test::runToVerdict(window, QStringLiteral(":/examples/figure1-different.sqleq"));
        auto* tree = window.neighborsPanel()->findChild<QTreeView*>();
        QVERIFY(tree);
        QAbstractItemModel* model = tree->model();
        int rows = 0;
        for (int family = 0; family < model->rowCount(); ++family) {
            const QModelIndex parent = model->index(family, 0);
            QVERIFY(tree->isFirstColumnSpanned(family, {}));
            for (int row = 0; row < model->rowCount(parent); ++row) {
                const QModelIndex index = model->index(row, ui::NeighborsModel::SqlColumn, parent);
                QVERIFY(!index.data(Qt::ToolTipRole).toString().isEmpty());  // the whole neighbor
                const int width = tree->visualRect(index).width();
                const QString html = ui::NeighborDelegate::fittingChangeHtml(index, tree->palette(), tree->font(), width);
                if (html.isEmpty()) continue;
                ++rows;
                QTextDocument document;
                document.setDefaultFont(tree->font());
                document.setDocumentMargin(0);
                document.setHtml(html);
                // The change itself is readable in the column: it fits whole.
                QVERIFY2(document.idealWidth() <= width, qPrintable(QStringLiteral("%1 in %2 px").arg(document.toPlainText()).arg(width)));
            }
        }
        QVERIFY(rows > 0);
    }
};

SQLEQ_GUI_TEST_MAIN(TestNeighborRows)
#include "test_neighbor_rows.moc"
