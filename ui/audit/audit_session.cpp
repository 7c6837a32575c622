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
    const QString databases = QString::fromStdString(sources.originalDatabases);
    if (!sources.tables.empty()) {
        // The schema the project's metrics used, with its original database first in the suite.
        session.schema = {SchemaSourceKind::SpiderTables, QString::fromStdString(sources.tables), dbId, databases};
    } else {
        session.schema = {SchemaSourceKind::SqliteFile, originalDatabasePath(databases, dbId), {}, {}};
    }
    session.gold = QString::fromStdString(item.gold);
    session.candidate = QString::fromStdString(item.prediction);
    session.question = QString::fromStdString(item.question);
    // The project decides what its verdicts depend on; the user's settings only the rest.
    const inspect::CheckSettings project = audit::checkSettings(sources);
    session.settings = base;
    session.settings.profile = project.profile;
    session.settings.seed = project.seed;
    session.settings.plugValue = project.plugValue;
    session.settings.keepDistinct = project.keepDistinct;
    // The evaluation leaves the test-suite metric unset for a db_id without a suite folder;
    // the inspector then distills its own, rather than failing on the missing folder.
    const QString suites = QString::fromStdString(sources.suites);
    if (!suites.isEmpty() && QFileInfo(QDir(suites).filePath(dbId)).isDir()) session.suitesDir = suites;
    return session;
}

} // namespace sqleq::ui
