// ProofStepsModel: the steps of a proved pair's proof (RunResult::proof) as a list —
// gold's rewrites, then the candidate's — with the rule, the query before and after
// the step, the part the step changed and the schema facts it uses, over an immutable
// RunResult snapshot. Rewrites are numbered as every front end counts them ("proved:
// 7 rewrites"); the `syntax` step, which only prints a query as sqleq does, is listed
// unnumbered. Never runs SQL, never decides anything.
#pragma once

#include "ui/session/run_result.h"

#include <QAbstractListModel>

namespace sqleq::ui {

class ProofStepsModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role {
        SideRole = Qt::UserRole + 1,  ///< QString: "gold" or "candidate"
        RuleRole,                     ///< QString: "names", "inner_joins", …, "syntax"
        NumberRole,                   ///< int: 1-based number among the rewrites; 0 for `syntax`
        BeforeRole,                   ///< QString: the query before the step
        AfterRole,                    ///< QString: the query after it
        UsesRole,                     ///< QStringList: the facts and promises the step relies on
        ChangedBeginRole,             ///< int: where the change starts, in both texts (UTF-16)
        BeforeChangedEndRole,         ///< int: where it ends in BeforeRole (half-open)
        AfterChangedEndRole,          ///< int: where it ends in AfterRole (half-open)
        ReachesNormalFormRole,        ///< bool: the last step of its side: AfterRole is the normal form
    };

    explicit ProofStepsModel(QObject* parent = nullptr);

    /// Shows the proof of `result` (null, or a result without one: empty). GUI thread only.
    void setResult(RunResultPtr result);
    /// The proof shown; null when none.
    [[nodiscard]] const prove::Proof* proof() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    [[nodiscard]] int numberOf(int row) const;
    [[nodiscard]] bool isLastOfItsSide(int row) const;

    RunResultPtr m_result;
};

} // namespace sqleq::ui
