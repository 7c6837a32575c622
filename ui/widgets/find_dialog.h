// FindDialog: Edit ▸ Find — a small non-modal window that searches the SQL editor the
// user was last in, forwards or backwards, wrapping at the ends. It selects the match in
// the editor and never changes the text.
#pragma once

#include <QDialog>
#include <QPointer>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace sqleq::ui {

class FindDialog : public QDialog {
    Q_OBJECT

public:
    explicit FindDialog(QWidget* parent = nullptr);

    /// The editor searched from now on; null searches nothing.
    void setTarget(QPlainTextEdit* editor);
    [[nodiscard]] QPlainTextEdit* target() const { return m_target; }
    [[nodiscard]] QLineEdit* patternEdit() const { return m_pattern; }

    /// Selects the next (or previous) match after the cursor, wrapping once around the
    /// text. False when the text does not contain the pattern (or there is no target).
    bool find(bool backward);

public slots:
    void findNext() { find(false); }
    void findPrevious() { find(true); }

private:
    QPointer<QPlainTextEdit> m_target;
    QLineEdit* m_pattern = nullptr;
    QCheckBox* m_caseSensitive = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace sqleq::ui
