// AuditItemsPanel: combos list only the hardness classes and databases the project
// has; the table keeps SQL on one line (full text in the tooltip) so one screen shows
// many items; the selection drives everything through currentItemChanged.

#include "ui/audit/audit_items_panel.h"

#include "ui/audit/audit_filter_model.h"
#include "ui/audit/audit_items_model.h"
#include "ui/widgets/elided_label.h"

#include "core/metrics/spider_esm.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSet>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

/// The filter a value of the equivalence combo ("proved", "not_refuted", empty) stands for.
EquivalenceFilter equivalenceFilterOf(const QString& value)
{
    if (value == QLatin1String("proved")) return EquivalenceFilter::Proved;
    if (value == QLatin1String("not_refuted")) return EquivalenceFilter::NotRefuted;
    return EquivalenceFilter::Any;
}

} // namespace

AuditItemsPanel::AuditItemsPanel(QWidget* parent) : QWidget(parent)
{
    m_model = new AuditItemsModel(this);
    m_filter = new AuditFilterModel(this);
    m_filter->setSourceModel(m_model);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("auditItemsView"));
    m_view->setAccessibleName(tr("Audit items"));
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder);  // the gold file's order until a header is clicked
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onCurrentRowChanged(current); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(3);
    m_filterBar = buildFilterBar();
    layout->addWidget(m_filterBar);
    // The reason for an empty list is written inside the list's own (empty) viewport:
    // as a line of the layout it took a row from the list and could widen the window.
    m_emptyList = new QLabel(m_view->viewport());
    m_emptyList->setObjectName(QStringLiteral("auditEmptyList"));
    m_emptyList->setWordWrap(true);
    m_emptyList->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_emptyList->hide();
    m_view->viewport()->installEventFilter(this);
    layout->addWidget(m_view, 1);

    connect(m_view->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &AuditItemsPanel::placeChanged);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, &AuditItemsPanel::placeChanged);
    // While a filter changes, the view moves its current row off a hidden one by itself;
    // that is not the user choosing an item, and keepPlace() puts the selection back.
    connect(m_filter, &AuditFilterModel::filtersAboutToChange, this, [this] { m_filtering = true; });
    connect(m_filter, &AuditFilterModel::filtersChanged, this, &AuditItemsPanel::keepPlace);
    connect(m_filter, &AuditFilterModel::filtersChanged, this, &AuditItemsPanel::placeChanged);
    connect(m_filter, &AuditFilterModel::filtersChanged, this, &AuditItemsPanel::updateProgress);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &AuditItemsPanel::updateProgress);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AuditItemsPanel::updateProgress);
}

