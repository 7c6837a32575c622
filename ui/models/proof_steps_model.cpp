// ProofStepsModel: one row per prove::ProofStep, in the proof's order.

#include "ui/models/proof_steps_model.h"
#include "ui/core_text.h"

#include "ui/models/changed_span.h"

namespace sqleq::ui {
namespace {

constexpr std::string_view kSyntaxRule = "syntax";

} // namespace

ProofStepsModel::ProofStepsModel(QObject* parent) : QAbstractListModel(parent) {}

void ProofStepsModel::setResult(RunResultPtr result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

const prove::Proof* ProofStepsModel::proof() const
{
    return m_result && m_result->proof ? &*m_result->proof : nullptr;
}

int ProofStepsModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !proof()) return 0;
    return static_cast<int>(proof()->steps.size());
}

int ProofStepsModel::numberOf(int row) const
{
    const auto& steps = proof()->steps;
    if (steps[static_cast<std::size_t>(row)].rule == kSyntaxRule) return 0;
    int number = 0;
    for (int r = 0; r <= row; ++r) number += steps[static_cast<std::size_t>(r)].rule != kSyntaxRule;
    return number;
}

bool ProofStepsModel::isLastOfItsSide(int row) const
{
    const auto& steps = proof()->steps;
    const auto next = static_cast<std::size_t>(row) + 1;
    return next == steps.size() || steps[next].side != steps[static_cast<std::size_t>(row)].side;
}

QVariant ProofStepsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const prove::ProofStep& step = proof()->steps[static_cast<std::size_t>(index.row())];
    const QString side = fromStd(prove::sideName(step.side));
    const QString rule = fromStd(step.rule);
    const int number = numberOf(index.row());
    switch (role) {
    case Qt::DisplayRole:
        // "3. gold · commute"; the printing step carries no number, as it is no rewrite.
        return number > 0 ? tr("%1. %2 · %3").arg(number).arg(side, rule) : tr("– %1 · %2").arg(side, rule);
    case Qt::ToolTipRole:
        return number > 0 ? tr("Rewrite %1 of the %2: %3").arg(number).arg(side, rule)
                          : tr("The %1 as sqleq prints it (no rewrite)").arg(side);
    case SideRole: return side;
    case RuleRole: return rule;
    case NumberRole: return number;
    case BeforeRole: return fromStd(step.before);
    case AfterRole: return fromStd(step.after);
    case UsesRole: {
        QStringList uses;
        for (const std::string& fact : step.uses) uses << fromStd(fact);
        return uses;
    }
    case ChangedBeginRole:
    case BeforeChangedEndRole:
    case AfterChangedEndRole: {
        const QString before = fromStd(step.before);
        const QString after = fromStd(step.after);
        const ChangedSpan span = changedSpan(before, after);
        if (role == ChangedBeginRole) return static_cast<int>(span.begin);
        return static_cast<int>(role == BeforeChangedEndRole ? span.beforeEnd : span.afterEnd);
    }
    case ReachesNormalFormRole: return isLastOfItsSide(index.row());
    default: return {};
    }
}

} // namespace sqleq::ui
