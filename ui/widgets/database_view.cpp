// DatabaseView: the tabs are rebuilt only when a new run arrives (the schema may have
// changed); switching databases or modes re-points the existing models, which keeps
// the user's current tab and makes switching cheap. Folded tables keep their tab (only
// hidden), so a tab index is always the schema's table index.

#include "ui/widgets/database_view.h"

#include "ui/models/database_naming.h"
#include "ui/models/table_rows_model.h"
#include "ui/widgets/cell_delegate.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/eliding_header.h"
#include "ui/widgets/sentence.h"
#include "ui/widgets/table_rows.h"
#include "ui/widgets/wrapped_lines_minimum.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace sqleq::ui {
namespace {

/// Rows each table of the database keeps in sight, however little room the window has.
constexpr int kRowsInView = 3;

QString capitalized(QString text)
{
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    return text;
}

} // namespace

DatabaseView::DatabaseView(QWidget* parent) : QWidget(parent)
{
    m_caption = new QLabel(tr("The separating database appears here after a run."), this);
    m_caption->setWordWrap(true);
    // The caption is the section's heading ("Separating database #1 …").
    QFont bold = m_caption->font();
    bold.setBold(true);
    m_caption->setFont(bold);
    m_counterexampleButton = new QRadioButton(tr("&Minimal counterexample"), this);
    m_fullButton = new QRadioButton(tr("Full data&base"), this);
    m_counterexampleButton->setToolTip(tr("The fewest rows of the separating database that still separate the queries"));
    m_fullButton->setToolTip(tr("Every row of the database; the rows the counterexample keeps are marked ◆ and tinted"));
    m_caption->setAccessibleName(tr("Database shown"));
    m_counterexampleButton->setAccessibleName(tr("Show the minimal counterexample"));
    m_fullButton->setAccessibleName(tr("Show the full database"));
    m_modeGroup = new QButtonGroup(this);
    m_modeGroup->addButton(m_counterexampleButton, static_cast<int>(Mode::Counterexample));
    m_modeGroup->addButton(m_fullButton, static_cast<int>(Mode::Full));
    m_counterexampleButton->setChecked(true);
    connect(m_modeGroup, &QButtonGroup::idClicked, this, [this](int id) { setMode(static_cast<Mode>(id)); });

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("databaseTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->setAccessibleName(tr("Tables of the database"));
    connect(m_tabs, &QTabWidget::currentChanged, this, &DatabaseView::scrollToKeptRows);

    // Tables neither query reads hold rows only because the profile allows no empty
    // table: one line names them, and a click shows their tabs.
    m_unreadButton = new QPushButton(this);
    m_unreadButton->setObjectName(QStringLiteral("unreadTablesButton"));
    m_unreadButton->setFlat(true);
    m_unreadButton->setCheckable(true);
    m_unreadButton->setAccessibleName(tr("Tables not read by either query"));
    m_unreadButton->setToolTip(tr("Their rows are there only because the profile allows no empty table; "
                                  "click to show or hide their tabs"));
    m_unreadButton->setStyleSheet(QStringLiteral("text-align: left;"));
    m_unreadButton->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_unreadButton->hide();
    connect(m_unreadButton, &QPushButton::toggled, this, &DatabaseView::setUnreadTablesShown);

    // The toggle sits in the tab bar's corner, so the caption has the whole width and the
    // rows keep the height (audit mode leaves the inspector little of it).
    auto* toggle = new QWidget(m_tabs);
    auto* toggleLayout = new QHBoxLayout(toggle);
    toggleLayout->setContentsMargins(6, 0, 0, 0);
    toggleLayout->addWidget(m_counterexampleButton);
    toggleLayout->addWidget(m_fullButton);
    m_counterexampleButton->setParent(toggle);
    m_fullButton->setParent(toggle);
    m_tabs->setCornerWidget(toggle, Qt::TopRightCorner);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);  // tight: at 1280×800 each pixel of height is a table's
    layout->addWidget(m_caption);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_unreadButton);
    // The caption wraps to three or four lines (more when zoomed): counted, the table
    // under it keeps its rows instead of being pushed below the pane's edge.
    new WrappedLinesMinimum(this, {m_caption});
    refresh();
}

int DatabaseView::tableCount() const { return m_tabs->count(); }
QString DatabaseView::tabTitle(int tab) const { return m_tabs->tabText(tab).remove(QLatin1Char('&')); }

TableRowsModel* DatabaseView::tableModel(int tab) const
{
    return tab >= 0 && static_cast<std::size_t>(tab) < m_models.size() ? m_models[static_cast<std::size_t>(tab)] : nullptr;
}

