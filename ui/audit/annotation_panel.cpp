// AnnotationPanel: widgets are refilled from the project after every write, never the
// other way round, so the panel cannot show an annotation the store does not hold.

#include "ui/audit/annotation_panel.h"
#include "ui/core_text.h"

#include "ui/audit/audit_labels.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

} // namespace

AnnotationPanel::AnnotationPanel(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("annotationTitle"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    m_why = new QLabel(this);
    m_why->setObjectName(QStringLiteral("metricsWhy"));
    m_why->setWordWrap(true);
    m_why->setTextFormat(Qt::RichText);
    m_why->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_why->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    m_verdicts = new QButtonGroup(this);
    const auto makeButton = [this](const QString& text, const QString& tip, audit::Verdict verdict) {
        auto* button = new QPushButton(text, this);
        button->setCheckable(true);
        button->setToolTip(tip);
        button->setAccessibleName(tr("Verdict: %1").arg(text));
        button->setFocusPolicy(Qt::TabFocus);
        m_verdicts->addButton(button, static_cast<int>(verdict));
        connect(button, &QPushButton::clicked, this, [this, verdict] { chooseVerdict(verdict); });
        return button;
    };
    m_equivalent = makeButton(tr("Equivalent"), tr("The prediction means the same as the gold (Ctrl+1)"),
                              audit::Verdict::Equivalent);
    m_notEquivalent = makeButton(tr("Not equivalent"), tr("The prediction answers something else (Ctrl+2)"),
                                 audit::Verdict::NotEquivalent);
    m_unsure = makeButton(tr("Unsure"), tr("Cannot decide yet (Ctrl+3)"), audit::Verdict::Unsure);
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setToolTip(tr("Remove your verdict on this item (Ctrl+Shift+Del)"));
    m_clear->setFocusPolicy(Qt::TabFocus);
    m_clear->setAccessibleName(tr("Clear the verdict"));
    connect(m_clear, &QPushButton::clicked, this, &AnnotationPanel::clearVerdict);
    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    for (QPushButton* button : {m_equivalent, m_notEquivalent, m_unsure}) buttons->addWidget(button, 1);
    buttons->addWidget(m_clear);

    m_reason = new QComboBox(this);
    m_reason->setObjectName(QStringLiteral("reasonBox"));
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->setEditable(true);
    m_reason->setInsertPolicy(QComboBox::NoInsert);
    m_reason->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_reason->setMinimumContentsLength(12);
    m_reason->setToolTip(tr("Why (Ctrl+Shift+R). Type a new reason and press Enter to add it to the project's list."));
    connect(m_reason, &QComboBox::activated, this, [this] { onReasonConfirmed(); });
    connect(m_reason->lineEdit(), &QLineEdit::editingFinished, this, &AnnotationPanel::onReasonConfirmed);
    m_note = new QLineEdit(this);
    m_note->setObjectName(QStringLiteral("noteEdit"));
    m_note->setAccessibleName(tr("Note"));
    m_note->setPlaceholderText(tr("Free note; Enter saves (Ctrl+Shift+N)"));
    connect(m_note, &QLineEdit::editingFinished, this, &AnnotationPanel::onNoteConfirmed);
    m_annotator = new QLineEdit(this);
    m_annotator->setObjectName(QStringLiteral("annotatorEdit"));
    m_annotator->setAccessibleName(tr("Annotator"));
    m_annotator->setPlaceholderText(tr("your name"));
    m_annotator->setToolTip(tr("Verdicts are recorded under this name; change it to see or write another annotator's"));
    connect(m_annotator, &QLineEdit::editingFinished, this, [this] {
        const QString name = m_annotator->text().trimmed();
        if (m_project && !name.isEmpty() && name != m_project->annotator()) emit annotatorEdited(name);
    });

    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("annotationState"));
    m_state->setWordWrap(true);
    m_state->setForegroundRole(QPalette::PlaceholderText);
    m_settingsNote = new QLabel(this);
    m_settingsNote->setObjectName(QStringLiteral("projectSettingsNote"));
    m_settingsNote->setWordWrap(true);
    m_settingsNote->hide();

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Reason:"), m_reason);
    form->addRow(tr("N&ote:"), m_note);
    form->addRow(tr("Annotator:"), m_annotator);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(4);
    layout->addWidget(m_title);
    layout->addWidget(m_why);
    layout->addWidget(m_settingsNote);
    layout->addLayout(buttons);
    layout->addLayout(form);
    layout->addWidget(m_state);
    layout->addStretch(1);
    setProject(nullptr);
}

