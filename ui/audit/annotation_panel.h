// AnnotationPanel: the verdict on the item in the inspector — equivalent / not
// equivalent / unsure, a reason from the project's growing list (a new one is added),
// a free note, and who is judging. Each confirmed edit (a verdict button or shortcut,
// a reason picked, a note finished with Enter or by leaving the field) is written
// through the AuditProject at once. A reason or note typed before any verdict waits
// (and says so) until a verdict is given: the store only holds judged items. Under the
// title, a read-only section says why the metrics say what they say (ItemExplanation,
// computed elsewhere).
#pragma once

#include "ui/audit/audit_project.h"
#include "ui/audit/item_explanation.h"

#include <QWidget>

#include <functional>
#include <optional>

class QAbstractButton;
class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace sqleq::ui {

class AnnotationPanel : public QWidget {
    Q_OBJECT

public:
    explicit AnnotationPanel(QWidget* parent = nullptr);

    /// Shows `project` (null: nothing to judge, the panel disabled).
    void setProject(AuditProject* project);
    /// Shows the current annotation of `itemIndex` (pending edits of the previous item
    /// are written first).
    void showItem(std::optional<std::size_t> itemIndex);
    [[nodiscard]] std::optional<std::size_t> item() const { return m_item; }

    /// Called before the first write when no annotator is set; returns false to abort.
    void setAnnotatorPrompt(std::function<bool()> prompt) { m_annotatorPrompt = std::move(prompt); }
    /// Asked before a verdict is given or cleared: why the inputs on screen are not the
    /// item's (an edited query, another schema), or empty when they are. A non-empty
    /// answer refuses the verdict: it would be about something else than the item.
    void setItemCheck(std::function<QString()> check) { m_itemCheck = std::move(check); }

    /// A sentence on how the project's settings differ from the user's (empty: hidden).
    void showSettingsNote(const QString& note);
    [[nodiscard]] QLabel* settingsNoteLabel() const { return m_settingsNote; }

    /// Writes `verdict` with the reason and note shown. False (with a message shown) on failure.
    bool chooseVerdict(audit::Verdict verdict);
    /// Removes the annotation of the shown item.
    bool clearVerdict();
    /// Writes a reason or note edited but not yet confirmed (when a verdict exists).
    void commitPending();
    /// After a refused verdict: when the inputs on screen are the item's again (an edit
    /// undone), the refusal is withdrawn and itemBackOnScreen() says so.
    void recheckItem();
    void focusNote();
    void focusReason();

    [[nodiscard]] QAbstractButton* verdictButton(audit::Verdict verdict) const;
    [[nodiscard]] QComboBox* reasonBox() const { return m_reason; }
    [[nodiscard]] QLineEdit* noteEdit() const { return m_note; }
    [[nodiscard]] QLineEdit* annotatorEdit() const { return m_annotator; }
    [[nodiscard]] QString stateText() const;

    /// Shows why the item's metrics say what they say (under the title); ignored when
    /// `explanation` is not about the shown item.
    void showExplanation(const sqleq::ui::ItemExplanation& explanation);
    [[nodiscard]] QLabel* whyLabel() const { return m_why; }

signals:
    /// A verdict was refused because the inputs on screen are not the item's; `message`
    /// says why and what to do.
    void verdictRefused(const QString& message);
    /// The inputs on screen are the item's again after a refused verdict.
    void itemBackOnScreen(const QString& message);
    /// A verdict was written or removed; `message` says which, as the panel does.
    void verdictSaved(const QString& message);
    /// The user renamed the annotator in the panel (confirmed with Enter or by leaving).
    void annotatorEdited(const QString& name);

private:
    void fillReasons();
    void showAnnotation();
    void showState(const QString& text);
    bool write(audit::Verdict verdict);
    void onReasonConfirmed();
    void onNoteConfirmed();
    bool ensureAnnotator();
    /// False (with the reason shown and verdictRefused emitted) when m_itemCheck objects.
    bool itemIsOnScreen();

    AuditProject* m_project = nullptr;
    std::optional<std::size_t> m_item;
    std::function<bool()> m_annotatorPrompt;
    std::function<QString()> m_itemCheck;
    bool m_refused = false;  ///< the state shows a refused verdict
    QLabel* m_title = nullptr;
    QLabel* m_why = nullptr;
    QButtonGroup* m_verdicts = nullptr;
    QPushButton* m_equivalent = nullptr;
    QPushButton* m_notEquivalent = nullptr;
    QPushButton* m_unsure = nullptr;
    QPushButton* m_clear = nullptr;
    QComboBox* m_reason = nullptr;
    QLineEdit* m_note = nullptr;
    QLineEdit* m_annotator = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_settingsNote = nullptr;
    bool m_showing = false;  ///< filling the widgets: their signals are not edits
};

} // namespace sqleq::ui
