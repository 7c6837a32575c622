// Manual contents: the page list and the heading text rules. The anchor rule follows
// GitHub's, which tools/check_docs.py also implements, so a link that resolves on the
// web page resolves in the manual.

#include "ui/widgets/manual_contents.h"

#include <QHash>
#include <QRegularExpression>

namespace sqleq::ui {

QStringList manualPagePaths()
{
    return {QStringLiteral("README.md"),          QStringLiteral("docs/inspector.md"),
            QStringLiteral("docs/cli.md"),        QStringLiteral("docs/verdicts.md"),
            QStringLiteral("docs/datasets.md"),   QStringLiteral("docs/hostile-input.md"),
            QStringLiteral("docs/auditing.md"),   QStringLiteral("docs/report.md"),
            QStringLiteral("docs/python.md"),     QStringLiteral("docs/scaling.md")};
}

QString manualResourceUrl(const QString& pagePath)
{
    return QStringLiteral("qrc:/manual/") + pagePath;
}

QString plainHeadingText(const QString& markdownHeading)
{
    QString text = markdownHeading.trimmed();
    // Images and links read as their text: ![alt](url) and [text](url).
    static const QRegularExpression link(QStringLiteral(R"(!?\[([^\]]*)\]\([^)]*\))"));
    text.replace(link, QStringLiteral("\\1"));
    QString plain;
    plain.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\\') && i + 1 < text.size() && text.at(i + 1).isPunct()) {
            plain += text.at(++i);  // an escaped character is itself, even '*' or '`'
            continue;
        }
        if (c == QLatin1Char('`') || c == QLatin1Char('*')) continue;
        // '_' marks emphasis only at a word's edge: snake_case names keep theirs.
        if (c == QLatin1Char('_')) {
            const bool before = i > 0 && text.at(i - 1).isLetterOrNumber();
            const bool after = i + 1 < text.size() && text.at(i + 1).isLetterOrNumber();
            if (!(before && after)) continue;
        }
        plain += c;
    }
    // An escaped '*' or '`' survives the loop above; the table of contents never shows one.
    plain.remove(QLatin1Char('*'));
    plain.remove(QLatin1Char('`'));
    return plain.simplified();
}

QString headingAnchor(const QString& plainTitle)
{
    QString anchor;
    for (const QChar c : plainTitle.trimmed().toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_')) anchor += c;
        else if (c == QLatin1Char(' ')) anchor += QLatin1Char('-');
    }
    return anchor;
}

QList<ManualHeading> manualHeadings(const QString& markdown, int maxLevel)
{
    static const QRegularExpression atx(QStringLiteral(R"(^(#{1,6})\s+(.*?)\s*#*\s*$)"));
    QList<ManualHeading> headings;
    QHash<QString, int> seen;
    QString fence;
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        const QString marker = line.trimmed().left(3);
        if (marker == QLatin1String("```") || marker == QLatin1String("~~~")) {
            if (fence.isEmpty()) fence = marker;
            else if (fence == marker) fence.clear();
            continue;
        }
        if (!fence.isEmpty()) continue;
        const QRegularExpressionMatch match = atx.match(line);
        if (!match.hasMatch()) continue;
        ManualHeading heading;
        heading.level = static_cast<int>(match.capturedLength(1));
        heading.title = plainHeadingText(match.captured(2));
        const QString base = headingAnchor(heading.title);
        const int repeats = seen.value(base, 0);
        seen.insert(base, repeats + 1);
        heading.anchor = repeats == 0 ? base : base + QLatin1Char('-') + QString::number(repeats);
        if (heading.level <= maxLevel) headings.push_back(heading);
    }
    return headings;
}

} // namespace sqleq::ui
