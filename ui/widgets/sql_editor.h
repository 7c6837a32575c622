// SqlEditor: a plain-text SQL editor with core-lexer highlighting and live parse errors.
// A short pause after typing re-parses the text with sql::parse; the first diagnostic is
// underlined in place, explained in the tooltip and emitted for the status bar.
// It never runs a query and knows nothing about schemas or sessions.
#pragma once

#include <QPlainTextEdit>
#include <QTimer>

namespace sqleq::ui {

class SqlHighlighter;

class SqlEditor : public QPlainTextEdit {
    Q_OBJECT

public:
    explicit SqlEditor(QWidget* parent = nullptr);

    [[nodiscard]] QString sql() const { return toPlainText(); }
    void setSql(const QString& sql);

    /// "line 1, column 8 (offset 7): …" for the first parse error; empty when the text parses
    /// (or is empty). Current as of the last parse: call parseNow() to force one.
    [[nodiscard]] const QString& errorMessage() const { return m_errorMessage; }
    [[nodiscard]] bool hasError() const { return !m_errorMessage.isEmpty(); }
    /// The UTF-16 range underlined for the error; begin == end when there is none.
    [[nodiscard]] std::pair<int, int> errorRange() const { return {m_errorBegin, m_errorEnd}; }

    /// Parses the current text immediately instead of after the debounce.
    void parseNow();

    /// Marks where the last run found this query at fault (SQLite rejected it there), as a
    /// second underline beside the parse error; it stays until the text changes.
    /// An empty range (begin >= end) or message clears it.
    void setRunError(int begin, int end, const QString& message);
    [[nodiscard]] const QString& runErrorMessage() const { return m_runErrorMessage; }
    [[nodiscard]] std::pair<int, int> runErrorRange() const { return {m_runErrorBegin, m_runErrorEnd}; }

    /// Lines of text the editor asks room for (its size hint); queries are short.
    void setPreferredLines(int lines);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The parse state changed: the error message, or empty once the text parses again.
    void diagnosticChanged(const QString& message);

protected:
    bool event(QEvent* event) override;

private:
    void showError(int begin, int end, const QString& message);
    void refreshUnderlines();
    QTextEdit::ExtraSelection underline(int begin, int end, const QString& message) const;

    SqlHighlighter* m_highlighter = nullptr;
    QTimer m_debounce;
    QString m_errorMessage;
    int m_errorBegin = 0;
    int m_errorEnd = 0;
    QString m_runErrorMessage;
    int m_runErrorBegin = 0;
    int m_runErrorEnd = 0;
    int m_preferredLines = 4;
};

} // namespace sqleq::ui
