// SettingsDialog: edits the settings (inspect::CheckSettings) of the next run — profile
// (the schema's, spider, strict), sampling budget, search budget, seed, per-query
// timeout, plug-value and keep-distinct. It only
// edits a value; the MainWindow decides where it is stored (QSettings, the session).
#pragma once

#include "ui/session/session.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace sqleq::ui {

class SettingsDialog : public QDialog {
    Q_OBJECT

public:
    explicit SettingsDialog(const inspect::CheckSettings& settings, QWidget* parent = nullptr);

    [[nodiscard]] inspect::CheckSettings settings() const;

private:
    QComboBox* m_profile = nullptr;
    QSpinBox* m_budget = nullptr;
    QSpinBox* m_search = nullptr;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_timeout = nullptr;
    QSpinBox* m_timeLimit = nullptr;
    QCheckBox* m_plugValue = nullptr;
    QCheckBox* m_keepDistinct = nullptr;
    /// Kept where unchanged: the spin boxes cannot hold every 64-bit seed or step budget.
    inspect::CheckSettings m_original;
};

} // namespace sqleq::ui
