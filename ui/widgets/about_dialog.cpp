// AboutDialog: run-time versions where they can differ from the build (Qt and SQLite are
// shared libraries a distribution may update); the licence is the one the package declares.

#include "ui/widgets/about_dialog.h"

#include "core/base/library_versions.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QMessageBox>

namespace sqleq::ui {

QString AboutDialog::text()
{
    const auto fromStd = [](const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); };
    return QApplication::translate("AboutDialog",
                                   "<h3>sqleq %1</h3>"
                                   "<p>An inspector for SQL query equivalence.</p>"
                                   "<p>A candidate query is judged correct when no database of a test suite "
                                   "distilled for the gold query separates them (test-suite accuracy, "
                                   "Zhong, Yu and Klein, EMNLP 2020). sqleq shows the separating database, "
                                   "shrunk to a minimal counterexample.</p>"
                                   "<table>"
                                   "<tr><td>Qt</td><td>%2 (sqleq built against %3)</td></tr>"
                                   "<tr><td>Qt build</td><td>%4</td></tr>"
                                   "<tr><td>SQLite</td><td>%5</td></tr>"
                                   "<tr><td>fmt</td><td>%6</td></tr>"
                                   "<tr><td>nlohmann-json</td><td>%7</td></tr>"
                                   "</table>"
                                   "<p>Released under the MIT licence.</p>")
        .arg(QApplication::applicationVersion().toHtmlEscaped(), QString::fromLatin1(qVersion()),
             QStringLiteral(QT_VERSION_STR), QString::fromLatin1(QLibraryInfo::build()).toHtmlEscaped(),
             fromStd(sqliteVersion()), fromStd(fmtVersion()), fromStd(jsonVersion()));
}

void AboutDialog::show(QWidget* parent)
{
    QMessageBox::about(parent, QApplication::translate("AboutDialog", "About sqleq"), text());
}

} // namespace sqleq::ui
