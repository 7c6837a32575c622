// sessionForItem: the project's sources are paths as given at creation, so they are
// used as they are (relative paths resolve against the working directory, as in the CLI).

#include "ui/audit/audit_session.h"

#include <QDir>
#include <QFileInfo>

namespace sqleq::ui {

QString originalDatabasePath(const QString& databasesDir, const QString& dbId)
{
    if (databasesDir.isEmpty() || dbId.isEmpty()) return {};
    const QString path = QDir(databasesDir).filePath(QStringLiteral("%1/%1.sqlite").arg(dbId));
    return QFileInfo(path).isFile() ? path : QString();
}

Session sessionForItem(const audit::AuditItem& item, const audit::ProjectSources& sources, const RunSettings& base)
{
    Session session;
    const QString dbId = QString::fromStdString(item.dbId);
    const QString database = originalDatabasePath(QString::fromStdString(sources.originalDatabases), dbId);
    if (!database.isEmpty())
        session.schema = {SchemaSourceKind::SqliteFile, database, {}};
    else
        session.schema = {SchemaSourceKind::SpiderTables, QString::fromStdString(sources.tables), dbId};
    session.gold = QString::fromStdString(item.gold);
    session.candidate = QString::fromStdString(item.prediction);
    session.question = QString::fromStdString(item.question);
    session.settings = base;
    session.settings.plugValue = sources.plugValue;
    session.settings.keepDistinct = sources.keepDistinct;
    session.suitesDir = QString::fromStdString(sources.suites);
    return session;
}

} // namespace sqleq::ui
