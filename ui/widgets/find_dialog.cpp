// FindDialog: QPlainTextEdit::find does the matching; this only adds the wrap-around
// (one retry from the other end) and says when nothing matched.

#include "ui/widgets/find_dialog.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextCursor>

namespace sqleq::ui {

FindDialog::FindDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Find in SQL editor"));
    setModal(false);
    m_pattern = new QLineEdit(this);
    m_pattern->setAccessibleName(tr("Text to find"));
    m_caseSensitive = new QCheckBox(tr("&Match case"), this);
    m_status = new QLabel(this);
    auto* buttons = new QDialogButtonBox(this);
    QPushButton* next = buttons->addButton(tr("Find &next"), QDialogButtonBox::ActionRole);
    QPushButton* previous = buttons->addButton(tr("Find &previous"), QDialogButtonBox::ActionRole);
    QPushButton* close = buttons->addButton(QDialogButtonBox::Close);
    next->setDefault(true);
    connect(next, &QPushButton::clicked, this, &FindDialog::findNext);
    connect(previous, &QPushButton::clicked, this, &FindDialog::findPrevious);
    connect(close, &QPushButton::clicked, this, &QDialog::hide);
    connect(m_pattern, &QLineEdit::returnPressed, this, &FindDialog::findNext);
    // The main window's F3 / Shift+F3 do not reach this window; the same keys work here.
    auto* nextKey = new QAction(tr("Find next"), this);
    nextKey->setShortcut(QKeySequence(Qt::Key_F3));
    connect(nextKey, &QAction::triggered, this, &FindDialog::findNext);
    auto* previousKey = new QAction(tr("Find previous"), this);
    previousKey->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    connect(previousKey, &QAction::triggered, this, &FindDialog::findPrevious);
    addActions({nextKey, previousKey});
    auto* layout = new QFormLayout(this);
    auto* label = new QLabel(tr("F&ind:"), this);
    label->setBuddy(m_pattern);
    layout->addRow(label, m_pattern);
    layout->addRow(QString(), m_caseSensitive);
    layout->addRow(m_status);
    layout->addRow(buttons);
}

void FindDialog::setTarget(QPlainTextEdit* editor) { m_target = editor; }

bool FindDialog::find(bool backward)
{
    const QString pattern = m_pattern->text();
    if (m_target.isNull() || pattern.isEmpty()) return false;
    QTextDocument::FindFlags flags;
    if (backward) flags |= QTextDocument::FindBackward;
    if (m_caseSensitive->isChecked()) flags |= QTextDocument::FindCaseSensitively;
    bool found = m_target->find(pattern, flags);
    if (!found) {
        const QTextCursor saved = m_target->textCursor();
        QTextCursor wrapped(m_target->document());
        wrapped.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
        m_target->setTextCursor(wrapped);
        found = m_target->find(pattern, flags);
        if (!found) m_target->setTextCursor(saved);
    }
    m_status->setText(found ? QString() : tr("“%1” is not in the editor.").arg(pattern));
    return found;
}

} // namespace sqleq::ui
