// AppSettings: what the application remembers between launches through QSettings —
// the run settings of new sessions, recent files and audit projects, window geometry,
// whether the first start has happened, the audit annotator's name. Core never reads QSettings; only the MainWindow calls this.
#pragma once

#include "ui/session/session.h"

#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <QVariantMap>

namespace sqleq::ui {

class AppSettings {
public:
    AppSettings();

    [[nodiscard]] inspect::CheckSettings runSettings() const;
    void setRunSettings(const inspect::CheckSettings& settings);

    /// Most recent first, at most kMaxRecent, only files that still exist.
    [[nodiscard]] QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void clearRecentFiles();

    /// Recent `.sqleq-audit` projects, kept apart from sessions (they open in audit mode).
    [[nodiscard]] QStringList recentAuditProjects() const;
    void addRecentAuditProject(const QString& path);

    /// The name audit verdicts are recorded under; empty until the user gave one.
    [[nodiscard]] QString annotator() const;
    void setAnnotator(const QString& name);

    /// Where the annotator was in the audit project at `projectPath` (item, filters,
    /// sort, scroll; see AuditPlace), keyed by its absolute path; empty when unknown.
    [[nodiscard]] QVariantMap auditPlace(const QString& projectPath) const;
    /// Saves it and writes the settings file at once, so a crash loses nothing.
    void setAuditPlace(const QString& projectPath, const QVariantMap& place);

    [[nodiscard]] QByteArray windowGeometry() const;
    [[nodiscard]] QByteArray windowState() const;
    void setWindow(const QByteArray& geometry, const QByteArray& state);

    /// False until markFirstStartDone(): the first start opens the bundled example.
    [[nodiscard]] bool firstStartDone() const;
    void markFirstStartDone();

    /// View ▸ Zoom: points added to the default font size of the whole window — editors,
    /// tables, the banner and the "why" text (negative: smaller), clamped to [kMinZoom, kMaxZoom].
    [[nodiscard]] int zoom() const;
    void setZoom(int points);
    static constexpr int kMinZoom = -6;
    static constexpr int kMaxZoom = 24;

    [[nodiscard]] QString lastDirectory() const;
    void setLastDirectory(const QString& directory);

    static constexpr int kMaxRecent = 8;

private:
    /// The run settings of a configuration written before `run/settings` existed.
    [[nodiscard]] inspect::CheckSettings legacyRunSettings(const inspect::CheckSettings& defaults) const;
    [[nodiscard]] QStringList existingFiles(const QString& key) const;
    void prependFile(const QString& key, const QString& path);

    mutable QSettings m_settings;
};

} // namespace sqleq::ui