QWidget* AuditItemsPanel::buildFilterBar()
{
    auto* bar = new QWidget(this);
    m_disagree = new QCheckBox(tr("Metrics &disagree"), bar);
    m_disagree->setObjectName(QStringLiteral("disagreeFilter"));
    m_disagree->setAccessibleName(tr("Only items where the metrics disagree"));
    m_disagree->setToolTip(tr("Show only items where two computed metrics disagree"));
    m_falsePositive = new QCheckBox(tr("Suite accepts, sqleq &separates"), bar);
    m_falsePositive->setObjectName(QStringLiteral("falsePositiveFilter"));
    m_falsePositive->setAccessibleName(tr("Only items the suite accepts and sqleq separates"));
    m_falsePositive->setToolTip(tr("Show only test-suite false positives: the test suite accepts the prediction, "
                                   "sqleq's search finds a database that separates it from the gold"));
    m_unreviewed = new QCheckBox(tr("&Not yet reviewed"), bar);
    m_unreviewed->setObjectName(QStringLiteral("unreviewedFilter"));
    m_unreviewed->setAccessibleName(tr("Only items not yet reviewed"));
    m_unreviewed->setToolTip(tr("Hide items you already gave a verdict (applied when a filter changes)"));
    m_equivalence = new QComboBox(bar);
    m_equivalence->setObjectName(QStringLiteral("equivalenceFilter"));
    m_equivalence->setAccessibleName(tr("Which equivalent items"));
    m_equivalence->setToolTip(tr("Among the items sqleq calls equivalent, show only those it proved (rewrites bring "
                                 "both queries to one normal form) or only those no database refuted"));
    m_equivalence->addItem(tr("Any verdict"), QString());
    m_equivalence->addItem(tr("Proved"), QStringLiteral("proved"));
    m_equivalence->addItem(tr("Not refuted"), QStringLiteral("not_refuted"));
    m_hardness = new QComboBox(bar);
    m_hardness->setObjectName(QStringLiteral("hardnessFilter"));
    m_hardness->setAccessibleName(tr("Hardness filter"));
    m_hardness->setToolTip(tr("Show only one hardness class"));
    m_database = new QComboBox(bar);
    m_database->setObjectName(QStringLiteral("databaseFilter"));
    m_database->setAccessibleName(tr("Database filter"));
    m_database->setToolTip(tr("Show only one database"));
    // As wide as a usual database name; the list that opens shows the longest whole.
    m_database->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_database->setMinimumContentsLength(14);
    m_search = new QLineEdit(bar);
    m_search->setObjectName(QStringLiteral("auditSearch"));
    m_search->setAccessibleName(tr("Search the audit items"));
    m_search->setPlaceholderText(tr("Search question, gold, prediction (Ctrl+Shift+F)"));
    m_search->setClearButtonEnabled(true);
    m_progress = new ElidedLabel(bar);  // its text grows with the filters; the window must not
    m_progress->setObjectName(QStringLiteral("auditProgress"));

    connect(m_disagree, &QCheckBox::toggled, m_filter, &AuditFilterModel::setDisagreeOnly);
    connect(m_falsePositive, &QCheckBox::toggled, m_filter, &AuditFilterModel::setFalsePositiveOnly);
    connect(m_unreviewed, &QCheckBox::toggled, m_filter, &AuditFilterModel::setUnreviewedOnly);
    connect(m_equivalence, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setEquivalence(equivalenceFilterOf(m_equivalence->currentData().toString())); });
    connect(m_hardness, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setHardness(m_hardness->currentData().toString()); });
    connect(m_database, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setDatabase(m_database->currentData().toString()); });
    connect(m_search, &QLineEdit::textChanged, m_filter, &AuditFilterModel::setSearchText);

    auto* lines = new QVBoxLayout(bar);
    lines->setContentsMargins(0, 0, 0, 0);
    lines->setSpacing(3);
    m_filterLine = new QHBoxLayout;
    m_searchLine = new QHBoxLayout;
    lines->addLayout(m_filterLine);
    lines->addLayout(m_searchLine);
    m_filterLine->addWidget(m_disagree);
    m_filterLine->addWidget(m_falsePositive);
    m_filterLine->addWidget(m_unreviewed);
    m_filterLine->addWidget(m_equivalence);
    m_filterLine->addWidget(m_hardness);
    m_filterLine->addWidget(m_database);
    m_filterLine->addWidget(m_search, 1);
    m_filterLine->addWidget(m_progress);
    fillCombos();
    return bar;
}

void AuditItemsPanel::arrangeFilterBar()
{
    if (m_filterBar == nullptr) return;
    // What the filters' line needs with the search field at its narrowest and the
    // counter whole.
    int needed = kSearchWidth + m_progress->sizeHint().width();
    int widgets = 2;
    for (QWidget* filter : std::initializer_list<QWidget*>{m_disagree, m_falsePositive, m_unreviewed, m_equivalence,
                                                          m_hardness, m_database}) {
        if (filter->isHidden()) continue;
        needed += filter->sizeHint().width();
        ++widgets;
    }
    needed += (widgets - 1) * std::max(0, m_filterLine->spacing());
    const QMargins margins = layout()->contentsMargins();
    const bool oneLine = needed <= width() - margins.left() - margins.right();
    QHBoxLayout* target = oneLine ? m_filterLine : m_searchLine;
    if (target->indexOf(m_search) >= 0) return;
    QHBoxLayout* source = oneLine ? m_searchLine : m_filterLine;
    source->removeWidget(m_search);
    source->removeWidget(m_progress);
    target->addWidget(m_search, 1);
    target->addWidget(m_progress);
}

void AuditItemsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeFilterBar();
}

