// Session: everything that reproduces one inspection — where the schema comes from,
// gold, candidate, profile, seed, budget and options — and its `.sqleq` file (JSON).
// Plain data plus load/save; running it is the SessionController's job.
#pragma once

#include "core/fuzz/profile.h"
#include "core/inspect/check_request.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace sqleq::ui {

enum class SchemaSourceKind { SqliteFile, DdlFile, SpiderTables };

struct SchemaSourceRef {
    SchemaSourceKind kind = SchemaSourceKind::DdlFile;
    QString path;  ///< a .sqlite file, a .sql script, or a tables.json; may be a ":/" resource path
    QString dbId;  ///< SpiderTables only
    /// SpiderTables only: DIR/<db_id>/<db_id>.sqlite, the original databases (an audit
    /// project's); empty: the `database` folder beside tables.json. Not written to `.sqleq` files.
    QString originalDatabases{};

    friend bool operator==(const SchemaSourceRef&, const SchemaSourceRef&) = default;
};

/// The kind of schema source core opens for a reference of `kind`.
schema::SchemaSourceKind coreSchemaSourceKind(SchemaSourceKind kind);

/// The settings a new session starts from when the user has chosen none: sqleq's
/// defaults, with the profile the schema source promises.
inspect::CheckSettings defaultRunSettings();

struct Session {
    SchemaSourceRef schema;
    QString gold;
    QString candidate;
    QString question;  ///< the natural-language question, when the item comes from a dataset
    /// The one settings value (core/inspect); profileFromSchema: the schema's promise.
    inspect::CheckSettings settings = defaultRunSettings();
    /// Prebuilt test suites (DIR/<db_id>/*.sqlite, as an audit project names them): their
    /// databases for this schema join the distilled suite before the check, so the verdict
    /// agrees with the suite's test-suite metric. Empty: none. Not written to `.sqleq` files.
    QString suitesDir;

    friend bool operator==(const Session&, const Session&) = default;
};

/// The settings core's request carries: the session's, the profile resolved for its
/// schema source (inspect::resolveProfile).
inspect::CheckSettings checkSettings(const Session& session);

/// The profile a session runs under: its settings' choice, else its schema's promise.
fuzz::Profile effectiveProfile(const Session& session);

/// The `.sqleq` JSON text of a session (paths stored as given).
QByteArray sessionToJson(const Session& session);

/// Parses a `.sqleq` file's text; the error names the field at fault.
std::optional<Session> sessionFromJson(const QByteArray& json, QString* error = nullptr);

/// Writes atomically (temp file, fsync, rename); false with `error` set on failure.
bool saveSession(const Session& session, const QString& path, QString* error = nullptr);
std::optional<Session> loadSession(const QString& path, QString* error = nullptr);

} // namespace sqleq::ui
