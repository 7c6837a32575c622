// ManualWindow: Help ▸ Manual — the README compiled into the application, split at its
// "## " headings into sections listed on the left, one section shown at a time as
// Markdown on the right. It reads only the bundled text: no network, no files.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QListWidget;
class QTextBrowser;

namespace sqleq::ui {

struct ManualSection {
    QString title;     ///< the heading without its "## "
    QString markdown;  ///< the section, heading included
};

class ManualWindow : public QWidget {
    Q_OBJECT

public:
    explicit ManualWindow(QWidget* parent = nullptr);

    /// Splits Markdown at its level-2 headings; "## " inside fenced code is not a heading.
    /// Text before the first heading is a section named after the "# " title.
    static std::vector<ManualSection> splitSections(const QString& markdown);
    /// The README bundled at build time (":/manual/README.md").
    static QString bundledManual();

    [[nodiscard]] QStringList sectionTitles() const;
    void showSection(int index);
    [[nodiscard]] QTextBrowser* browser() const { return m_browser; }

private:
    std::vector<ManualSection> m_sections;
    QListWidget* m_list = nullptr;
    QTextBrowser* m_browser = nullptr;
};

} // namespace sqleq::ui
