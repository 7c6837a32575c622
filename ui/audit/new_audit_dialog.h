// NewAuditDialog: the form of "New Audit Project…" — gold, predictions, tables.json,
// the optional original-databases and suites directories and questions file, the
// plug-value/keep-distinct options, and where to write the project. It only edits an
// AuditBuildRequest and checks the paths; building it is AuditBuildRunner's job.
#pragma once

#include "ui/audit/audit_build.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace sqleq::ui {

class NewAuditDialog : public QDialog {
    Q_OBJECT

public:
    NewAuditDialog(const QString& startDirectory, QWidget* parent = nullptr);

    void setRequest(const AuditBuildRequest& request);
    [[nodiscard]] AuditBuildRequest request() const;
    /// Why the request cannot be built as it stands (a missing file, an existing
    /// output), empty when it can.
    [[nodiscard]] QString problem() const;

    void accept() override;

private:
    enum class Pick { OpenFile, Directory, SaveFile };
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, Pick pick, const QString& filter,
                          const QString& objectName);
    void updateOk();

    QString m_startDirectory;
    QLineEdit* m_gold = nullptr;
    QLineEdit* m_predictions = nullptr;
    QLineEdit* m_tables = nullptr;
    QLineEdit* m_databases = nullptr;
    QLineEdit* m_suites = nullptr;
    QLabel* m_suitesNote = nullptr;  ///< where suites come from, or where they will be distilled
    QLineEdit* m_questions = nullptr;
    QLineEdit* m_output = nullptr;
    QCheckBox* m_plugValue = nullptr;
    QCheckBox* m_keepDistinct = nullptr;
    QComboBox* m_profile = nullptr;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_search = nullptr;
    QSpinBox* m_timeout = nullptr;
    inspect::CheckSettings m_settings;  ///< the request's, for what the dialog does not show
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace sqleq::ui
