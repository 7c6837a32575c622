// DatabaseView: one database of the run, one tab per table ("people (4)"), each a table
// view over its own TableRowsModel. It opens on the table and column that separate the
// pair (core's separation focus) and its caption says why in a sentence;
// tables neither query reads are folded into one line that expands on click. A toggle
// switches the separating database between its minimal counterexample and the full
// database (the rows the counterexample keeps marked, simplified values beside their
// originals); double-clicking a foreign-key cell follows it to the referenced row.
#pragma once

#include "core/inspect/separation_focus.h"
#include "ui/session/run_result.h"

#include <QPersistentModelIndex>
#include <QWidget>

#include <optional>
#include <vector>

class QButtonGroup;
class QLabel;
class QPushButton;
class QRadioButton;
class QTabWidget;
class QTableView;

namespace sqleq::ui {

class TableRowsModel;

class DatabaseView : public QWidget {
    Q_OBJECT

public:
    enum class Mode { Counterexample, Full };

    explicit DatabaseView(QWidget* parent = nullptr);

    /// New run: one tab per schema table; shows nothing until showDatabase().
    void setResult(const RunResultPtr& result);
    /// Shows suite database `index` (-1: none). The mode applies to the separating database only.
    void showDatabase(int index);
    void setMode(Mode mode);

    [[nodiscard]] Mode mode() const { return m_mode; }
    /// True when the counterexample is what the tabs show now.
    [[nodiscard]] bool showingCounterexample() const;
    [[nodiscard]] int database() const { return m_database; }
    [[nodiscard]] int tableCount() const;
    [[nodiscard]] QString tabTitle(int tab) const;
    [[nodiscard]] TableRowsModel* tableModel(int tab) const;
    [[nodiscard]] QTableView* tableView(int tab) const;
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    [[nodiscard]] QString caption() const;
    /// The column the view scrolled to on opening ("concert.stadium_id"); empty when none.
    [[nodiscard]] QString focusedColumn() const;
    /// The row of `tab` the full database scrolled to: its first row the counterexample
    /// keeps (◆); -1 when none is marked or the full database is not shown.
    [[nodiscard]] int firstKeptRow(int tab) const;
    /// Whether `tab` is shown in the tab bar (tables neither query reads are folded away).
    [[nodiscard]] bool isTabShown(int tab) const;
    /// The line that lists the folded tables and shows them on click; hidden when none.
    [[nodiscard]] QPushButton* unreadTablesButton() const { return m_unreadButton; }
    /// That line in full ("Not read by either query: stadium (1), … — show"); the button
    /// shows it elided to its width.
    [[nodiscard]] const QString& unreadTablesText() const { return m_unreadText; }
    /// Shows or folds the tables neither query reads.
    void setUnreadTablesShown(bool shown);

    /// Follows the foreign key of `index` (a cell of any tab) to the referenced row:
    /// switches tab and selects it. False when the cell is no key or the row is absent.
    bool followForeignKey(const QModelIndex& index);

signals:
    void modeChanged(sqleq::ui::DatabaseView::Mode mode);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuildTabs();
    void refresh();
    void updateTitles();
    void updateCaption(bool valid, bool separating, bool hasCounterexample);
    void updateUnreadLine();
    void elideUnreadLine();
    [[nodiscard]] bool isReadByEitherQuery(std::size_t tab) const;
    [[nodiscard]] bool isFolded(std::size_t tab) const;
    /// The tab of the table that carries the difference (core's separation focus on
    /// the counterexample, else on the separating database); -1 when none.
    [[nodiscard]] int separatingTable() const;
    /// Core's separation focus on the counterexample (else on the separating database),
    /// computed once per run: every caption and the opening cell use it.
    [[nodiscard]] std::optional<inspect::SeparationFocus> computeFocus() const;
    [[nodiscard]] const std::optional<inspect::SeparationFocus>& focus() const { return m_focus; }
    /// In the full database, scrolls `tab` to the first row the counterexample keeps (◆).
    void scrollToKeptRows(int tab);
    /// Opens the focus's tab and scrolls its column into view.
    void openOnFocus();

    RunResultPtr m_result;
    std::optional<inspect::SeparationFocus> m_focus;
    int m_database = -1;
    Mode m_mode = Mode::Counterexample;
    QLabel* m_caption = nullptr;
    QRadioButton* m_counterexampleButton = nullptr;
    QRadioButton* m_fullButton = nullptr;
    QButtonGroup* m_modeGroup = nullptr;
    QTabWidget* m_tabs = nullptr;
    QPushButton* m_unreadButton = nullptr;
    QString m_unreadText;
    QStringList m_unreadTables;  ///< "name (rows)" of each table the line names
    std::vector<TableRowsModel*> m_models;
    bool m_unreadShown = false;
    QString m_focusedColumn;  ///< "table.column" the view scrolled to on opening
    /// The decisive cell kept in sight as its table is resized (the window's layout settles
    /// after the result arrives), until the user scrolls that table sideways.
    QPersistentModelIndex m_focusCell;
    bool m_openOnSeparatingTable = false;  ///< set by a new run, cleared once a database is shown
    /// Tabs of the full database not yet scrolled to their first ◆ row (a hidden view
    /// cannot scroll: each scrolls when first shown).
    std::vector<bool> m_keptRowsPending;
};

} // namespace sqleq::ui
