// AppSettings: keys are grouped by topic; every read falls back to the defaults so a
// missing or hand-edited configuration file never breaks a run. The run settings are
// kept whole under `run/settings`, in core's JSON form of CheckSettings.

#include "ui/app_settings.h"

#include "core/inspect/settings_json.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace sqleq::ui {

AppSettings::AppSettings() = default;

inspect::CheckSettings AppSettings::runSettings() const
{
    const inspect::CheckSettings defaults = defaultRunSettings();
    const QString text = m_settings.value(QStringLiteral("run/settings")).toString();
    if (!text.isEmpty()) {
        auto settings = inspect::settingsFromJson(nlohmann::json::parse(text.toStdString(), nullptr, false), defaults);
        if (settings) return *settings;
    }
    return legacyRunSettings(defaults);
}

inspect::CheckSettings AppSettings::legacyRunSettings(const inspect::CheckSettings& defaults) const
{
    // Configurations from before `run/settings` kept each setting under a key of its own.
    nlohmann::json legacy = nlohmann::json::object();
    const auto copy = [&](const char* key, auto read) {
        const QString name = QStringLiteral("run/%1").arg(QLatin1String(key));
        if (m_settings.contains(name)) legacy[key] = read(m_settings.value(name));
    };
    copy("profile", [](const QVariant& v) { return v.toString().isEmpty() ? std::string("auto") : v.toString().toStdString(); });
    copy("seed", [](const QVariant& v) { return v.toULongLong(); });
    copy("budget", [](const QVariant& v) { return std::max(1, v.toInt()); });
    copy("timeout_ms", [](const QVariant& v) { return std::max(10, v.toInt()); });
    copy("plug_value", [](const QVariant& v) { return v.toBool(); });
    copy("keep_distinct", [](const QVariant& v) { return v.toBool(); });
    auto settings = inspect::settingsFromJson(legacy, defaults);
    return settings ? *settings : defaults;
}

void AppSettings::setRunSettings(const inspect::CheckSettings& settings)
{
    m_settings.setValue(QStringLiteral("run/settings"), QString::fromStdString(inspect::settingsJson(settings).dump()));
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