int AuditItemsPanel::extraHeight(int windowHeight)
{
    // The main window's height on a 1280×800 screen, under a title bar.
    constexpr int kLaptopWindowHeight = 780;
    return std::max(0, windowHeight - kLaptopWindowHeight) / 2;
}

QSize AuditItemsPanel::sizeHint() const
{
    // From the fonts in use, so that the rows fit whatever the desktop's font is.
    const QMargins margins = layout()->contentsMargins();
    const int view = 2 * m_view->frameWidth() + m_view->horizontalHeader()->sizeHint().height()
                     + kRowsInView * m_view->verticalHeader()->defaultSectionSize()
                     + m_view->horizontalScrollBar()->sizeHint().height();
    // The filter bar on one line, as it is in a window of a laptop's width or wider
    // (before the dock has its width, the bar may still be on two).
    const int height = margins.top() + m_filterLine->sizeHint().height() + layout()->spacing() + view + margins.bottom();
    return {QWidget::sizeHint().width(), height};
}

void AuditItemsPanel::setProject(AuditProject* project)
{
    m_project = project;
    m_lastItem.reset();
    m_model->setProject(project);
    fillCombos();
    resetFilters();
    sizeColumns();
    updateProgress();
}

void AuditItemsPanel::fillCombos()
{
    QSet<QString> hardness;
    QSet<QString> databases;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex item = m_model->index(row, 0);
        if (const QString value = item.data(AuditItemsModel::HardnessRole).toString(); !value.isEmpty()) hardness << value;
        databases << item.data(AuditItemsModel::DatabaseRole).toString();
    }
    const QSignalBlocker hardnessBlocker(m_hardness);
    const QSignalBlocker databaseBlocker(m_database);
    m_hardness->clear();
    m_hardness->addItem(tr("Any hardness"), QString());
    for (const auto level : {metrics::Hardness::Easy, metrics::Hardness::Medium, metrics::Hardness::Hard, metrics::Hardness::Extra}) {
        const QString name = QString::fromUtf8(metrics::hardnessName(level).data(), static_cast<qsizetype>(metrics::hardnessName(level).size()));
        if (hardness.contains(name)) m_hardness->addItem(name, name);
    }
    m_database->clear();
    m_database->addItem(tr("Any database"), QString());
    QStringList sorted(databases.begin(), databases.end());
    sorted.sort(Qt::CaseInsensitive);
    for (const QString& database : sorted) m_database->addItem(database, database);
    // The combo is narrower than a long name (student_transcripts_tracking): its list is not.
    m_database->view()->setMinimumWidth(m_database->view()->sizeHintForColumn(0) + 2 * m_database->view()->frameWidth()
                                        + m_database->view()->verticalScrollBar()->sizeHint().width());
}

void AuditItemsPanel::resetFilters()
{
    const std::initializer_list<QWidget*> filters{m_disagree,  m_falsePositive, m_unreviewed, m_equivalence,
                                                  m_hardness, m_database,      m_search};
    for (QWidget* widget : filters) widget->blockSignals(true);
    m_disagree->setChecked(false);
    m_falsePositive->setChecked(false);
    m_unreviewed->setChecked(false);
    m_equivalence->setCurrentIndex(0);
    m_hardness->setCurrentIndex(0);
    m_database->setCurrentIndex(0);
    m_search->clear();
    for (QWidget* widget : filters) widget->blockSignals(false);
    m_filter->setDisagreeOnly(false);
    m_filter->setFalsePositiveOnly(false);
    m_filter->setUnreviewedOnly(false);
    m_filter->setEquivalence(EquivalenceFilter::Any);
    m_filter->setHardness({});
    m_filter->setDatabase({});
    m_filter->setSearchText({});
}

