// ManualWindow: Help ▸ Manual — the README and the user's pages of docs/, compiled into
// the application (resources/manual.qrc.in) with the screenshots they show. Contents on
// the left (pages, and their sections beneath), the page on the right, a search field
// above; Esc closes it. It reads only the bundled pages: no network, no files. The text
// handling lives in manual_contents.h; this class only wires widgets to it.
#pragma once

#include <QStringList>
#include <QWidget>

class QImage;
class QLabel;
class QLineEdit;
class QTextBrowser;
class QTextDocument;
class QTreeWidget;
class QTreeWidgetItem;
class QUrl;

namespace sqleq::ui {

class ManualWindow : public QWidget {
    Q_OBJECT

public:
    explicit ManualWindow(QWidget* parent = nullptr);

    /// The bundled page at `pagePath` ("docs/cli.md"), or an empty string.
    static QString bundledPage(const QString& pagePath);
    /// The image `name` (as a page writes it) of `document`, loaded through the
    /// document's resources; null when it does not load.
    static QImage manualImage(const QTextDocument& document, const QString& name);

    /// Every entry of the table of contents, pages and sections, in order.
    [[nodiscard]] QStringList contentsEntries() const;
    /// Each page's title (its "# " heading), in the order of manualPagePaths().
    [[nodiscard]] QStringList pageTitles() const;
    /// Shows page `index` of manualPagePaths(), scrolled to the heading with `anchor`
    /// when one is given. Returns false for an index out of range.
    bool showPage(int index, const QString& anchor = {});
    [[nodiscard]] int currentPage() const { return m_page; }

    /// Finds `text` after the current selection: on the rest of this page, then on the
    /// following pages, then from the top of this one. Selects the match and returns
    /// true; otherwise says "No match" and returns false.
    bool findNext(const QString& text);
    /// The line under the search field ("No match for …", where a match was found).
    [[nodiscard]] QString statusText() const;

    [[nodiscard]] QTextBrowser* browser() const { return m_browser; }
    [[nodiscard]] QLineEdit* searchField() const { return m_search; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildContents();
    void followLink(const QUrl& link);
    void scrollToAnchor(const QString& anchor);
    void fitImages();
    void onContentsItem(QTreeWidgetItem* item);

    QTreeWidget* m_contents = nullptr;
    QTextBrowser* m_browser = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_status = nullptr;
    QStringList m_titles;
    int m_page = -1;
};

} // namespace sqleq::ui