void AnnotationPanel::setProject(AuditProject* project)
{
    if (m_project) m_project->disconnect(this);
    m_project = project;
    m_item.reset();
    if (m_project) {
        connect(m_project, &AuditProject::reasonsChanged, this, &AnnotationPanel::fillReasons);
        connect(m_project, &AuditProject::annotationsReloaded, this, &AnnotationPanel::showAnnotation);
        connect(m_project, &AuditProject::annotationChanged, this, [this](std::size_t itemIndex) {
            if (m_item == itemIndex) showAnnotation();
        });
        connect(m_project, &QObject::destroyed, this, [this] {
            m_project = nullptr;
            m_item.reset();
            showAnnotation();
        });
    }
    fillReasons();
    showAnnotation();
}

void AnnotationPanel::showItem(std::optional<std::size_t> itemIndex)
{
    if (m_item != itemIndex) {
        commitPending();
        m_why->clear();
        m_why->setToolTip({});
    }
    m_item = itemIndex;
    showAnnotation();
}

QAbstractButton* AnnotationPanel::verdictButton(audit::Verdict verdict) const
{
    return m_verdicts->button(static_cast<int>(verdict));
}

QString AnnotationPanel::stateText() const { return m_state->text(); }

void AnnotationPanel::showExplanation(const ItemExplanation& explanation)
{
    if (m_item != explanation.itemIndex) return;
    m_why->setText(explanation.html());
    m_why->setToolTip(explanation.toolTip());
}

void AnnotationPanel::fillReasons()
{
    const bool showing = m_showing;
    m_showing = true;
    const QString text = m_reason->currentText();
    m_reason->clear();
    m_reason->addItem(QString());  // "no reason"
    if (m_project) m_reason->addItems(m_project->reasons());
    m_reason->setCurrentText(text);
    m_showing = showing;
}

void AnnotationPanel::showAnnotation()
{
    m_showing = true;
    m_refused = false;
    const audit::AuditItem* item = m_project && m_item ? m_project->item(*m_item) : nullptr;
    setEnabled(item != nullptr);
    m_annotator->setText(m_project ? m_project->annotator() : QString());
    const std::optional<audit::Annotation> annotation = item ? m_project->annotation(item->index) : std::nullopt;
    m_verdicts->setExclusive(false);
    for (QAbstractButton* button : m_verdicts->buttons())
        button->setChecked(annotation && m_verdicts->id(button) == static_cast<int>(annotation->verdict));
    m_verdicts->setExclusive(true);
    m_clear->setEnabled(annotation.has_value());
    m_reason->setCurrentText(annotation ? fromStd(annotation->reason) : QString());
    m_note->setText(annotation ? fromStd(annotation->note) : QString());
    if (!item) {
        m_why->clear();
        m_title->setText(m_project ? tr("No item selected") : tr("No audit project open"));
        showState({});
    } else {
        QString title = tr("Item %1 · %2").arg(item->index).arg(fromStd(item->dbId));
        if (item->metrics.hardness) title += tr(" · %1").arg(fromStd(std::string(metrics::hardnessName(*item->metrics.hardness))));
        m_title->setText(title);
        if (annotation)
            showState(tr("Saved: %1 by %2 at %3").arg(verdictLabel(annotation->verdict), fromStd(annotation->annotator),
                                                     fromStd(annotation->updatedAt)));
        else
            showState(tr("Not reviewed. Ctrl+1 equivalent · Ctrl+2 not equivalent · Ctrl+3 unsure · F8 next disagreement"));
    }
    m_showing = false;
}

void AnnotationPanel::showState(const QString& text) { m_state->setText(text); }

