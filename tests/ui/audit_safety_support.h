// Shared by the audit-mode safety tests: a small project file on the bundled concerts
// schema (five items, two db_ids in its tables.json), menus found by title, and an
// answerer for the modal dialogs an action opens, as they open (it records what it saw).
#pragma once

#include "core/audit/audit.h"
#include "tests/ui/modal_dialogs.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QPointer>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStringList>

namespace sqleq::test {

inline audit::AuditItem makeItem(std::size_t index, metrics::Hardness hardness, const char* gold, const char* prediction,
                                 bool esm, bool exec)
{
    audit::AuditItem item;
    item.index = index;
    item.dbId = "concerts";
    item.gold = gold;
    item.prediction = prediction;
    item.metrics.index = index;
    item.metrics.dbId = "concerts";
    item.metrics.hardness = hardness;
    item.metrics.esm = esm;
    item.metrics.exec = exec;
    return item;
}

/// Five items on the bundled concerts schema; 0, 1 and 3 disagree (ESM ✗, exec ✓).
inline std::vector<audit::AuditItem> sampleItems()
{
    using H = metrics::Hardness;
    return {
        makeItem(0, H::Easy, "SELECT count(*) FROM singer", "SELECT count(singer_id) FROM singer", false, true),
        makeItem(1, H::Easy, "SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age >= 30", false, true),
        makeItem(2, H::Medium, "SELECT count(*) FROM concert WHERE year = 2014",
                 "SELECT count(*) FROM concert WHERE year = 2014", true, true),
        makeItem(3, H::Hard, "SELECT name FROM singer WHERE age = (SELECT max(age) FROM singer)",
                 "SELECT name FROM singer ORDER BY age DESC LIMIT 1", false, true),
        makeItem(4, H::Medium, "SELECT name FROM singer", "SELECT name FROM singer", true, true),
    };
}

/// The bundled tables.json with a second db_id, so that the schema panel offers another.
inline QString writeTables(const QDir& dir)
{
    QFile in(QStringLiteral(":/examples/audit/tables.json"));
    if (!in.open(QIODevice::ReadOnly)) return {};
    QJsonArray schemas = QJsonDocument::fromJson(in.readAll()).array();
    QJsonObject copy = schemas.first().toObject();
    copy.insert(QStringLiteral("db_id"), QStringLiteral("concerts_copy"));
    schemas.append(copy);
    QFile out(dir.filePath(QStringLiteral("tables.json")));
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(QJsonDocument(schemas).toJson());
    return out.fileName();
}

inline QString makeProject(const QDir& dir, const QString& name, audit::ProjectSources sources = {})
{
    sources.tables = writeTables(dir).toStdString();
    const QString path = dir.filePath(name);
    auto store = audit::AnnotationStore::create(path.toStdString(), sources, sampleItems());
    if (!store) qWarning("%s", store.error().message.c_str());
    return store ? path : QString();
}

/// Copies a bundled resource to `dir`; returns its path.
inline QString extract(const QString& resource, const QDir& dir, const QString& name)
{
    QFile in(resource);
    if (!in.open(QIODevice::ReadOnly)) return {};
    QFile out(dir.filePath(name));
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(in.readAll());
    return out.fileName();
}

inline QMenu* menuTitled(QMainWindow& window, const QString& title)
{
    for (QAction* action : window.menuBar()->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == title) return action->menu();
    return nullptr;
}

inline QMenu* submenuTitled(QMenu* menu, const QString& title)
{
    for (QAction* action : menu->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == title) return action->menu();
    return nullptr;
}

/// Answers every modal dialog shown while it lives, as it appears (modal_dialogs.h): a
/// file dialog gets `path`, typed whole into its name field (what the field resolves
/// does not depend on the dialog's file model having caught up, nor on whether the
/// field has the focus yet), a message box `button`, any other dialog is rejected.
/// Every modal is recorded once (class name, and a message box's text); the file
/// dialog's own "File not found" warning is dismissed and the file dialog answered
/// again, unrecorded: it is the file dialog's question, not the application's.
struct ModalAnswerer {
    QString path;
    QMessageBox::StandardButton button = QMessageBox::Cancel;
    QStringList seen;
    QPointer<QWidget> last;
    ModalWatcher watcher{[this](QWidget* modal) { answer(modal); }};

    void answer(QWidget* modal)
    {
        auto* box = qobject_cast<QMessageBox*>(modal);
        if (auto* files = box ? qobject_cast<QFileDialog*>(box->parentWidget()) : nullptr) {
            box->reject();
            if (++m_fileRetries < 10) watcher.answerAgain(files);
            return;
        }
        if (modal != last) seen << QString::fromLatin1(modal->metaObject()->className());
        last = modal;
        if (box != nullptr) {
            seen.last() += QStringLiteral(": ") + box->text();
            box->button(button)->click();
        } else if (auto* files = qobject_cast<QFileDialog*>(modal); files && !path.isEmpty()) {
            answerFileDialog(files, path);
        } else if (auto* dialog = qobject_cast<QDialog*>(modal)) {
            dialog->reject();
        }
    }

private:
    int m_fileRetries = 0;
};


} // namespace sqleq::test
