// CompareAnnotatorsDialog: the disagreements table is a read-only model over a copy of
// the Agreement, so the dialog stays valid while the project keeps changing.

#include "ui/audit/compare_annotators_dialog.h"

#include "ui/audit/audit_labels.h"
#include "ui/widgets/counted.h"

#include <QAbstractTableModel>
#include <QApplication>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace sqleq::ui {
namespace {

class DisagreementsModel : public QAbstractTableModel {
public:
    DisagreementsModel(std::vector<audit::Disagreement> rows, QString first, QString second, AuditItemsPtr items,
                       QObject* parent)
        : QAbstractTableModel(parent), m_rows(std::move(rows)), m_first(std::move(first)), m_second(std::move(second))
    {
        if (items)
            for (const audit::AuditItem& item : *items) m_items[item.index] = &item;
        m_itemsKeepAlive = std::move(items);
    }

    static constexpr int kItemIndexRole = Qt::UserRole + 1;

    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 5; }

    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!index.isValid() || index.row() >= rowCount()) return {};
        const audit::Disagreement& row = m_rows[static_cast<std::size_t>(index.row())];
        const auto found = m_items.find(row.itemIndex);
        const audit::AuditItem* item = found == m_items.end() ? nullptr : found->second;
        if (role == kItemIndexRole) return static_cast<int>(row.itemIndex);
        if (role == Qt::ForegroundRole && (index.column() == 2 || index.column() == 3))
            return verdictColor(index.column() == 2 ? row.first : row.second, QApplication::palette());
        if (role == Qt::ToolTipRole && item && index.column() == 4) return QString::fromStdString(item->gold);
        if (role != Qt::DisplayRole) return {};
        switch (index.column()) {
        case 0: return static_cast<qulonglong>(row.itemIndex);
        case 1: return item ? QString::fromStdString(item->dbId) : QString();
        case 2: return verdictLabel(row.first);
        case 3: return verdictLabel(row.second);
        case 4:
            if (!item) return {};
            return QString::fromStdString(item->question.empty() ? item->gold : item->question).simplified();
        default: return {};
        }
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
        switch (section) {
        case 0: return DisagreementsModel::tr("#");
        case 1: return DisagreementsModel::tr("Database");
        case 2: return m_first;
        case 3: return m_second;
        case 4: return DisagreementsModel::tr("Question");
        default: return {};
        }
    }

private:
    std::vector<audit::Disagreement> m_rows;
    QString m_first;
    QString m_second;
    AuditItemsPtr m_itemsKeepAlive;
    std::map<std::size_t, const audit::AuditItem*> m_items;
};

} // namespace

CompareAnnotatorsDialog::CompareAnnotatorsDialog(const audit::Agreement& agreement, const QString& first,
                                                 const QString& second, AuditItemsPtr items, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Compare annotators"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("agreementSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(
        tr("<b>%1</b> vs <b>%2</b><br/>Judged by both: %3 · only %1: %4 · only %2: %5<br/>"
           "Agreement: %6 of %3 (%7%) · Cohen's κ = %8<br/>%9; double-click one to inspect it.")
            .arg(first.toHtmlEscaped(), second.toHtmlEscaped())
            .arg(agreement.both)
            .arg(agreement.onlyFirst)
            .arg(agreement.onlySecond)
            .arg(agreement.agreeing)
            .arg(agreement.rate * 100.0, 0, 'f', 1)
            .arg(agreement.cohenKappa, 0, 'f', 3)
            .arg(counted(static_cast<qint64>(agreement.disagreements.size()), tr("disagreement"),
                         tr("disagreements"))));

    auto* model = new DisagreementsModel(agreement.disagreements, first, second, std::move(items), this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("disagreementsView"));
    m_view->setAccessibleName(tr("Items the two annotators judged differently"));
    m_view->setModel(model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->resizeColumnsToContents();
    const auto request = [this](const QModelIndex& index) {
        if (index.isValid())
            emit itemRequested(static_cast<std::size_t>(index.siblingAtColumn(0).data(DisagreementsModel::kItemIndexRole).toInt()));
    };
    connect(m_view, &QTableView::doubleClicked, this, request);
    connect(m_view, &QTableView::activated, this, request);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(720, 420);
}

QString CompareAnnotatorsDialog::summaryText() const { return m_summary->text(); }

} // namespace sqleq::ui