bool AnnotationPanel::ensureAnnotator()
{
    if (!m_project) return false;
    if (!m_project->annotator().isEmpty()) return true;
    return m_annotatorPrompt && m_annotatorPrompt() && !m_project->annotator().isEmpty();
}

void AnnotationPanel::showSettingsNote(const QString& note)
{
    m_settingsNote->setText(note);
    m_settingsNote->setVisible(!note.isEmpty());
}

bool AnnotationPanel::itemIsOnScreen()
{
    const QString why = m_itemCheck ? m_itemCheck() : QString();
    if (why.isEmpty()) return true;
    const QString message = tr("Not saved: %1. Undo the edit (Ctrl+Z) or select item %2 again to judge it.")
                                .arg(why)
                                .arg(*m_item);
    showState(message);
    m_refused = true;
    emit verdictRefused(message);
    return false;
}

void AnnotationPanel::recheckItem()
{
    if (!m_refused || !m_project || !m_item) return;
    if (m_itemCheck && !m_itemCheck().isEmpty()) return;
    showAnnotation();
    emit itemBackOnScreen(tr("Item %1 is on screen again: Ctrl+1, Ctrl+2 or Ctrl+3 saves a verdict.").arg(*m_item));
}

bool AnnotationPanel::chooseVerdict(audit::Verdict verdict)
{
    if (!m_project || !m_item) return false;
    if (!itemIsOnScreen()) return false;
    if (!ensureAnnotator()) {
        showAnnotation();
        return false;
    }
    return write(verdict);
}

bool AnnotationPanel::write(audit::Verdict verdict)
{
    QString error;
    const bool written = m_project->annotate(*m_item, verdict, m_reason->currentText(), m_note->text(), &error);
    showAnnotation();
    if (!written) showState(tr("Not saved: %1").arg(error));
    else emit verdictSaved(stateText());
    return written;
}

bool AnnotationPanel::clearVerdict()
{
    if (!m_project || !m_item) return false;
    if (!itemIsOnScreen()) return false;
    QString error;
    const bool cleared = m_project->clearAnnotation(*m_item, &error);
    showAnnotation();
    if (!cleared) showState(tr("Not removed: %1").arg(error));
    else emit verdictSaved(tr("Verdict on item %1 removed.").arg(*m_item));
    return cleared;
}

void AnnotationPanel::commitPending()
{
    if (!m_project || !m_item || m_showing) return;
    const std::optional<audit::Annotation> annotation = m_project->annotation(*m_item);
    if (!annotation) return;
    const bool changed = m_reason->currentText().trimmed() != fromStd(annotation->reason)
        || m_note->text().trimmed() != fromStd(annotation->note);
    if (changed) write(annotation->verdict);
}

void AnnotationPanel::onReasonConfirmed()
{
    if (m_showing || !m_project || !m_item) return;
    const QString reason = m_reason->currentText().trimmed();
    if (m_project->annotation(*m_item)) {
        commitPending();
        return;
    }
    if (!reason.isEmpty()) {
        QString error;
        if (!m_project->addReason(reason, &error)) showState(tr("Reason not added: %1").arg(error));
        m_reason->setCurrentText(reason);
    }
    if (!reason.isEmpty() || !m_note->text().trimmed().isEmpty())
        showState(tr("Give a verdict (Ctrl+1/2/3) to save the reason and note with it."));
}

void AnnotationPanel::onNoteConfirmed()
{
    if (m_showing || !m_project || !m_item) return;
    if (m_project->annotation(*m_item)) {
        commitPending();
        return;
    }
    if (!m_note->text().trimmed().isEmpty())
        showState(tr("Give a verdict (Ctrl+1/2/3) to save the reason and note with it."));
}

void AnnotationPanel::focusNote()
{
    m_note->setFocus(Qt::ShortcutFocusReason);
    m_note->selectAll();
}

void AnnotationPanel::focusReason()
{
    m_reason->setFocus(Qt::ShortcutFocusReason);
    m_reason->lineEdit()->selectAll();
}

} // namespace sqleq::ui
