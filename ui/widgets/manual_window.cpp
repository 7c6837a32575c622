// ManualWindow: sections rather than one long page, because the README is long and a
// reader looks for one topic; links to other sites open in the desktop's browser.

#include "ui/widgets/manual_window.h"

#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>

// The manual's resource lives in the static sqleq_ui library; an explicit init keeps the
// linker from dropping it. Q_INIT_RESOURCE must be used outside any namespace.
static void initManualResource() { Q_INIT_RESOURCE(manual); }

namespace sqleq::ui {

ManualWindow::ManualWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
    setWindowTitle(tr("sqleq Manual"));
    setObjectName(QStringLiteral("manualWindow"));
    m_sections = splitSections(bundledManual());
    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Manual sections"));
    for (const ManualSection& section : m_sections) m_list->addItem(section.title);
    m_browser = new QTextBrowser(this);
    m_browser->setAccessibleName(tr("Manual text"));
    m_browser->setOpenExternalLinks(true);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({240, 760});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(m_list, &QListWidget::currentRowChanged, this, &ManualWindow::showSection);
    if (!m_sections.empty()) m_list->setCurrentRow(0);
    resize(1000, 700);
}

QString ManualWindow::bundledManual()
{
    initManualResource();
    QFile file(QStringLiteral(":/manual/README.md"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

std::vector<ManualSection> ManualWindow::splitSections(const QString& markdown)
{
    std::vector<ManualSection> sections;
    ManualSection current;
    bool inFence = false;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.startsWith(QLatin1String("```"))) inFence = !inFence;
        if (!inFence && line.startsWith(QLatin1String("## "))) {
            if (!current.markdown.trimmed().isEmpty()) sections.push_back(current);
            current = {line.mid(3).trimmed(), {}};
        } else if (!inFence && current.title.isEmpty() && line.startsWith(QLatin1String("# "))) {
            current.title = line.mid(2).trimmed();
        }
        current.markdown += line + QLatin1Char('\n');
    }
    if (!current.markdown.trimmed().isEmpty()) sections.push_back(current);
    return sections;
}

QStringList ManualWindow::sectionTitles() const
{
    QStringList titles;
    for (const ManualSection& section : m_sections) titles << section.title;
    return titles;
}

void ManualWindow::showSection(int index)
{
    if (index < 0 || index >= static_cast<int>(m_sections.size())) return;
    if (m_list->currentRow() != index) m_list->setCurrentRow(index);
    m_browser->setMarkdown(m_sections[static_cast<std::size_t>(index)].markdown);
}

} // namespace sqleq::ui