QTableView* DatabaseView::tableView(int tab) const { return qobject_cast<QTableView*>(m_tabs->widget(tab)); }
QString DatabaseView::caption() const { return m_caption->text(); }
bool DatabaseView::isTabShown(int tab) const { return m_tabs->isTabVisible(tab); }

void DatabaseView::setUnreadTablesShown(bool shown)
{
    if (m_unreadButton->isChecked() != shown) m_unreadButton->setChecked(shown);
    if (shown == m_unreadShown) return;
    m_unreadShown = shown;
    updateTitles();
}

void DatabaseView::setResult(const RunResultPtr& result)
{
    m_result = result;
    m_focus = computeFocus();
    m_database = -1;
    m_openOnSeparatingTable = true;
    rebuildTabs();
    refresh();
}

void DatabaseView::showDatabase(int index)
{
    m_database = index;
    refresh();
}

void DatabaseView::setMode(Mode mode)
{
    if (m_modeGroup->checkedId() != static_cast<int>(mode)) m_modeGroup->button(static_cast<int>(mode))->setChecked(true);
    if (mode == m_mode) return;
    m_mode = mode;
    refresh();
    emit modeChanged(mode);
}

bool DatabaseView::showingCounterexample() const
{
    if (!m_result || !m_result->counterexample || m_mode != Mode::Counterexample) return false;
    return m_database >= 0 && static_cast<std::size_t>(m_database) < m_result->databases.size()
        && m_result->databases[static_cast<std::size_t>(m_database)].separating;
}

void DatabaseView::rebuildTabs()
{
    m_keptRowsPending.clear();
    while (m_tabs->count() > 0) {
        QWidget* page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        page->deleteLater();
    }
    m_models.clear();
    if (!m_result) return;
    for (const schema::Table& table : m_result->schema.tables) {
        auto* model = new TableRowsModel(this);
        auto* view = new QTableView(m_tabs);
        view->viewport()->installEventFilter(this);
        // A sideways scroll of the user's own is kept from then on.
        connect(view->horizontalScrollBar(), &QAbstractSlider::actionTriggered, this, [this, view] {
            if (m_focusCell.isValid() && m_focusCell.model() == view->model()) m_focusCell = QPersistentModelIndex();
        });
        view->setAccessibleName(tr("Rows of table %1").arg(QString::fromStdString(table.name)));
        view->setModel(model);
        view->setItemDelegate(new CellDelegate(TableRowsModel::IsNullRole, TableRowsModel::HighlightedRole, view));
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        view->setWordWrap(false);
        // A column narrower than its name shows the name's start and "…" ("Song_release_y…"),
        // not its middle cut at both ends ("NUMER"); its tooltip has the whole name.
        useElidingHeader(view);
        fitRows(view, kRowsInView);
        m_tabs->addTab(view, QString::fromStdString(table.name));
        connect(view, &QAbstractItemView::doubleClicked, this, &DatabaseView::followForeignKey);
        m_models.push_back(model);
    }
}

void DatabaseView::refresh()
{
    const bool valid = m_result && m_database >= 0 && static_cast<std::size_t>(m_database) < m_result->databases.size();
    const bool separating = valid && m_result->databases[static_cast<std::size_t>(m_database)].separating;
    const bool hasCounterexample = separating && m_result->counterexample.has_value();
    m_counterexampleButton->setEnabled(hasCounterexample);
    m_fullButton->setEnabled(hasCounterexample);
    // No counterexample in this run (equivalent, or a candidate that does not run): no toggle.
    const bool runHasCounterexample = m_result && m_result->counterexample.has_value();
    m_counterexampleButton->setVisible(runHasCounterexample);
    m_fullButton->setVisible(runHasCounterexample);
    const bool counterexample = showingCounterexample();
    for (std::size_t tab = 0; tab < m_models.size(); ++tab) {
        const QString table = QString::fromStdString(m_result->schema.tables[tab].name);
        if (counterexample)
            m_models[tab]->showCounterexample(m_result, table);
        else if (valid)
            m_models[tab]->showSuiteDatabase(m_result, m_database, table);
        else
            m_models[tab]->setTable(nullptr, nullptr, table);
    }
    updateCaption(valid, separating, hasCounterexample);
    updateTitles();
    if (valid && m_openOnSeparatingTable) {
        m_openOnSeparatingTable = false;
        openOnFocus();
    }
    // The full database opens where the counterexample's rows are (row 28 of 48, not row 1).
    m_keptRowsPending.assign(m_models.size(), hasCounterexample && !counterexample);
    scrollToKeptRows(m_tabs->currentIndex());
}