void AuditItemsPanel::sizeColumns()
{
    using Column = AuditItemsModel::Column;
    const int unit = m_view->fontMetrics().horizontalAdvance(QLatin1Char('m'));
    for (int section = 0; section < m_model->columnCount(); ++section) {
        int width = 6 * unit;
        switch (m_model->columns()[static_cast<std::size_t>(section)]) {
        case Column::Index: width = 4 * unit; break;
        case Column::Database: width = 8 * unit; break;
        case Column::Hardness: width = 6 * unit; break;
        case Column::Question: width = 18 * unit; break;
        case Column::Gold:
        case Column::Prediction: width = 20 * unit; break;
        case Column::PcmF1:
        case Column::SqlEval: width = 6 * unit; break;
        case Column::Review: width = 10 * unit; break;
        default: width = 4 * unit; break;
        }
        m_view->setColumnWidth(section, width);
    }
}

bool AuditItemsPanel::selectItem(std::size_t itemIndex)
{
    const int sourceRow = m_model->rowOf(itemIndex);
    if (sourceRow < 0) return false;
    QModelIndex row = m_filter->mapFromSource(m_model->index(sourceRow, 0));
    if (!row.isValid()) {
        resetFilters();
        row = m_filter->mapFromSource(m_model->index(sourceRow, 0));
    }
    m_view->setCurrentIndex(row);
    // A chosen item (--audit-item, a reopened project, a link) is shown with its
    // neighbours above and below, not at the list's edge.
    m_view->scrollTo(row, QAbstractItemView::PositionAtCenter);
    // Again once pending layouts are done: a dock shown or resized just now keeps its
    // top row, which can leave the chosen one at the edge or out of view.
    QTimer::singleShot(0, this, [this] { m_view->scrollTo(m_view->currentIndex(), QAbstractItemView::PositionAtCenter); });
    return true;
}

std::optional<std::size_t> AuditItemsPanel::currentItem() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid()) return std::nullopt;
    return static_cast<std::size_t>(current.siblingAtColumn(0).data(AuditItemsModel::ItemIndexRole).toInt());
}

bool AuditItemsPanel::comesBefore(int a, int b) const
{
    const int column = m_filter->sortColumn();
    if (column >= 0 && column < m_model->columnCount()) {
        const QPartialOrdering order = QVariant::compare(m_model->index(a, column).data(AuditItemsModel::SortRole),
                                                         m_model->index(b, column).data(AuditItemsModel::SortRole));
        if (order == QPartialOrdering::Less || order == QPartialOrdering::Greater)
            return (order == QPartialOrdering::Less) == (m_filter->sortOrder() == Qt::AscendingOrder);
    }
    return a < b;  // the gold file's order, which also breaks ties
}

int AuditItemsPanel::firstRowFrom(int step) const
{
    const int rows = m_filter->rowCount();
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid()) return current.row() + step;
    const int anchor = m_lastItem ? m_model->rowOf(*m_lastItem) : -1;
    if (anchor < 0) return step > 0 ? 0 : rows - 1;
    // The last item is hidden: continue from where it would be.
    for (int row = 0; row < rows; ++row) {
        const int source = m_filter->mapToSource(m_filter->index(row, 0)).row();
        if (comesBefore(anchor, source)) return step > 0 ? row : row - 1;
    }
    return step > 0 ? rows : rows - 1;
}

int AuditItemsPanel::rowAfter(int step, bool disagreeing) const
{
    const int rows = m_filter->rowCount();
    if (rows == 0) return -1;
    for (int row = firstRowFrom(step); row >= 0 && row < rows; row += step) {
        if (!disagreeing || m_filter->index(row, 0).data(AuditItemsModel::DisagreeRole).toBool()) return row;
    }
    return -1;
}

bool AuditItemsPanel::moveSelection(int step, bool disagreeing)
{
    const int row = rowAfter(step, disagreeing);
    if (row < 0) return false;
    const QModelIndex target = m_filter->index(row, 0);
    m_view->setCurrentIndex(target);
    m_view->scrollTo(target);
    return true;
}

std::optional<std::size_t> AuditItemsPanel::itemAfter(int step, bool disagreeing) const
{
    const int row = rowAfter(step, disagreeing);
    if (row < 0) return std::nullopt;
    return static_cast<std::size_t>(m_filter->index(row, 0).data(AuditItemsModel::ItemIndexRole).toInt());
}

QString AuditItemsPanel::progressText() const { return m_progress->text(); }

QString AuditItemsPanel::emptyListText() const { return m_emptyList->text(); }

