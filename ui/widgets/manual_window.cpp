// ManualWindow: pages load through QTextBrowser::setSource from qrc:/manual/…, so a
// page's relative links and images resolve inside the resource exactly as they do in
// the source tree (docs/x.md → ../resources/screenshots/y.png). Links are followed here
// rather than by the browser: a link to another page goes through showPage (so the
// contents follow), a screenshot opens on its own, a developers' page is named in the
// status line, and web links open in the desktop's browser.

#include "ui/widgets/manual_window.h"

#include "ui/widgets/manual_contents.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QFile>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QImage>
#include <QPixmap>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <vector>

// The manual's resource lives in the static sqleq_ui library; an explicit init keeps the
// linker from dropping it. Q_INIT_RESOURCE must be used outside any namespace.
static void initManualResource() { Q_INIT_RESOURCE(manual); }

namespace sqleq::ui {

namespace {

constexpr int kPageRole = Qt::UserRole;
constexpr int kAnchorRole = Qt::UserRole + 1;
constexpr int kImageMargin = 32;  // room for the scroll bar and the document margin

} // namespace

QImage ManualWindow::manualImage(const QTextDocument& document, const QString& name)
{
    // The browser hands over the file's bytes; once drawn, the document keeps a pixmap.
    const QVariant resource = document.resource(QTextDocument::ImageResource, QUrl(name));
    switch (resource.typeId()) {
    case QMetaType::QImage: return resource.value<QImage>();
    case QMetaType::QPixmap: return resource.value<QPixmap>().toImage();
    case QMetaType::QByteArray: return QImage::fromData(resource.toByteArray());
    default: return {};
    }
}

ManualWindow::ManualWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
    initManualResource();
    setWindowTitle(tr("sqleq Manual"));
    setObjectName(QStringLiteral("manualWindow"));

    m_contents = new QTreeWidget(this);
    m_contents->setAccessibleName(tr("Manual contents"));
    m_contents->setHeaderHidden(true);
    m_contents->header()->setStretchLastSection(true);
    m_browser = new QTextBrowser(this);
    m_browser->setAccessibleName(tr("Manual text"));
    m_browser->setOpenLinks(false);
    m_browser->document()->setUndoRedoEnabled(false);
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Find in the manual (Enter: next match)"));
    m_search->setAccessibleName(tr("Find in the manual"));
    m_search->setClearButtonEnabled(true);
    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Search result"));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_contents);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({280, 820});
    auto* searchRow = new QHBoxLayout;
    searchRow->addWidget(m_search, 1);
    searchRow->addWidget(m_status, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(searchRow);
    layout->addWidget(splitter, 1);

    connect(m_contents, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item) { onContentsItem(item); });
    connect(m_contents, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item) { onContentsItem(item); });
    connect(m_browser, &QTextBrowser::anchorClicked, this, &ManualWindow::followLink);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(m_search->text()); });
    connect(m_search, &QLineEdit::textEdited, m_status, &QLabel::clear);
    auto* find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, [this] { m_search->setFocus(); m_search->selectAll(); });
    auto* close = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(close, &QShortcut::activated, this, &QWidget::close);

    m_browser->viewport()->installEventFilter(this);
    buildContents();
    // Room for a screenshot beside the contents, but never larger than the screen.
    QSize size(1400, 1000);
    if (const QScreen* screen = this->screen()) size = size.boundedTo(screen->availableGeometry().size() * 0.85);
    resize(size);
    showPage(0);
}

QString ManualWindow::bundledPage(const QString& pagePath)
{
    initManualResource();
    QFile file(QStringLiteral(":/manual/") + pagePath);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

void ManualWindow::buildContents()
{
    const QStringList paths = manualPagePaths();
    for (int page = 0; page < paths.size(); ++page) {
        const QList<ManualHeading> headings = manualHeadings(bundledPage(paths[page]), 2);
        QString title = paths[page];
        for (const ManualHeading& heading : headings)
            if (heading.level == 1) { title = heading.title; break; }
        m_titles << title;
        auto* pageItem = new QTreeWidgetItem(m_contents, {title});
        pageItem->setData(0, kPageRole, page);
        for (const ManualHeading& heading : headings) {
            if (heading.level != 2) continue;
            auto* item = new QTreeWidgetItem(pageItem, {heading.title});
            item->setData(0, kPageRole, page);
            item->setData(0, kAnchorRole, heading.anchor);
        }
    }
    m_contents->expandAll();
}

QStringList ManualWindow::contentsEntries() const
{
    QStringList entries;
    for (QTreeWidgetItemIterator it(m_contents); *it != nullptr; ++it) entries << (*it)->text(0);
    return entries;
}

QStringList ManualWindow::pageTitles() const { return m_titles; }

bool ManualWindow::showPage(int index, const QString& anchor)
{
    const QStringList paths = manualPagePaths();
    if (index < 0 || index >= paths.size()) return false;
    if (index != m_page) {
        m_page = index;
        m_browser->setSource(QUrl(manualResourceUrl(paths[index])), QTextDocument::MarkdownResource);
        fitImages();
    }
    if (anchor.isEmpty()) m_browser->verticalScrollBar()->setValue(0);
    else scrollToAnchor(anchor);
    // Keep the contents on the entry shown, without re-entering through its signal.
    QTreeWidgetItem* current = m_contents->topLevelItem(index);
    for (int i = 0; current != nullptr && !anchor.isEmpty() && i < current->childCount(); ++i)
        if (current->child(i)->data(0, kAnchorRole).toString() == anchor) { current = current->child(i); break; }
    const QSignalBlocker block(m_contents);
    m_contents->setCurrentItem(current);
    return true;
}

void ManualWindow::onContentsItem(QTreeWidgetItem* item)
{
    if (item == nullptr) return;
    showPage(item->data(0, kPageRole).toInt(), item->data(0, kAnchorRole).toString());
}

void ManualWindow::scrollToAnchor(const QString& anchor)
{
    QTextDocument* document = m_browser->document();
    QHash<QString, int> seen;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0) continue;
        const QString base = headingAnchor(block.text());
        const int repeats = seen.value(base, 0);
        seen.insert(base, repeats + 1);
        if ((repeats == 0 ? base : base + QLatin1Char('-') + QString::number(repeats)) != anchor) continue;
        m_browser->setTextCursor(QTextCursor(block));
        const QRectF rect = document->documentLayout()->blockBoundingRect(block);
        m_browser->verticalScrollBar()->setValue(static_cast<int>(rect.top()));
        return;
    }
}

