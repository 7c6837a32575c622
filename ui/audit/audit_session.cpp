// sessionForItem: the project's sources are paths as given at creation, so they are
// used as they are (relative paths resolve against the working directory, as in the CLI).

#include "ui/audit/audit_session.h"

#include "core/dataset/dataset_layout.h"
#include "core/fuzz/profile.h"

#include <QCoreApplication>
#include <QFile>

#include <filesystem>
#include <system_error>

namespace sqleq::ui {

namespace {

dataset::DatasetLayout layoutOf(const audit::ProjectSources& sources)
{
    return {.tables = sources.tables, .originalDatabases = sources.originalDatabases, .suites = sources.suites};
}

/// The item's original database, empty when the project names no databases folder or
/// the file does not exist.
QString originalDatabasePath(const audit::ProjectSources& sources, const std::string& dbId)
{
    if (sources.originalDatabases.empty()) return {};
    auto path = layoutOf(sources).originalDatabasePath(dbId);
    std::error_code ec;
    if (!path || !std::filesystem::is_regular_file(*path, ec)) return {};
    return QFile::decodeName(path->c_str());
}

} // namespace

Session sessionForItem(const audit::AuditItem& item, const audit::ProjectSources& sources,
                       const inspect::CheckSettings& base)
{
    Session session;
    const QString dbId = QString::fromStdString(item.dbId);
    const QString databases = QString::fromStdString(sources.originalDatabases);
    if (!sources.tables.empty()) {
        // The schema the project's metrics used, with its original database first in the suite.
        session.schema = {SchemaSourceKind::SpiderTables, QString::fromStdString(sources.tables), dbId, databases};
    } else {
        session.schema = {SchemaSourceKind::SqliteFile, originalDatabasePath(sources, item.dbId), {}, {}};
    }
    session.gold = QString::fromStdString(item.gold);
    session.candidate = QString::fromStdString(item.prediction);
    session.question = QString::fromStdString(item.question);
    // The project decides everything its verdicts depend on (stored whole with it); the
    // user's settings only the worker threads, on which no verdict depends.
    session.settings = sources.settings;
    session.settings.jobs = base.jobs;
    // The evaluation leaves the test-suite metric unset for a db_id without a suite folder;
    // the inspector then distills its own, rather than failing on the missing folder.
    if (layoutOf(sources).hasSuite(item.dbId)) session.suitesDir = QString::fromStdString(sources.suites);
    return session;
}

QString inputsDifferFromItem(const Session& shown, const Session& item)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("AuditSession", text); };
    if (!(shown.schema == item.schema)) return tr("the schema on screen is not the item's");
    if (shown.gold != item.gold) return tr("the gold query on screen was edited");
    if (shown.candidate != item.candidate) return tr("the candidate on screen was edited");
    return {};
}

QString projectSettingsNote(const audit::ProjectSources& sources, const inspect::CheckSettings& user)
{
    const inspect::CheckSettings& project = sources.settings;
    const auto tr = [](const char* text) { return QCoreApplication::translate("AuditSession", text); };
    const auto profile = [](fuzz::Profile p) { return QString::fromStdString(std::string(fuzz::profileName(p))); };
    const auto onOff = [&](bool on) { return on ? tr("on") : tr("off"); };
    QStringList differences;
    // "The schema's profile" is no choice against the project's; only a named one is.
    if (!user.profileFromSchema && user.profile != project.profile) differences << profile(user.profile);
    if (user.seed != project.seed) differences << tr("seed %1").arg(user.seed);
    if (user.samplingBudget != project.samplingBudget) differences << tr("budget %1").arg(user.samplingBudget);
    if (user.searchBudget != project.searchBudget) differences << tr("search %1").arg(user.searchBudget);
    if (user.idleBudgetMs() != project.idleBudgetMs()) differences << tr("timeout %1 ms").arg(user.idleBudgetMs());
    if (user.plugValue != project.plugValue) differences << tr("plug-value %1").arg(onOff(user.plugValue));
    if (user.keepDistinct != project.keepDistinct) differences << tr("keep DISTINCT %1").arg(onOff(user.keepDistinct));
    if (differences.isEmpty()) return {};
    return tr("This project checks under the %1 profile, seed %2; your Settings say %3 — "
              "the project's settings are used.")
        .arg(profile(project.profile))
        .arg(project.seed)
        .arg(differences.join(QStringLiteral(", ")));
}

} // namespace sqleq::ui