bool AuditItemsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize) {
        m_emptyList->setGeometry(m_view->viewport()->rect().adjusted(6, 4, -6, -4));
        // The list lost height (the dock laid out, the filter bar on two lines): the item
        // that was in view stays in view.
        const QModelIndex current = m_view->currentIndex();
        const QRect before(QPoint(0, 0), static_cast<QResizeEvent*>(event)->oldSize());
        if (current.isValid() && before.contains(m_view->visualRect(current))
            && !m_view->viewport()->rect().contains(m_view->visualRect(current)))
            m_view->scrollTo(current);
    }
    return QWidget::eventFilter(watched, event);
}

void AuditItemsPanel::updateProgress()
{
    int reviewed = 0;
    for (int row = 0; row < m_model->rowCount(); ++row)
        reviewed += m_model->index(row, 0).data(AuditItemsModel::ReviewedRole).toBool();
    const int total = m_model->rowCount();
    const int shown = m_filter->rowCount();
    m_emptyList->setText(shown == 0 && total > 0 ? emptyListReason(total) : QString());
    m_emptyList->setGeometry(m_view->viewport()->rect().adjusted(6, 4, -6, -4));
    m_emptyList->setVisible(!m_emptyList->text().isEmpty());
    // Other annotators' verdicts are not the annotator's, but are said to exist, and whose.
    const int byOthers = m_model->othersReviewedCount();
    const QStringList others = m_model->otherAnnotators();
    const QString byOthersText = byOthers == 0 ? QString()
        : tr(" · %1 by others (%2)").arg(byOthers).arg(others.size() <= 2 ? others.join(QStringLiteral(", "))
                                                                           : tr("%1 and %2 more").arg(others.first()).arg(others.size() - 1));
    m_progress->setToolTip(byOthers == 0 ? QString()
                                         : tr("Items another annotator judged: %1, by %2. Only your own verdicts count as reviewed.")
                                               .arg(byOthers).arg(others.join(QStringLiteral(", "))));
    if (shown == total && byOthers > 0)
        m_progress->setText(tr("%1 of %2 reviewed by you").arg(reviewed).arg(total) + byOthersText);
    else if (shown == total)
        m_progress->setText(tr("%1 of %2 reviewed").arg(reviewed).arg(total));
    else if (shown == 0)
        m_progress->setText(tr("0 of %1 shown").arg(total));  // short: the bar must not widen
    else
        m_progress->setText(tr("%1 of %2 shown reviewed · %3 of %4 overall")
                                .arg(m_filter->reviewedCount()).arg(shown).arg(reviewed).arg(total));
    arrangeFilterBar();
}

void AuditItemsPanel::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void AuditItemsPanel::keepPlace()
{
    const QModelIndex row = m_lastItem ? m_filter->mapFromSource(m_model->index(m_model->rowOf(*m_lastItem), 0))
                                       : QModelIndex();
    if (row.isValid()) {
        m_view->setCurrentIndex(row);
        m_view->scrollTo(row, QAbstractItemView::PositionAtCenter);
    } else {
        m_view->selectionModel()->clear();
    }
    m_filtering = false;
}

QString AuditItemsPanel::emptyListReason(int total) const
{
    QStringList on;
    if (m_disagree->isChecked()) on << tr("metrics disagree");
    if (m_falsePositive->isChecked()) on << tr("suite accepts, sqleq separates");
    if (m_unreviewed->isChecked()) on << tr("not yet reviewed");
    if (m_equivalence->currentIndex() > 0) on << m_equivalence->currentText().toLower();
    if (m_hardness->currentIndex() > 0) on << tr("hardness %1").arg(m_hardness->currentText());
    if (m_database->currentIndex() > 0) on << tr("database %1").arg(m_database->currentText());
    if (!m_search->text().trimmed().isEmpty()) on << tr("text “%1”").arg(m_search->text().trimmed());
    if (on.size() == 1) return tr("0 of %1 shown: no item matches the filter %2").arg(total).arg(on.constFirst());
    return tr("0 of %1 shown: no item matches all of %2; clear one to see more").arg(total).arg(on.join(QStringLiteral(" · ")));
}

