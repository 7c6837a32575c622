// DatabasesPanel: the distilled suite, one row per database with how gold and candidate
// fare on it; the separating database is marked by the model and selected as soon as a
// result arrives. It reports which database the user looks at; it decides nothing.
#pragma once

#include "ui/session/run_result.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace sqleq::ui {

class SuiteDatabasesModel;

class DatabasesPanel : public QWidget {
    Q_OBJECT

public:
    explicit DatabasesPanel(QWidget* parent = nullptr);

    /// Shows the suite of `result` and selects its separating database (else the first).
    void setResult(const RunResultPtr& result);
    /// Selects suite database `index` (ignored when out of range).
    void selectDatabase(int index);
    /// The selected suite database, -1 when none.
    [[nodiscard]] int currentDatabase() const;

    [[nodiscard]] QTableView* view() const { return m_view; }
    [[nodiscard]] SuiteDatabasesModel* model() const { return m_model; }

signals:
    void currentDatabaseChanged(int index);

private:
    SuiteDatabasesModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace sqleq::ui