void ManualWindow::followLink(const QUrl& link)
{
    if (!link.isRelative() && link.scheme() != QLatin1String("qrc")) {
        QDesktopServices::openUrl(link);
        return;
    }
    const QUrl target = m_browser->source().resolved(link);
    const QString prefix = QStringLiteral("/manual/");
    const QString path = target.path().startsWith(prefix) ? target.path().mid(prefix.size()) : target.path();
    const int page = static_cast<int>(manualPagePaths().indexOf(path));
    if (page >= 0) {
        showPage(page, target.fragment());
        return;
    }
    if (path.endsWith(QLatin1String(".png")) && QFile::exists(QLatin1Char(':') + target.path())) {
        // A screenshot the page links to: shown alone, fitted like the pages' images.
        m_page = -1;
        m_browser->setHtml(QStringLiteral("<p><img src=\"%1\"></p>").arg(target.toString()));
        fitImages();
        m_status->setText(tr("%1 — pick a page on the left to go back").arg(path.section(QLatin1Char('/'), -1)));
        return;
    }
    m_status->setText(tr("%1 is for developers: read it in the source tree").arg(path));
}

void ManualWindow::fitImages()
{
    // Screenshots are 1280 pixels wide or more; each is drawn no wider than the page.
    QTextDocument* document = m_browser->document();
    const int room = qMax(200, m_browser->viewport()->width() - kImageMargin);
    struct Resize { int position; int length; QTextImageFormat format; };
    std::vector<Resize> resizes;  // collected first: applying a format splits fragments
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat()) continue;
            QTextImageFormat format = fragment.charFormat().toImageFormat();
            const QImage image = manualImage(*document, format.name());
            if (image.isNull() || image.width() <= 0) continue;
            const int width = qMin(image.width(), room);
            if (qFuzzyCompare(format.width(), static_cast<qreal>(width))) continue;
            format.setWidth(width);
            format.setHeight(static_cast<qreal>(image.height()) * width / image.width());
            resizes.push_back({fragment.position(), fragment.length(), format});
        }
    }
    for (const Resize& resize : resizes) {
        QTextCursor cursor(document);
        cursor.setPosition(resize.position);
        cursor.setPosition(resize.position + resize.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(resize.format);
    }
}

bool ManualWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_browser->viewport() && event->type() == QEvent::Resize) fitImages();
    return QWidget::eventFilter(watched, event);
}

bool ManualWindow::findNext(const QString& text)
{
    if (text.trimmed().isEmpty()) {
        m_status->clear();
        return false;
    }
    if (m_page < 0) showPage(0);
    // The rest of this page first.
    if (m_browser->find(text)) {
        m_status->setText(tr("Found on “%1”").arg(m_titles.value(m_page)));
        return true;
    }
    // Then the following pages, wrapping round to this one from its top.
    const int pages = static_cast<int>(manualPagePaths().size());
    const int start = m_page;
    for (int step = 1; step <= pages; ++step) {
        const int page = (start + step) % pages;
        if (page != start) {
            QTextDocument probe;
            probe.setMarkdown(bundledPage(manualPagePaths().at(page)));
            if (probe.find(text).isNull()) continue;
            showPage(page);
        }
        m_browser->moveCursor(QTextCursor::Start);
        if (m_browser->find(text)) {
            m_status->setText(tr("Found on “%1”").arg(m_titles.value(m_page)));
            return true;
        }
    }
    m_status->setText(tr("No match for “%1”").arg(text));
    return false;
}

QString ManualWindow::statusText() const { return m_status->text(); }

} // namespace sqleq::ui
