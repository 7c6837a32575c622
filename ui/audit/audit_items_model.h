// AuditItemsModel: one row per item of an audit project — #, database, hardness, one
// column per metric the project computed (✓/✗ with colour and text, PCM-F1 as a
// number), the current annotator's verdict (other annotators' beside it), question, gold, prediction — over an
// immutable items snapshot and the annotations the AuditProject keeps. Roles expose
// what filters and navigation need, so no view ever casts to this class. Never runs SQL.
#pragma once

#include "ui/audit/audit_project.h"

#include <QAbstractTableModel>

#include <map>
#include <vector>

namespace sqleq::ui {

class AuditItemsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum class Column { Index, Database, Hardness, Question, Gold, Prediction, Esm, Exec, TestSuite, Sqleq, SqlEval, PcmF1, Review };

    enum Role {
        ItemIndexRole = Qt::UserRole + 1,  ///< int: the item's index in the gold file
        DisagreeRole,                      ///< bool: two computed metrics disagree
        FalsePositiveRole,                 ///< bool: the test suite accepts, sqleq's search separates
        /// QString, for an item sqleq calls equivalent: "proved" (the rewrites reach one
        /// normal form) or "not_refuted" (no database separated them); empty otherwise.
        EquivalenceRole,
        ReviewedRole,                      ///< bool: the current annotator gave a verdict
        VerdictRole,                       ///< QString: verdictName, empty when not reviewed
        DatabaseRole,                      ///< QString: db_id
        HardnessRole,                      ///< QString: "easy" … "extra", empty when unknown
        SearchTextRole,                    ///< QString: question, gold and prediction
        SortRole,                          ///< the cell's value for sorting (numbers as numbers)
    };

    explicit AuditItemsModel(QObject* parent = nullptr);

    /// Shows `project` (null: empty) and follows its annotation signals. GUI thread only.
    void setProject(AuditProject* project);

    /// The columns shown: metric columns only for metrics some item has.
    [[nodiscard]] const std::vector<Column>& columns() const { return m_columns; }
    /// The view column of `column`, -1 when it is not shown.
    [[nodiscard]] int columnOf(Column column) const;
    /// The row of the item with `itemIndex`, -1 when there is none.
    [[nodiscard]] int rowOf(std::size_t itemIndex) const;

    static QString columnTitle(Column column);

    /// How many items another annotator judged (see AuditProject::othersAnnotations).
    [[nodiscard]] int othersReviewedCount() const;
    /// Who those annotators are, sorted.
    [[nodiscard]] QStringList otherAnnotators() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();
    void onAnnotationChanged(std::size_t itemIndex);
    QVariant display(const audit::AuditItem& item, Column column) const;
    QVariant sortValue(const audit::AuditItem& item, Column column) const;
    QVariant foreground(const audit::AuditItem& item, Column column) const;
    QVariant toolTip(const audit::AuditItem& item, Column column) const;
    [[nodiscard]] const audit::Annotation* annotationOf(const audit::AuditItem& item) const;
    /// The other annotators' verdicts on `item`, "ann2: Not equivalent; bob: Unsure"
    /// (empty when none); `withTimes` adds when each was given, one per line.
    [[nodiscard]] QString othersOf(const audit::AuditItem& item, bool withTimes) const;

    AuditProject* m_project = nullptr;
    AuditItemsPtr m_items;
    std::vector<Column> m_columns;
    std::map<std::size_t, int> m_rowOf;
};

} // namespace sqleq::ui
