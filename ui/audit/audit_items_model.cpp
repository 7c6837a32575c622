// AuditItemsModel: rows follow the project's item order; columns are decided once per
// project (which metrics it computed). An annotation edit changes one row's review cell
// and the flags filters read, announced with dataChanged — the snapshot never changes.

#include "ui/audit/audit_items_model.h"
#include "ui/core_text.h"

#include "core/evaluation/evaluation.h"
#include "ui/audit/audit_labels.h"
#include "ui/widgets/theme_colors.h"

#include <QApplication>
#include <QPalette>

#include <array>
#include <utility>

namespace sqleq::ui {
namespace {

using Column = AuditItemsModel::Column;

/// One line for the table: SQL and questions may hold newlines and runs of spaces.
QString oneLine(const std::string& text) { return fromStd(text).simplified(); }

std::optional<bool> metricValue(const evaluation::ItemMetrics& metrics, Column column)
{
    switch (column) {
    case Column::Esm: return metrics.esm;
    case Column::Exec: return metrics.exec;
    case Column::TestSuite: return metrics.testSuite;
    case Column::Sqleq: return metrics.sqleq;
    case Column::SqlEval: return metrics.sqlEval;
    default: return std::nullopt;
    }
}

bool isBooleanMetric(Column column)
{
    return column == Column::Esm || column == Column::Exec || column == Column::TestSuite || column == Column::Sqleq
        || column == Column::SqlEval;
}

QString hardnessOf(const audit::AuditItem& item)
{
    return item.metrics.hardness ? fromStd(std::string(metrics::hardnessName(*item.metrics.hardness))) : QString();
}

std::optional<evaluation::Metric> metricOfColumn(AuditItemsModel::Column column)
{
    using Column = AuditItemsModel::Column;
    using evaluation::Metric;
    switch (column) {
    case Column::Hardness: return Metric::Hardness;
    case Column::Esm: return Metric::Esm;
    case Column::Exec: return Metric::Exec;
    case Column::TestSuite: return Metric::TestSuite;
    case Column::Sqleq: return Metric::Sqleq;
    case Column::SqlEval: return Metric::SqlEval;
    case Column::PcmF1: return Metric::PcmF1;
    default: return std::nullopt;
    }
}

QString notesOf(const audit::AuditItem& item)
{
    QStringList notes;
    for (const auto& note : item.metrics.notes) notes << fromStd(evaluation::noteText(note));
    return notes.join(QLatin1Char('\n'));
}

} // namespace

AuditItemsModel::AuditItemsModel(QObject* parent) : QAbstractTableModel(parent) {}

void AuditItemsModel::setProject(AuditProject* project)
{
    if (m_project) m_project->disconnect(this);
    m_project = project;
    if (m_project) {
        connect(m_project, &AuditProject::annotationChanged, this, &AuditItemsModel::onAnnotationChanged);
        connect(m_project, &AuditProject::annotationsReloaded, this, [this] {
            if (rowCount() == 0) return;
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        });
        connect(m_project, &QObject::destroyed, this, [this] {
            m_project = nullptr;
            rebuild();
        });
    }
    rebuild();
}

void AuditItemsModel::rebuild()
{
    beginResetModel();
    m_items = m_project ? m_project->items() : nullptr;
    m_rowOf.clear();
    m_columns = {Column::Index, Column::Database, Column::Hardness};
    if (m_items) {
        bool questions = false;
        bool esm = false, exec = false, testSuite = false, sqleq = false, sqlEval = false, pcm = false;
        for (std::size_t row = 0; row < m_items->size(); ++row) {
            const audit::AuditItem& item = (*m_items)[row];
            m_rowOf[item.index] = static_cast<int>(row);
            questions |= !item.question.empty();
            esm |= item.metrics.esm.has_value();
            exec |= item.metrics.exec.has_value();
            testSuite |= item.metrics.testSuite.has_value();
            sqleq |= item.metrics.sqleq.has_value();
            sqlEval |= item.metrics.sqlEval.has_value();
            pcm |= item.metrics.pcmF1.has_value();
        }
        const std::array<std::pair<bool, Column>, 6> metricColumns{{{esm, Column::Esm},
                                                                   {exec, Column::Exec},
                                                                   {testSuite, Column::TestSuite},
                                                                   {sqleq, Column::Sqleq},
                                                                   {sqlEval, Column::SqlEval},
                                                                   {pcm, Column::PcmF1}}};
        for (const auto& [shown, column] : metricColumns)
            if (shown) m_columns.push_back(column);
        m_columns.push_back(Column::Review);
        if (questions) m_columns.push_back(Column::Question);
    } else {
        m_columns.insert(m_columns.end(), {Column::Review, Column::Question});
    }
    // The texts last: they are long, and the marks and verdicts must stay in view.
    m_columns.insert(m_columns.end(), {Column::Gold, Column::Prediction});
    endResetModel();
}

int AuditItemsModel::othersReviewedCount() const
{
    return m_project ? static_cast<int>(m_project->othersAnnotations().size()) : 0;
}

QStringList AuditItemsModel::otherAnnotators() const { return m_project ? m_project->otherAnnotators() : QStringList(); }

QString AuditItemsModel::othersOf(const audit::AuditItem& item, bool withTimes) const
{
    if (!m_project) return {};
    const auto found = m_project->othersAnnotations().find(item.index);
    if (found == m_project->othersAnnotations().end()) return {};
    QStringList verdicts;
    for (const audit::Annotation& annotation : found->second)
        verdicts << (withTimes ? tr("%1 by %2, %3").arg(verdictLabel(annotation.verdict), fromStd(annotation.annotator),
                                                       fromStd(annotation.updatedAt))
                               : tr("%1: %2").arg(fromStd(annotation.annotator), verdictLabel(annotation.verdict)));
    return verdicts.join(withTimes ? QStringLiteral("\n") : QStringLiteral("; "));
}

void AuditItemsModel::onAnnotationChanged(std::size_t itemIndex)
{
    const int row = rowOf(itemIndex);
    if (row < 0) return;
    emit dataChanged(index(row, 0), index(row, columnCount() - 1));
}

int AuditItemsModel::columnOf(Column column) const
{
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i] == column) return static_cast<int>(i);
    return -1;
}

