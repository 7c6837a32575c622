// FileActions: every dialog starts in the last directory used, and every written path
// joins the recent files, so a session and its exports are found again next time.

#include "ui/app_file_actions.h"

#include "ui/app_counterexample_export.h"
#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/widgets/counted.h"

#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QAbstractButton>
#include <QMessageBox>

namespace sqleq::ui {

FileActions::FileActions(MainWindow* window, AppSettings* settings)
    : QObject(window), m_window(window), m_settings(settings)
{
}

void FileActions::remember(const QString& path)
{
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    m_settings->addRecentFile(path);
}

QString FileActions::askSavePath(const QString& title, const QString& filter, const QString& suffix, const QString& name)
{
    const QString start = QFileInfo(QDir(m_settings->lastDirectory()), name).absoluteFilePath();
    QString path = QFileDialog::getSaveFileName(m_window, title, start, filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) path += suffix;
    if (!path.isEmpty()) m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    return path;
}

bool FileActions::confirmDiscardEdits()
{
    if (!m_window->hasUnsavedEdits()) return true;
    QMessageBox box(QMessageBox::Question, tr("Unsaved changes"),
                    tr("The session (queries, question, schema or settings) changed since it was opened or "
                       "saved. Save it first?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box.setDefaultButton(QMessageBox::Save);
    // Mnemonics of their own: the platform's texts have none under most window managers.
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Discard"));
    box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    const auto answer = static_cast<QMessageBox::StandardButton>(box.exec());
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void FileActions::openSessionDialog()
{
    if (!confirmDiscardEdits()) return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open session"), m_settings->lastDirectory(),
                                                      tr("sqleq sessions (*.sqleq);;All files (*)"));
    if (path.isEmpty()) return;
    m_window->audit()->leaveForNewInputs(tr("File ▸ Open session"));
    QString error;
    if (!m_window->openSession(path, true, &error)) {
        QMessageBox::warning(m_window, tr("Open session"), error);
        return;
    }
    remember(path);
}

bool FileActions::save()
{
    const QString current = m_window->sessionPath();
    if (current.isEmpty() || current.startsWith(QLatin1Char(':'))) return saveAs();
    QString error;
    if (!m_window->saveSessionTo(current, &error)) {
        QMessageBox::warning(m_window, tr("Save session"), error);
        return false;
    }
    return true;
}

bool FileActions::saveAs()
{
    const QString name = m_window->sessionPath().isEmpty() ? tr("untitled.sqleq") : QFileInfo(m_window->sessionPath()).fileName();
    const QString path = askSavePath(tr("Save session as"), tr("sqleq sessions (*.sqleq)"), QStringLiteral(".sqleq"), name);
    if (path.isEmpty()) return false;
    QString error;
    if (!m_window->saveSessionTo(path, &error)) {
        QMessageBox::warning(m_window, tr("Save session"), error);
        return false;
    }
    remember(path);
    return true;
}

void FileActions::exportSqlite()
{
    const RunResultPtr result = m_window->lastResult();
    if (!result || !CounterexampleExport::contentOf(*result)) return;
    const QString path = askSavePath(tr("Export counterexample as SQLite database"),
                                     tr("SQLite databases (*.sqlite)"), QStringLiteral(".sqlite"),
                                     QStringLiteral("counterexample.sqlite"));
    if (path.isEmpty()) return;
    QString error;
    if (!CounterexampleExport::writeSqlite(*result, path, &error))
        QMessageBox::warning(m_window, tr("Export counterexample"), error);
    else
        m_window->showMessage(tr("Counterexample written to %1").arg(path));
}

void FileActions::exportSqlScript()
{
    const RunResultPtr result = m_window->lastResult();
    if (!result || !CounterexampleExport::contentOf(*result)) return;
    const QString path = askSavePath(tr("Export counterexample as SQL script"), tr("SQL scripts (*.sql)"),
                                     QStringLiteral(".sql"), QStringLiteral("counterexample.sql"));
    if (path.isEmpty()) return;
    QString error;
    if (!CounterexampleExport::writeSqlScript(*result, path, &error))
        QMessageBox::warning(m_window, tr("Export counterexample"), error);
    else
        m_window->showMessage(tr("Counterexample written to %1").arg(path));
}

void FileActions::copySqlScript()
{
    const RunResultPtr result = m_window->lastResult();
    if (!result) return;
    const QString script = CounterexampleExport::sqlScript(*result);
    if (script.isEmpty()) return;
    QGuiApplication::clipboard()->setText(script);
    m_window->showMessage(tr("Counterexample copied as SQL, %1.")
                              .arg(counted(script.count(QLatin1Char('\n')), tr("line"), tr("lines"))));
}

void FileActions::openSchemaDialog()
{
    m_window->chooseSchema(m_settings->lastDirectory());
}

} // namespace sqleq::ui