int DatabaseView::firstKeptRow(int tab) const
{
    const bool full = m_result && m_result->counterexample && !showingCounterexample() && m_database >= 0
                      && static_cast<std::size_t>(m_database) < m_result->databases.size()
                      && m_result->databases[static_cast<std::size_t>(m_database)].separating;
    if (!full || TableRowsModel::counterexampleKeepsEveryRow(*m_result) || tableModel(tab) == nullptr) return -1;
    const auto kept = TableRowsModel::keptSourceRows(*m_result, tableModel(tab)->tableName());
    if (kept.empty()) return -1;
    return static_cast<int>(*std::min_element(kept.begin(), kept.end()));
}

void DatabaseView::scrollToKeptRows(int tab)
{
    if (tab < 0 || static_cast<std::size_t>(tab) >= m_keptRowsPending.size() || !m_keptRowsPending[static_cast<std::size_t>(tab)])
        return;
    m_keptRowsPending[static_cast<std::size_t>(tab)] = false;
    const int row = firstKeptRow(tab);
    TableRowsModel* model = tableModel(tab);
    QTableView* view = tableView(tab);
    if (row < 0 || view == nullptr) return;
    while (model->rowCount() <= row && model->canFetchMore({})) model->fetchMore({});
    // On the focus table, the decisive column stays in sight; elsewhere the column the user was on.
    const schema::Table& table = m_result->schema.tables[static_cast<std::size_t>(tab)];
    int column = std::max(0, view->currentIndex().column());
    if (m_focus && !m_focus->column.empty() && schema::sameIdentifier(m_focus->table, table.name))
        column = static_cast<int>(table.columnIndex(m_focus->column));
    const QModelIndex cell = model->index(row, column);
    if (!cell.isValid()) return;
    view->doItemsLayout();
    view->selectionModel()->setCurrentIndex(cell, QItemSelectionModel::NoUpdate);
    view->scrollTo(cell, QAbstractItemView::PositionAtTop);
}

std::optional<inspect::SeparationFocus> DatabaseView::computeFocus() const
{
    if (!m_result || m_result->tablesRead.empty()) return std::nullopt;
    const int separating = [&] {
        for (std::size_t i = 0; i < m_result->databases.size(); ++i)
            if (m_result->databases[i].separating) return static_cast<int>(i);
        return -1;
    }();
    const schema::DatabaseContent* content = nullptr;
    if (m_result->counterexample)
        content = &*m_result->counterexample;
    else if (separating >= 0)
        content = &m_result->databases[static_cast<std::size_t>(separating)].content;
    if (content == nullptr) return std::nullopt;
    // The columns as SQLite resolves them: the sentence names none that neither query reads.
    const auto columnsRead =
        inspect::columnsReadByEither(m_result->schema, m_result->check.goldUsed, m_result->check.candidateUsed);
    return inspect::separationFocus(m_result->schema, *content, m_result->tablesRead, columnsRead,
                                    m_result->diagnosis.clauses);
}

void DatabaseView::openOnFocus()
{
    m_focusedColumn.clear();
    m_focusCell = QPersistentModelIndex();
    const int tab = separatingTable();
    if (tab < 0) return;
    m_tabs->setCurrentIndex(tab);
    const auto where = focus();
    if (!where || where->column.empty()) return;
    const schema::Table& table = m_result->schema.tables[static_cast<std::size_t>(tab)];
    const std::size_t column = table.columnIndex(where->column);
    QTableView* view = tableView(tab);
    if (column >= table.columns.size() || view == nullptr) return;
    m_focusedColumn = QStringLiteral("%1.%2").arg(QString::fromStdString(table.name), QString::fromStdString(where->column));
    // The decisive column may lie past the right edge: scroll it into view, on the first row.
    const QModelIndex cell = view->model()->index(0, static_cast<int>(column));
    if (!cell.isValid()) return;
    view->doItemsLayout();  // the model was just reset: the scroll bars learn its size now, not later
    view->selectionModel()->setCurrentIndex(cell, QItemSelectionModel::NoUpdate);
    view->scrollTo(cell, QAbstractItemView::PositionAtCenter);
    // The view may not have its final width yet (a window still laid out, audit mode's
    // docks taking their space): each resize brings the column back into sight.
    m_focusCell = cell;
}