int AuditItemsModel::rowOf(std::size_t itemIndex) const
{
    const auto found = m_rowOf.find(itemIndex);
    return found == m_rowOf.end() ? -1 : found->second;
}

QString AuditItemsModel::columnTitle(Column column)
{
    // Metric columns are named as the metric table names them.
    if (const auto metric = metricOfColumn(column)) {
        const std::string_view name = evaluation::metricInfo(*metric).name;
        return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    }
    switch (column) {
    case Column::Index: return tr("#");
    case Column::Database: return tr("Database");
    case Column::Question: return tr("Question");
    case Column::Gold: return tr("Gold");
    case Column::Prediction: return tr("Prediction");
    case Column::Review: return tr("Review");
    default: return {};
    }
}

int AuditItemsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_items ? 0 : static_cast<int>(m_items->size());
}

int AuditItemsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

const audit::Annotation* AuditItemsModel::annotationOf(const audit::AuditItem& item) const
{
    if (!m_project) return nullptr;
    const auto& annotations = m_project->annotations();
    const auto found = annotations.find(item.index);
    return found == annotations.end() ? nullptr : &found->second;
}

QVariant AuditItemsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_items || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const audit::AuditItem& item = (*m_items)[static_cast<std::size_t>(index.row())];
    const Column column = m_columns[static_cast<std::size_t>(index.column())];
    const audit::Annotation* annotation = annotationOf(item);
    switch (role) {
    case Qt::DisplayRole: return display(item, column);
    case Qt::ToolTipRole: return toolTip(item, column);
    case Qt::ForegroundRole: return foreground(item, column);
    case Qt::BackgroundRole:
        if (column == Column::Index && evaluation::metricsDisagree(item.metrics))
            return ThemeColors(QApplication::palette()).warningTint();
        return {};
    case Qt::TextAlignmentRole:
        if (column == Column::Index || column == Column::PcmF1) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (isBooleanMetric(column)) return Qt::AlignCenter;
        return {};
    case ItemIndexRole: return static_cast<int>(item.index);
    case DisagreeRole: return evaluation::metricsDisagree(item.metrics);
    case FalsePositiveRole: return item.metrics.testSuiteFalsePositive;
    case EquivalenceRole:
        if (item.metrics.sqleq != std::optional<bool>(true)) return QString();
        return item.metrics.proved ? QStringLiteral("proved") : QStringLiteral("not_refuted");
    case ReviewedRole: return annotation != nullptr;
    case VerdictRole: return annotation ? fromStd(std::string(audit::verdictName(annotation->verdict))) : QString();
    case DatabaseRole: return fromStd(item.dbId);
    case HardnessRole: return hardnessOf(item);
    case SearchTextRole: return QStringList{fromStd(item.question), fromStd(item.gold), fromStd(item.prediction)}.join(QLatin1Char('\n'));
    case SortRole: return sortValue(item, column);
    default: return {};
    }
}

QVariant AuditItemsModel::display(const audit::AuditItem& item, Column column) const
{
    switch (column) {
    case Column::Index: return static_cast<qulonglong>(item.index);
    case Column::Database: return fromStd(item.dbId);
    case Column::Hardness: return hardnessOf(item);
    case Column::Question: return oneLine(item.question);
    case Column::Gold: return oneLine(item.gold);
    case Column::Prediction: return oneLine(item.prediction);
    case Column::PcmF1: return item.metrics.pcmF1 ? QString::number(*item.metrics.pcmF1, 'f', 2) : QString();
    case Column::Review: {
        const audit::Annotation* annotation = annotationOf(item);
        if (!annotation) {
            // Another annotator's verdict, told apart from one's own by the parentheses
            // (and a muted colour): it is not counted as reviewed.
            const QString others = othersOf(item, false);
            return others.isEmpty() ? tr("—") : tr("(%1)").arg(others);
        }
        const QString verdict = verdictLabel(annotation->verdict);
        return annotation->reason.empty() ? verdict : tr("%1: %2").arg(verdict, fromStd(annotation->reason));
    }
    default: return metricMark(metricValue(item.metrics, column));
    }
}

