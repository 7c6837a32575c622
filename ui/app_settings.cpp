// AppSettings: keys are grouped by topic; every read falls back to the RunSettings
// defaults so a missing or hand-edited configuration file never breaks a run.

#include "ui/app_settings.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace sqleq::ui {

AppSettings::AppSettings() = default;

RunSettings AppSettings::runSettings() const
{
    const RunSettings defaults;
    RunSettings out;
    if (!parseProfileSetting(m_settings.value(QStringLiteral("run/profile")).toString(), out.profile))
        out.profile = defaults.profile;
    out.seed = m_settings.value(QStringLiteral("run/seed"), QVariant::fromValue<qulonglong>(defaults.seed)).toULongLong();
    out.budget = std::max(1, m_settings.value(QStringLiteral("run/budget"), defaults.budget).toInt());
    out.timeoutMs = std::max(10, m_settings.value(QStringLiteral("run/timeout_ms"), defaults.timeoutMs).toInt());
    out.plugValue = m_settings.value(QStringLiteral("run/plug_value"), defaults.plugValue).toBool();
    out.keepDistinct = m_settings.value(QStringLiteral("run/keep_distinct"), defaults.keepDistinct).toBool();
    return out;
}

void AppSettings::setRunSettings(const RunSettings& settings)
{
    m_settings.setValue(QStringLiteral("run/profile"), profileSettingName(settings.profile));
    m_settings.setValue(QStringLiteral("run/seed"), QVariant::fromValue<qulonglong>(settings.seed));
    m_settings.setValue(QStringLiteral("run/budget"), settings.budget);
    m_settings.setValue(QStringLiteral("run/timeout_ms"), settings.timeoutMs);
    m_settings.setValue(QStringLiteral("run/plug_value"), settings.plugValue);
    m_settings.setValue(QStringLiteral("run/keep_distinct"), settings.keepDistinct);
}

QStringList AppSettings::existingFiles(const QString& key) const
{
    QStringList out;
    for (const QString& path : m_settings.value(key).toStringList())
        if (QFileInfo::exists(path) && !out.contains(path)) out << path;
    return out.mid(0, kMaxRecent);
}

void AppSettings::prependFile(const QString& key, const QString& path)
{
    QStringList files = existingFiles(key);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    m_settings.setValue(key, files.mid(0, kMaxRecent));
}

QStringList AppSettings::recentFiles() const { return existingFiles(QStringLiteral("files/recent")); }

void AppSettings::addRecentFile(const QString& path)
{
    if (path.startsWith(QLatin1Char(':'))) return;  // bundled examples live in Help ▸ Examples
    prependFile(QStringLiteral("files/recent"), path);
}

QStringList AppSettings::recentAuditProjects() const { return existingFiles(QStringLiteral("audit/recent")); }

void AppSettings::addRecentAuditProject(const QString& path) { prependFile(QStringLiteral("audit/recent"), path); }

QString AppSettings::annotator() const { return m_settings.value(QStringLiteral("audit/annotator")).toString(); }

void AppSettings::setAnnotator(const QString& name)
{
    m_settings.setValue(QStringLiteral("audit/annotator"), name.trimmed());
}

int AppSettings::zoom() const
{
    return std::clamp(m_settings.value(QStringLiteral("view/zoom"), 0).toInt(), kMinZoom, kMaxZoom);
}

void AppSettings::setZoom(int points)
{
    m_settings.setValue(QStringLiteral("view/zoom"), std::clamp(points, kMinZoom, kMaxZoom));
}

namespace {

/// One settings key per project: a hash of its absolute path (a path's slashes would
/// nest QSettings groups).
QString placeKey(const QString& projectPath)
{
    const QByteArray path = QFileInfo(projectPath).absoluteFilePath().toUtf8();
    return QStringLiteral("audit/places/") + QString::fromLatin1(QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex());
}

} // namespace

QVariantMap AppSettings::auditPlace(const QString& projectPath) const
{
    return m_settings.value(placeKey(projectPath)).toMap();
}

void AppSettings::setAuditPlace(const QString& projectPath, const QVariantMap& place)
{
    m_settings.setValue(placeKey(projectPath), place);
    m_settings.sync();
}

void AppSettings::clearRecentFiles() { m_settings.remove(QStringLiteral("files/recent")); }

QByteArray AppSettings::windowGeometry() const { return m_settings.value(QStringLiteral("window/geometry")).toByteArray(); }
QByteArray AppSettings::windowState() const { return m_settings.value(QStringLiteral("window/state")).toByteArray(); }

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    m_settings.setValue(QStringLiteral("window/geometry"), geometry);
    m_settings.setValue(QStringLiteral("window/state"), state);
}

bool AppSettings::firstStartDone() const { return m_settings.value(QStringLiteral("app/first_start_done")).toBool(); }
void AppSettings::markFirstStartDone() { m_settings.setValue(QStringLiteral("app/first_start_done"), true); }

QString AppSettings::lastDirectory() const
{
    return m_settings.value(QStringLiteral("files/last_directory"), QDir::homePath()).toString();
}

void AppSettings::setLastDirectory(const QString& directory)
{
    m_settings.setValue(QStringLiteral("files/last_directory"), directory);
}

} // namespace sqleq::ui
