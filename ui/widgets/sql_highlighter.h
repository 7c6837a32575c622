// SqlHighlighter: colours SQL with core's own lexer (sql::Lexer), so what is shown as a
// keyword, string or number is exactly what the parser will see. Comments, which the
// lexer skips, are found in the gaps between tokens. It never parses or reports errors.
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace sqleq::ui {

class SqlHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    explicit SqlHighlighter(QTextDocument* document);

    enum class Kind { Keyword, String, Number, Comment, Identifier, Error };

    /// One coloured range of the whole document, in UTF-16 positions.
    struct Range {
        int begin = 0;
        int end = 0;
        Kind kind = Kind::Keyword;
    };

    /// The ranges of the current document text (lexed on demand); for tests and tooltips.
    [[nodiscard]] const std::vector<Range>& ranges();

protected:
    void highlightBlock(const QString& text) override;

private:
    void relexIfStale();
    QTextCharFormat formatFor(Kind kind) const;

    std::vector<Range> m_ranges;
    bool m_lexed = false;
    QString m_lexedText;
};

} // namespace sqleq::ui
