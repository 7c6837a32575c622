// Manual contents: which pages Help ▸ Manual shows, and the text handling behind its
// table of contents — a page's headings as plain text (no backticks, emphasis or link
// syntax) with the anchors GitHub gives them, so that "verdicts.md#profiles" finds its
// heading. Plain functions over QString, no widgets: tested without a window.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace sqleq::ui {

/// One heading of a Markdown page, as the table of contents lists it.
struct ManualHeading {
    int level = 0;    ///< 1 for "# ", 2 for "## ", …
    QString title;    ///< plain text: what the rendered heading reads
    QString anchor;   ///< GitHub's anchor of the heading ("two-verdicts")
};

/// The pages of the manual, in reading order, as paths relative to the source tree
/// (and to the ":/manual/" resource): README.md first, then the user's pages of docs/.
/// The developers' pages (development.md, benchmarks.md) are not among them.
QStringList manualPagePaths();

/// The resource URL of a page path: "docs/cli.md" → qrc:/manual/docs/cli.md.
QString manualResourceUrl(const QString& pagePath);

/// A heading's Markdown as plain text: inline code, emphasis and links keep only
/// their text ("Python: `import sqleq`" → "Python: import sqleq"); backslash escapes
/// are resolved. Never contains a backtick or '*'.
QString plainHeadingText(const QString& markdownHeading);

/// GitHub's anchor of a plain heading: lower case, letters, digits, '-' and '_' kept,
/// spaces turned into '-', everything else dropped.
QString headingAnchor(const QString& plainTitle);

/// The ATX headings ("#" to "######") of a Markdown text up to `maxLevel`, in order;
/// lines inside fenced code blocks are not headings. Repeated anchors get GitHub's
/// "-1", "-2" suffixes.
QList<ManualHeading> manualHeadings(const QString& markdown, int maxLevel = 6);

} // namespace sqleq::ui