bool DatabaseView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize && m_focusCell.isValid()) {
        for (std::size_t tab = 0; tab < m_models.size(); ++tab) {
            QTableView* view = tableView(static_cast<int>(tab));
            if (view == nullptr || watched != view->viewport() || view->model() != m_focusCell.model()) continue;
            // Sideways only: the row on top stays where it is.
            const QModelIndex top = view->indexAt(QPoint(0, 0));
            const QModelIndex cell = view->model()->index(top.isValid() ? top.row() : 0, m_focusCell.column());
            // After the resize is done: the scroll bars' ranges are set on the view's own resize.
            QTimer::singleShot(0, view, [this, view, cell = QPersistentModelIndex(cell)] {
                if (cell.isValid() && m_focusCell.isValid() && m_focusCell.model() == cell.model())
                    view->scrollTo(cell, QAbstractItemView::EnsureVisible);
            });
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString DatabaseView::focusedColumn() const { return m_focusedColumn; }

void DatabaseView::updateCaption(bool valid, bool separating, bool hasCounterexample)
{
    if (!valid) {
        m_caption->setText(m_result ? tr("Select a suite database.") : tr("The separating database appears here after a run."));
        return;
    }
    const QString name = databaseName(*m_result, m_database);
    const auto& shown = m_result->databases[static_cast<std::size_t>(m_database)];
    // A candidate that does not run separates nothing worth inspecting: the banner has
    // the error, and this is just the database it was run on.
    if (m_result->check.verdict == suite::VerdictKind::CandidateError) {
        m_caption->setText(tr("Database %1, on which the candidate does not run:").arg(name));
        return;
    }
    if (!separating) {
        m_caption->setText(tr("Database %1:").arg(name));
        return;
    }
    // Why it separates first; the label says only how the database was built.
    const bool counterexample = showingCounterexample();
    const QString why = asSentence(capitalized(QString::fromStdString(inspect::separationSentence(
        focus(), counterexample ? m_result->counterexampleGold : shown.goldOutcome,
        counterexample ? m_result->counterexampleCandidate : shown.candidateOutcome))));
    if (counterexample) {
        const QString rows = countedRows(static_cast<qint64>(m_result->counterexample->rowCount()));
        const bool shrunk = m_result->counterexampleRowsBefore != m_result->counterexample->rowCount();
        // Not minimized: core's reason, without the "shown whole" the caption already says.
        QString reason = m_result->counterexampleNote;
        reason.remove(QRegularExpression(QStringLiteral("^shown whole: ")));
        if (reason.isEmpty()) reason = tr("it could not be shrunk");
        // Shrunk from a later separating database: why the first one is not shown.
        const QString origin = m_result->counterexampleOrigin.isEmpty()
            ? why
            : why + QLatin1Char(' ') + asSentence(capitalized(m_result->counterexampleOrigin));
        m_caption->setText(!m_result->counterexampleMinimized
                               ? (shrunk ? tr("%1 Counterexample of database %2, shrunk from %3 to %4, not minimized "
                                              "(%5):")
                                               .arg(origin, name)
                                               .arg(m_result->counterexampleRowsBefore)
                                               .arg(rows, reason)
                                         : tr("%1 All of database %2, %3, not minimized (%4):").arg(origin, name, rows, reason))
                           : shrunk ? tr("%1 Minimal counterexample of database %2, shrunk from %3 to %4:")
                                          .arg(origin, name)
                                          .arg(m_result->counterexampleRowsBefore)
                                          .arg(rows)
                                    : tr("%1 Minimal counterexample: database %2, %3, none of which can go:")
                                          .arg(origin, name, rows));
        return;
    }
    if (hasCounterexample && TableRowsModel::counterexampleKeepsEveryRow(*m_result)) {
        m_caption->setText(tr("%1 All of database %2, shown whole: the counterexample keeps every row of it, so no "
                              "row is marked:")
                               .arg(why, name));
        return;
    }
    m_caption->setText(hasCounterexample ? tr("%1 All of database %2, the counterexample's rows marked ◆:").arg(why, name)
                                         : tr("%1 All of database %2:").arg(why, name));
}

int DatabaseView::separatingTable() const
{
    const auto where = focus();
    if (!where) return -1;
    for (std::size_t tab = 0; tab < m_models.size(); ++tab)
        if (schema::sameIdentifier(m_result->schema.tables[tab].name, where->table)) return static_cast<int>(tab);
    return -1;
}

bool DatabaseView::isFolded(std::size_t tab) const
{
    return !m_result->tablesRead.empty() && !isReadByEitherQuery(tab);
}

bool DatabaseView::isReadByEitherQuery(std::size_t tab) const
{
    const std::string& name = m_result->schema.tables[tab].name;
    return std::any_of(m_result->tablesRead.begin(), m_result->tablesRead.end(),
                       [&](const std::string& read) { return schema::sameIdentifier(read, name); });
}

void DatabaseView::updateTitles()
{
    for (std::size_t tab = 0; tab < m_models.size(); ++tab) {
        const int index = static_cast<int>(tab);
        const QString name = QString::fromStdString(m_result->schema.tables[tab].name);
        const bool folded = isFolded(tab);
        const int rows = m_models[tab]->totalRowCount();
        m_tabs->setTabText(index, folded ? tr("%1 (%2, not read)").arg(name).arg(rows)
                                         : QStringLiteral("%1 (%2)").arg(name).arg(rows));
        m_tabs->setTabToolTip(index, folded ? tr("Not read by either query: its rows are there only because the "
                                                 "profile allows no empty table")
                                            : QString());
        m_tabs->tabBar()->setTabTextColor(index, folded ? palette().color(QPalette::Disabled, QPalette::WindowText)
                                                        : QColor());
        m_tabs->setTabVisible(index, !folded || m_unreadShown);
    }
    const int current = m_tabs->currentIndex();
    if (current >= 0 && !m_tabs->isTabVisible(current)) {
        const int table = separatingTable();
        if (table >= 0) m_tabs->setCurrentIndex(table);
    }
    updateUnreadLine();
}

void DatabaseView::updateUnreadLine()
{
    QStringList folded;
    for (std::size_t tab = 0; m_result && tab < m_models.size(); ++tab) {
        if (isFolded(tab))
            folded << QStringLiteral("%1 (%2)").arg(m_models[tab]->tableName()).arg(m_models[tab]->totalRowCount());
    }
    m_unreadButton->setVisible(!folded.isEmpty());
    const QString action = m_unreadShown ? tr("hide") : tr("show");
    m_unreadText = tr("Not read by either query: %1 — %2").arg(folded.join(QStringLiteral(", ")), action);
    m_unreadTables = folded;
    m_unreadButton->setAccessibleDescription(m_unreadText);
    elideUnreadLine();
}

void DatabaseView::elideUnreadLine()
{
    // A button does not elide, and its text width would become the whole inspector's
    // minimum width: the line names as many tables as fit, each whole with its row
    // count, then how many more there are, and keeps "— show".
    const QFontMetrics metrics = m_unreadButton->fontMetrics();
    const int room = std::max(40, m_unreadButton->width() - 2 * metrics.averageCharWidth());
    const QString action = m_unreadShown ? tr("hide") : tr("show");
    QString text = m_unreadText;
    for (qsizetype named = m_unreadTables.size(); named >= 0 && metrics.horizontalAdvance(text) > room; --named) {
        QStringList names = m_unreadTables.mid(0, named);
        if (named < m_unreadTables.size()) names << tr("%n more", nullptr, static_cast<int>(m_unreadTables.size() - named));
        text = tr("Not read by either query: %1 — %2").arg(names.join(QStringLiteral(", ")), action);
    }
    m_unreadButton->setText(metrics.horizontalAdvance(text) > room ? metrics.elidedText(text, Qt::ElideRight, room) : text);
}

void DatabaseView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    elideUnreadLine();
}

bool DatabaseView::followForeignKey(const QModelIndex& index)
{
    const QVariant table = index.data(TableRowsModel::ForeignKeyTableRole);
    const QVariant column = index.data(TableRowsModel::ForeignKeyColumnRole);
    if (!table.isValid() || !column.isValid() || index.data(TableRowsModel::IsNullRole).toBool()) return false;
    // The stored value: the display may add the original beside a re-pointed key.
    const QVariant value = index.data(TableRowsModel::ValueRole);
    for (std::size_t target = 0; target < m_models.size(); ++target) {
        if (!schema::sameIdentifier(m_models[target]->tableName().toStdString(), table.toString().toStdString()))
            continue;
        const QModelIndex row = m_models[target]->findRow(column.toString(), value);
        if (!row.isValid()) return false;
        if (!m_tabs->isTabVisible(static_cast<int>(target))) setUnreadTablesShown(true);
        m_tabs->setCurrentIndex(static_cast<int>(target));
        QTableView* view = tableView(static_cast<int>(target));
        view->setCurrentIndex(row);
        view->selectRow(row.row());
        view->scrollTo(row);
        view->setFocus();
        return true;
    }
    return false;
}

} // namespace sqleq::ui