void AuditItemsPanel::onCurrentRowChanged(const QModelIndex& current)
{
    if (!current.isValid() || m_filtering) return;
    m_lastItem = static_cast<std::size_t>(current.siblingAtColumn(0).data(AuditItemsModel::ItemIndexRole).toInt());
    emit currentItemChanged(static_cast<std::size_t>(current.siblingAtColumn(0).data(AuditItemsModel::ItemIndexRole).toInt()));
    emit placeChanged();
}

AuditPlace AuditItemsPanel::place() const
{
    AuditPlace place;
    place.item = currentItem();
    place.disagreeOnly = m_disagree->isChecked();
    place.falsePositiveOnly = m_falsePositive->isChecked();
    place.unreviewedOnly = m_unreviewed->isChecked();
    place.equivalence = m_equivalence->currentData().toString();
    place.hardness = m_hardness->currentData().toString();
    place.database = m_database->currentData().toString();
    place.search = m_search->text();
    const QHeaderView* header = m_view->horizontalHeader();
    place.sortColumn = header->sortIndicatorSection() < m_filter->columnCount() ? header->sortIndicatorSection() : -1;
    place.sortOrder = header->sortIndicatorOrder();
    place.scroll = m_view->verticalScrollBar()->value();
    return place;
}

void AuditItemsPanel::restoreFilters(const AuditPlace& place)
{
    // Through the widgets, whose signals set the filter model as a user's clicks would.
    m_disagree->setChecked(place.disagreeOnly);
    m_falsePositive->setChecked(place.falsePositiveOnly);
    m_unreviewed->setChecked(place.unreviewedOnly);
    m_equivalence->setCurrentIndex(std::max(0, m_equivalence->findData(place.equivalence)));
    m_hardness->setCurrentIndex(std::max(0, m_hardness->findData(place.hardness)));
    m_database->setCurrentIndex(std::max(0, m_database->findData(place.database)));
    m_search->setText(place.search);
    if (place.sortColumn >= 0 && place.sortColumn < m_filter->columnCount())
        m_view->sortByColumn(place.sortColumn, place.sortOrder);
    else
        m_view->sortByColumn(-1, Qt::AscendingOrder);
}

QVariantMap AuditPlace::toVariant() const
{
    QVariantMap map;
    if (item) map.insert(QStringLiteral("item"), static_cast<qulonglong>(*item));
    map.insert(QStringLiteral("disagree"), disagreeOnly);
    map.insert(QStringLiteral("falsePositive"), falsePositiveOnly);
    map.insert(QStringLiteral("unreviewed"), unreviewedOnly);
    map.insert(QStringLiteral("equivalence"), equivalence);
    map.insert(QStringLiteral("hardness"), hardness);
    map.insert(QStringLiteral("database"), database);
    map.insert(QStringLiteral("search"), search);
    map.insert(QStringLiteral("sortColumn"), sortColumn);
    map.insert(QStringLiteral("sortDescending"), sortOrder == Qt::DescendingOrder);
    map.insert(QStringLiteral("scroll"), scroll);
    return map;
}

AuditPlace AuditPlace::fromVariant(const QVariantMap& map)
{
    AuditPlace place;
    if (map.contains(QStringLiteral("item"))) place.item = map.value(QStringLiteral("item")).toULongLong();
    place.disagreeOnly = map.value(QStringLiteral("disagree")).toBool();
    place.falsePositiveOnly = map.value(QStringLiteral("falsePositive")).toBool();
    place.unreviewedOnly = map.value(QStringLiteral("unreviewed")).toBool();
    place.equivalence = map.value(QStringLiteral("equivalence")).toString();
    place.hardness = map.value(QStringLiteral("hardness")).toString();
    place.database = map.value(QStringLiteral("database")).toString();
    place.search = map.value(QStringLiteral("search")).toString();
    place.sortColumn = map.value(QStringLiteral("sortColumn"), -1).toInt();
    place.sortOrder = map.value(QStringLiteral("sortDescending")).toBool() ? Qt::DescendingOrder : Qt::AscendingOrder;
    place.scroll = map.value(QStringLiteral("scroll")).toInt();
    return place;
}

} // namespace sqleq::ui
