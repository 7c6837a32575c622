// SqlEditor: parse errors become an extra selection (a red wave underline) rather than
// character formats, so they never fight with the highlighter or enter the undo stack.

#include "ui/widgets/sql_editor.h"

#include "core/sql/sql.h"
#include "ui/widgets/sql_highlighter.h"
#include "ui/widgets/theme_colors.h"
#include "ui/widgets/utf8_offsets.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>

namespace sqleq::ui {
namespace {
constexpr int kDebounceMs = 300;
}

SqlEditor::SqlEditor(QWidget* parent) : QPlainTextEdit(parent)
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    setFont(font);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setTabChangesFocus(true);
    m_highlighter = new SqlHighlighter(document());
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &SqlEditor::parseNow);
    connect(this, &QPlainTextEdit::textChanged, &m_debounce, qOverload<>(&QTimer::start));
    // A run's error belongs to the text that was run: any edit makes it stale.
    connect(this, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_runErrorMessage.isEmpty()) setRunError(0, 0, {});
    });
}

void SqlEditor::setSql(const QString& sql)
{
    setPlainText(sql);
    parseNow();
}

void SqlEditor::parseNow()
{
    m_debounce.stop();
    const QString text = toPlainText();
    if (text.trimmed().isEmpty()) {
        showError(0, 0, {});
        return;
    }
    const Utf8Offsets offsets(text);
    const sql::ParseOutput output = sql::parse(offsets.utf8());
    if (output.diagnostics.empty()) {
        showError(0, 0, {});
        return;
    }
    const Diagnostic& first = output.diagnostics.front();
    int begin = static_cast<int>(text.size());
    int end = begin;
    if (first.span.valid()) {
        begin = offsets.toUtf16(first.span.begin);
        end = offsets.toUtf16(first.span.end);
    }
    // An empty span (e.g. "end of input") still needs something visible to underline.
    if (end <= begin) {
        if (begin >= text.size()) begin = std::max(0, static_cast<int>(text.size()) - 1);
        end = std::min(static_cast<int>(text.size()), begin + 1);
    }
    showError(begin, end, QString::fromStdString(formatDiagnostic(offsets.utf8(), first)));
}

void SqlEditor::showError(int begin, int end, const QString& message)
{
    m_errorBegin = begin;
    m_errorEnd = end;
    const bool changed = message != m_errorMessage;
    m_errorMessage = message;
    refreshUnderlines();
    if (changed) emit diagnosticChanged(message);
}

void SqlEditor::setRunError(int begin, int end, const QString& message)
{
    const int size = static_cast<int>(toPlainText().size());
    // An error at the end of the text ("incomplete input") still needs a visible mark.
    if (!message.isEmpty() && begin >= 0 && begin >= end && size > 0) {
        begin = std::min(begin, size - 1);
        end = begin + 1;
    }
    const bool valid = !message.isEmpty() && begin >= 0 && end > begin && end <= size;
    m_runErrorBegin = valid ? begin : 0;
    m_runErrorEnd = valid ? end : 0;
    m_runErrorMessage = valid ? message : QString();
    refreshUnderlines();
}

QTextEdit::ExtraSelection SqlEditor::underline(int begin, int end, const QString& message) const
{
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(document());
    // A range found on an earlier text (the parse of the text just replaced, until the
    // new one is parsed) may lie past the end of this one: clamped, never out of range.
    const int last = std::max(0, document()->characterCount() - 1);
    selection.cursor.setPosition(std::clamp(begin, 0, last));
    selection.cursor.setPosition(std::clamp(end, 0, last), QTextCursor::KeepAnchor);
    selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    selection.format.setUnderlineColor(ThemeColors(palette()).negative());
    selection.format.setToolTip(message);
    return selection;
}

void SqlEditor::refreshUnderlines()
{
    QList<QTextEdit::ExtraSelection> selections;
    QStringList tips;
    if (!m_errorMessage.isEmpty() && m_errorEnd > m_errorBegin) {
        selections.append(underline(m_errorBegin, m_errorEnd, m_errorMessage));
        tips << m_errorMessage;
    }
    if (!m_runErrorMessage.isEmpty()) {
        selections.append(underline(m_runErrorBegin, m_runErrorEnd, m_runErrorMessage));
        tips << m_runErrorMessage;
    }
    setExtraSelections(selections);
    setToolTip(tips.join(QLatin1Char('\n')));
}

bool SqlEditor::event(QEvent* event)
{
    // The tooltip names the error wherever the pointer is, since a one-character
    // underline is a small target; without an error there is no tooltip at all.
    if (event->type() == QEvent::ToolTip && m_errorMessage.isEmpty() && m_runErrorMessage.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QPlainTextEdit::event(event);
}

void SqlEditor::setPreferredLines(int lines)
{
    m_preferredLines = std::max(1, lines);
    updateGeometry();
}

QSize SqlEditor::sizeHint() const
{
    const int frame = 2 * frameWidth() + static_cast<int>(2 * document()->documentMargin());
    return {QPlainTextEdit::sizeHint().width(), fontMetrics().lineSpacing() * m_preferredLines + frame};
}

QSize SqlEditor::minimumSizeHint() const
{
    const int frame = 2 * frameWidth() + static_cast<int>(2 * document()->documentMargin());
    return {120, fontMetrics().lineSpacing() * 2 + frame};
}

} // namespace sqleq::ui