QVariant AuditItemsModel::sortValue(const audit::AuditItem& item, Column column) const
{
    switch (column) {
    case Column::Index: return static_cast<qulonglong>(item.index);
    case Column::Hardness: return item.metrics.hardness ? static_cast<int>(*item.metrics.hardness) : -1;
    case Column::PcmF1: return item.metrics.pcmF1 ? *item.metrics.pcmF1 : -1.0;
    case Column::Review: {
        const audit::Annotation* annotation = annotationOf(item);
        return annotation ? static_cast<int>(annotation->verdict) : -1;
    }
    default:
        if (isBooleanMetric(column)) {
            const std::optional<bool> value = metricValue(item.metrics, column);
            return value ? static_cast<int>(*value) : -1;
        }
        return display(item, column).toString().toLower();
    }
}

QVariant AuditItemsModel::foreground(const audit::AuditItem& item, Column column) const
{
    const QPalette palette = QApplication::palette();
    const ThemeColors colors(palette);
    if (isBooleanMetric(column)) {
        const std::optional<bool> value = metricValue(item.metrics, column);
        if (!value) return {};
        return *value ? colors.positive() : colors.negative();
    }
    if (column == Column::PcmF1 && item.metrics.pcmF1) return *item.metrics.pcmF1 >= 1.0 ? colors.positive() : colors.negative();
    if (column == Column::Review) {
        const audit::Annotation* annotation = annotationOf(item);
        return annotation ? verdictColor(annotation->verdict, palette) : colors.nullText();
    }
    return {};
}

QVariant AuditItemsModel::toolTip(const audit::AuditItem& item, Column column) const
{
    switch (column) {
    case Column::Index:
        return evaluation::metricsDisagree(item.metrics) ? tr("Item %1: the metrics disagree").arg(item.index)
                                                         : tr("Item %1").arg(item.index);
    case Column::Question: return fromStd(item.question);
    case Column::Gold: return fromStd(item.gold);
    case Column::Prediction: return fromStd(item.prediction);
    case Column::PcmF1:
        return item.metrics.pcmF1
            ? tr("PCM-F1 %1: a graded score of matching query components (1.00: every component matches). "
                 "It does not vote when the metrics are checked for disagreement.")
                  .arg(*item.metrics.pcmF1, 0, 'f', 3)
            : tr("PCM-F1 not computed");
    case Column::Review: {
        const audit::Annotation* annotation = annotationOf(item);
        const QString others = othersOf(item, true);
        if (!annotation) {
            if (others.isEmpty()) return tr("Not reviewed yet");
            return m_project->annotator().isEmpty() ? tr("Other annotators' verdicts (no annotator name is set):\n%1").arg(others)
                                                    : tr("Not reviewed by %1 yet. Other annotators:\n%2").arg(m_project->annotator(), others);
        }
        QString text = tr("%1 by %2, %3").arg(verdictLabel(annotation->verdict), fromStd(annotation->annotator),
                                             fromStd(annotation->updatedAt));
        if (!annotation->reason.empty()) text += tr("\nReason: %1").arg(fromStd(annotation->reason));
        if (!annotation->note.empty()) text += tr("\nNote: %1").arg(fromStd(annotation->note));
        if (!others.isEmpty()) text += tr("\nOther annotators:\n%1").arg(others);
        return text;
    }
    default:
        if (isBooleanMetric(column)) {
            const std::optional<bool> value = metricValue(item.metrics, column);
            QString text = tr("%1: %2").arg(columnTitle(column), metricWords(value));
            if (column == Column::TestSuite && !item.metrics.testSuiteVerdict.empty())
                text += tr(" — %1").arg(fromStd(item.metrics.testSuiteVerdict));
            if (column == Column::Sqleq && item.metrics.testSuiteFalsePositive)
                text += tr(" — a test-suite false positive: %1 separates them").arg(fromStd(item.metrics.sqleqFoundBy));
            if (column == Column::Sqleq && value == std::optional<bool>(true))
                text += item.metrics.proved ? tr(" — proved: rewrites bring both to one normal form")
                                            : tr(" — not refuted: no database tried separates them");
            if (!value && !item.metrics.notes.empty()) text += QLatin1Char('\n') + notesOf(item);
            return text;
        }
        return {};
    }
}

QVariant AuditItemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    const Column column = m_columns[static_cast<std::size_t>(section)];
    if (role == Qt::DisplayRole) return columnTitle(column);
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case Column::Esm: return tr("Spider exact set match");
        case Column::Exec: return tr("Execution accuracy on the original database");
        case Column::TestSuite: return tr("Test-suite accuracy on the project's suites");
        case Column::Sqleq: return tr("sqleq's verdict: the test suite, then a search past it where the suite accepts");
        case Column::SqlEval: return tr("SQL-Eval (defog) on the original database");
        case Column::PcmF1: return tr("PCM-F1: a graded score (1.00: every component matches); it does not vote on disagreement");
        case Column::Review: return tr("Your verdict (and reason)");
        default: return {};
        }
    }
    return {};
}

} // namespace sqleq::ui
