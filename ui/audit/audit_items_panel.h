// AuditItemsPanel: the audit list — a filter bar (metrics disagree, not yet reviewed,
// proved or not refuted, hardness, database, search), the sortable items table, and "n of m reviewed" for the
// rows shown and overall. It reports which item the user is on and moves between rows
// on request; loading the item into the inspector is the AuditMode's job.
#pragma once

#include "ui/audit/audit_project.h"

#include <QVariantMap>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableView;

namespace sqleq::ui {

/// Where the annotator is in the list: restored when the project is reopened.
struct AuditPlace {
    std::optional<std::size_t> item;
    bool disagreeOnly = false;
    bool falsePositiveOnly = false;
    bool unreviewedOnly = false;
    QString equivalence;         ///< "proved", "not_refuted"; empty: any
    QString hardness;            ///< empty: any
    QString database;            ///< empty: any
    QString search;
    int sortColumn = -1;         ///< -1: the gold file's order
    Qt::SortOrder sortOrder = Qt::AscendingOrder;
    int scroll = 0;              ///< the list's vertical scroll position

    [[nodiscard]] QVariantMap toVariant() const;
    static AuditPlace fromVariant(const QVariantMap& map);
    bool operator==(const AuditPlace&) const = default;
};

class AuditFilterModel;
class AuditItemsModel;

class AuditItemsPanel : public QWidget {
    Q_OBJECT

public:
    explicit AuditItemsPanel(QWidget* parent = nullptr);

    /// Shows `project` (null: empty), filters reset.
    void setProject(AuditProject* project);

    /// Selects the row of `itemIndex`, clearing the filters when they hide it. False
    /// when the project has no such item.
    bool selectItem(std::size_t itemIndex);
    /// The selected item's index, nullopt when none.
    [[nodiscard]] std::optional<std::size_t> currentItem() const;
    /// Moves the selection `step` rows (±1) among the rows shown, to the next row whose
    /// metrics disagree when `disagreeing`; false (selection kept) when there is none.
    /// From the last item selected, even when a filter now hides it: the next item is
    /// the one after it in the list's order.
    bool moveSelection(int step, bool disagreeing);
    /// The item moveSelection(step, disagreeing) would select; nullopt when none.
    [[nodiscard]] std::optional<std::size_t> itemAfter(int step, bool disagreeing) const;

    [[nodiscard]] QTableView* view() const { return m_view; }
    [[nodiscard]] AuditItemsModel* model() const { return m_model; }
    [[nodiscard]] AuditFilterModel* filter() const { return m_filter; }
    [[nodiscard]] QCheckBox* disagreeFilter() const { return m_disagree; }
    [[nodiscard]] QCheckBox* unreviewedFilter() const { return m_unreviewed; }
    [[nodiscard]] QComboBox* equivalenceFilter() const { return m_equivalence; }
    [[nodiscard]] QComboBox* hardnessFilter() const { return m_hardness; }
    [[nodiscard]] QComboBox* databaseFilter() const { return m_database; }
    [[nodiscard]] QLineEdit* searchBox() const { return m_search; }
    [[nodiscard]] QString progressText() const;
    /// Why the list is empty ("0 of 40 shown: no item matches …"); empty while it is not.
    [[nodiscard]] QString emptyListText() const;
    /// Room for the filter bar and kRowsInView items.
    [[nodiscard]] QSize sizeHint() const override;
    static constexpr int kRowsInView = 5;
    /// What the items dock first gets beyond its sizeHint in a window `windowHeight`
    /// high: nothing on a 1280×800 screen, half of the height a larger window has beyond
    /// that, so that a desktop screen shows a dozen items.
    [[nodiscard]] static int extraHeight(int windowHeight);
    /// The search field's narrowest width on the filters' line; with less room it goes,
    /// with the counter, to a line of its own.
    static constexpr int kSearchWidth = 160;

    /// The current item, filters, sort and scroll position.
    [[nodiscard]] AuditPlace place() const;
    /// Sets the filters and sort of `place` (an unknown hardness or database is left at
    /// "any"); the item and scroll are the caller's, once the list is laid out.
    void restoreFilters(const AuditPlace& place);

public slots:
    void updateProgress();
    void focusSearch();

signals:
    /// The user (or a navigation) selected another item.
    void currentItemChanged(std::size_t itemIndex);
    /// The item, a filter, the sort or the scroll position changed.
    void placeChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// The row of the filtered list moveSelection(step, disagreeing) goes to; -1 when none.
    [[nodiscard]] int rowAfter(int step, bool disagreeing) const;
    /// The first row to look at from the last item selected, hidden or not.
    [[nodiscard]] int firstRowFrom(int step) const;
    /// Whether source row `a` comes before source row `b` in the list's order.
    [[nodiscard]] bool comesBefore(int a, int b) const;
    /// After a filter changed: the last item selected stays selected and in view when it
    /// is still shown; when hidden, nothing is selected (the inspector keeps it).
    void keepPlace();
    /// "0 of 40 shown: no item matches …", naming the filters that are on.
    [[nodiscard]] QString emptyListReason(int total) const;
    QWidget* buildFilterBar();
    /// Puts the search field and the counter on the filters' line when the three fit the
    /// panel's width whole, on a second line when not.
    void arrangeFilterBar();
    void fillCombos();
    void resetFilters();
    void sizeColumns();
    void onCurrentRowChanged(const QModelIndex& current);

    AuditProject* m_project = nullptr;
    AuditItemsModel* m_model = nullptr;
    AuditFilterModel* m_filter = nullptr;
    QTableView* m_view = nullptr;
    QWidget* m_filterBar = nullptr;
    QHBoxLayout* m_filterLine = nullptr;  ///< check boxes and combos (and search, counter when they fit)
    QHBoxLayout* m_searchLine = nullptr;  ///< search and counter when the filters' line is full
    QCheckBox* m_falsePositive = nullptr;
    QCheckBox* m_disagree = nullptr;
    QCheckBox* m_unreviewed = nullptr;
    QComboBox* m_equivalence = nullptr;
    QComboBox* m_hardness = nullptr;
    QComboBox* m_database = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_progress = nullptr;
    QLabel* m_emptyList = nullptr;  ///< over the list's place, so a long reason never widens the window
    std::optional<std::size_t> m_lastItem;  ///< the item last selected: where F8 continues from
    bool m_filtering = false;               ///< rows come and go: the view's moves are not the user's
};

} // namespace sqleq::ui
