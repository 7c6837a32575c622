// SettingsDialog: edits the RunSettings of the next run — profile (spider/strict),
// sampling budget, seed, per-query timeout, plug-value and keep-distinct. It only
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
    explicit SettingsDialog(const RunSettings& settings, QWidget* parent = nullptr);

    [[nodiscard]] RunSettings settings() const;

private:
    QComboBox* m_profile = nullptr;
    QSpinBox* m_budget = nullptr;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_timeout = nullptr;
    QCheckBox* m_plugValue = nullptr;
    QCheckBox* m_keepDistinct = nullptr;
    uint64_t m_originalSeed = 0;  ///< kept when unchanged: the spin box cannot hold every 64-bit seed
};

} // namespace sqleq::ui
