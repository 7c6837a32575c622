// ResultsView: the gold's and the candidate's results side by side on one database (a
// suite database or the minimal counterexample), rows found on one side only tinted,
// with a note when row order matters or the candidate's columns matched in another order.
// It shows results computed by the run; it never executes SQL.
#pragma once

#include "ui/session/run_result.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace sqleq::ui {

class ResultTableModel;

class ResultsView : public QWidget {
    Q_OBJECT

public:
    explicit ResultsView(QWidget* parent = nullptr);

    /// Results on suite database `index` of `result` (the snapshot is shared, not copied).
    void showDatabase(const RunResultPtr& result, int index);
    /// Results on the minimal counterexample; falls back to nothing when there is none.
    void showCounterexample(const RunResultPtr& result);
    void clear();

    [[nodiscard]] ResultTableModel* goldModel() const { return m_goldModel; }
    [[nodiscard]] ResultTableModel* candidateModel() const { return m_candidateModel; }
    [[nodiscard]] QString note() const;
    /// Which database the results are from: "Results on database #6 (concerts_0.sqlite)".
    [[nodiscard]] QString where() const;
    /// The heading of the gold's or the candidate's table as plain text ("Gold — 0 rows").
    [[nodiscard]] QString sideTitle(bool gold) const;

private:
    void showOutcomes(const RunResultPtr& owner, const exec::QueryOutcome& gold,
                      const exec::QueryOutcome& candidate, const compare::Comparison& comparison,
                      const QString& where);
    void showSide(const RunResultPtr& owner, const exec::QueryOutcome& outcome,
                  const std::vector<std::size_t>& onlyHere, bool gold);

    QLabel* m_where = nullptr;
    QLabel* m_goldTitle = nullptr;
    QLabel* m_candidateTitle = nullptr;
    QTableView* m_goldView = nullptr;
    QTableView* m_candidateView = nullptr;
    ResultTableModel* m_goldModel = nullptr;
    ResultTableModel* m_candidateModel = nullptr;
    QLabel* m_note = nullptr;
};

} // namespace sqleq::ui
