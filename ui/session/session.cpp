// The `.sqleq` session file: JSON via QJsonDocument, every parse error naming the
// field at fault, saves written atomically through core's writeFileAtomically.
// Plain data only: nothing here loads a schema or runs SQL.

#include "ui/session/session.h"

#include "core/base/atomic_file.h"
#include "core/base/capped_file.h"
#include "core/inspect/settings_json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace sqleq::ui {
namespace {

constexpr auto kFormat = "sqleq-session";
constexpr int kVersion = 1;
// Doubles hold integers exactly up to 2^53; larger seeds are written as strings.
constexpr double kMaxExactInteger = 9007199254740992.0;

QString kindName(SchemaSourceKind kind)
{
    switch (kind) {
    case SchemaSourceKind::SqliteFile: return QStringLiteral("sqlite");
    case SchemaSourceKind::DdlFile: return QStringLiteral("ddl");
    case SchemaSourceKind::SpiderTables: return QStringLiteral("tables");
    }
    return QStringLiteral("ddl");
}

std::optional<SchemaSourceKind> parseKind(const QString& name)
{
    if (name == QLatin1String("sqlite")) return SchemaSourceKind::SqliteFile;
    if (name == QLatin1String("ddl")) return SchemaSourceKind::DdlFile;
    if (name == QLatin1String("tables")) return SchemaSourceKind::SpiderTables;
    return std::nullopt;
}

/// Reads fields of one JSON object; the first failure is kept with its field's path.
class FieldReader {
public:
    FieldReader(const QJsonObject& object, QString prefix, QString* error)
        : m_object(object), m_prefix(std::move(prefix)), m_error(error)
    {
    }

    [[nodiscard]] bool failed() const { return m_failed; }

    std::optional<QString> string(const QString& key, bool required)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            if (required) fail(key, QStringLiteral("missing field"));
            return required ? std::nullopt : std::optional<QString>(QString());
        }
        if (!value.isString()) {
            fail(key, QStringLiteral("expected a string"));
            return std::nullopt;
        }
        return value.toString();
    }

    std::optional<bool> boolean(const QString& key, bool fallback)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) return fallback;
        if (!value.isBool()) {
            fail(key, QStringLiteral("expected true or false"));
            return std::nullopt;
        }
        return value.toBool();
    }

    /// A non-negative integer in [minimum, maximum]; seeds may also be decimal strings.
    std::optional<uint64_t> integer(const QString& key, uint64_t fallback, uint64_t minimum, uint64_t maximum)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) return fallback;
        std::optional<uint64_t> parsed;
        if (value.isDouble()) {
            const double number = value.toDouble();
            if (number >= 0 && number <= kMaxExactInteger && std::floor(number) == number)
                parsed = static_cast<uint64_t>(number);
        } else if (value.isString()) {
            bool ok = false;
            const qulonglong number = value.toString().toULongLong(&ok, 10);
            if (ok) parsed = number;
        }
        if (!parsed || *parsed < minimum || *parsed > maximum) {
            fail(key, QStringLiteral("expected an integer from %1 to %2").arg(minimum).arg(maximum));
            return std::nullopt;
        }
        return parsed;
    }

    void fail(const QString& key, const QString& what)
    {
        if (m_failed) return;
        m_failed = true;
        if (m_error) *m_error = QStringLiteral("%1%2: %3").arg(m_prefix, key, what);
    }

private:
    QJsonObject m_object;
    QString m_prefix;
    QString* m_error;
    bool m_failed = false;
};

void setError(QString* error, const QString& message)
{
    if (error) *error = message;
}

bool readSchemaRef(const QJsonObject& root, SchemaSourceRef& out, QString* error)
{
    const QJsonValue value = root.value(QStringLiteral("schema"));
    if (!value.isObject()) {
        setError(error, value.isUndefined() ? QStringLiteral("schema: missing field")
                                            : QStringLiteral("schema: expected an object"));
        return false;
    }
    FieldReader reader(value.toObject(), QStringLiteral("schema."), error);
    const auto kind = reader.string(QStringLiteral("kind"), true);
    if (!kind) return false;
    const auto parsed = parseKind(*kind);
    if (!parsed) {
        reader.fail(QStringLiteral("kind"), QStringLiteral("expected \"sqlite\", \"ddl\" or \"tables\", got \"%1\"").arg(*kind));
        return false;
    }
    out.kind = *parsed;
    const auto path = reader.string(QStringLiteral("path"), true);
    if (!path) return false;
    if (path->isEmpty()) {
        reader.fail(QStringLiteral("path"), QStringLiteral("must not be empty"));
        return false;
    }
    out.path = *path;
    const auto dbId = reader.string(QStringLiteral("db_id"), out.kind == SchemaSourceKind::SpiderTables);
    if (!dbId) return false;
    if (out.kind == SchemaSourceKind::SpiderTables && dbId->isEmpty()) {
        reader.fail(QStringLiteral("db_id"), QStringLiteral("must name a schema of the tables.json"));
        return false;
    }
    out.dbId = *dbId;
    return true;
}

/// The session's settings, read by core over the defaults: one JSON form everywhere.
bool readSettings(const QJsonObject& root, inspect::CheckSettings& out, QString* error)
{
    const QJsonValue value = root.value(QStringLiteral("settings"));
    if (value.isUndefined()) return true;  // every setting has a default
    if (!value.isObject()) {
        setError(error, QStringLiteral("settings: expected an object"));
        return false;
    }
    const QByteArray text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    auto settings = inspect::settingsFromJson(nlohmann::json::parse(text.toStdString(), nullptr, false), out);
    if (!settings) {
        setError(error, QString::fromStdString(settings.error().message));
        return false;
    }
    out = *settings;
    return true;
}

} // namespace

inspect::CheckSettings defaultRunSettings()
{
    inspect::CheckSettings settings;
    settings.profileFromSchema = true;
    return settings;
}

schema::SchemaSourceKind coreSchemaSourceKind(SchemaSourceKind kind)
{
    switch (kind) {
    case SchemaSourceKind::SqliteFile: return schema::SchemaSourceKind::SqliteFile;
    case SchemaSourceKind::DdlFile: return schema::SchemaSourceKind::DdlScript;
    case SchemaSourceKind::SpiderTables: return schema::SchemaSourceKind::SchemaFile;
    }
    return schema::SchemaSourceKind::DdlScript;
}

inspect::CheckSettings checkSettings(const Session& session)
{
    return inspect::resolveProfile(session.settings, coreSchemaSourceKind(session.schema.kind));
}

fuzz::Profile effectiveProfile(const Session& session) { return checkSettings(session).profile; }

QByteArray sessionToJson(const Session& session)
{
    QJsonObject schema{{QStringLiteral("kind"), kindName(session.schema.kind)},
                       {QStringLiteral("path"), session.schema.path},
                       {QStringLiteral("db_id"), session.schema.dbId}};
    const QByteArray settingsText = QByteArray::fromStdString(inspect::settingsJson(session.settings).dump());
    const QJsonObject settings = QJsonDocument::fromJson(settingsText).object();
    QJsonObject root{{QStringLiteral("format"), QLatin1String(kFormat)},
                     {QStringLiteral("version"), kVersion},
                     {QStringLiteral("schema"), schema},
                     {QStringLiteral("gold"), session.gold},
                     {QStringLiteral("candidate"), session.candidate},
                     {QStringLiteral("question"), session.question},
                     {QStringLiteral("settings"), settings}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

namespace {

/// "line 3, column 5" for a byte offset into `json`: people find a fault by line, not by
/// offset. The column counts characters, so a line with accents is not miscounted.
QString lineColumn(const QByteArray& json, qsizetype offset)
{
    const QByteArray before = json.left(offset);
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = QString::fromUtf8(before.mid(lineStart)).size() + 1;
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

} // namespace

std::optional<Session> sessionFromJson(const QByteArray& json, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        setError(error, QStringLiteral("the session file is not valid JSON: %1: %2")
                            .arg(lineColumn(json, parseError.offset), parseError.errorString()));
        return std::nullopt;
    }
    if (!document.isObject()) {
        setError(error, QStringLiteral("not a session: the top level must be a JSON object"));
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    FieldReader reader(root, QString(), error);
    const auto format = reader.string(QStringLiteral("format"), true);
    if (!format) return std::nullopt;
    if (*format != QLatin1String(kFormat)) {
        reader.fail(QStringLiteral("format"), QStringLiteral("expected \"%1\", got \"%2\"").arg(QLatin1String(kFormat), *format));
        return std::nullopt;
    }
    if (!root.contains(QStringLiteral("version"))) {
        reader.fail(QStringLiteral("version"), QStringLiteral("missing field"));
        return std::nullopt;
    }
    if (!reader.integer(QStringLiteral("version"), 0, kVersion, kVersion)) return std::nullopt;
    Session session;
    if (!readSchemaRef(root, session.schema, error)) return std::nullopt;
    const auto gold = reader.string(QStringLiteral("gold"), true);
    const auto candidate = reader.string(QStringLiteral("candidate"), false);
    const auto question = reader.string(QStringLiteral("question"), false);
    if (reader.failed()) return std::nullopt;
    session.gold = *gold;
    session.candidate = *candidate;
    session.question = *question;
    if (!readSettings(root, session.settings, error)) return std::nullopt;
    return session;
}

bool saveSession(const Session& session, const QString& path, QString* error)
{
    const QByteArray json = sessionToJson(session);
    const Status written = writeFileAtomically(std::filesystem::path(path.toStdString()),
                                               std::string_view(json.constData(), static_cast<std::size_t>(json.size())));
    if (!written) {
        setError(error, QString::fromStdString(written.error().message));
        return false;
    }
    return true;
}

namespace {

/// The bytes of a session file: resources (":/...", built into the binary) through
/// QFile, every other path through core's capped reader.
std::optional<QByteArray> readSessionBytes(const QString& path, QString* error)
{
    if (path.startsWith(QLatin1Char(':'))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            setError(error, QStringLiteral("%1: %2").arg(path, file.errorString()));
            return std::nullopt;
        }
        return file.readAll();
    }
    auto text = readFileCapped(std::filesystem::path(QFile::encodeName(path).toStdString()),
                               {input_limits::kSession, "session file"});
    if (!text) {
        setError(error, QString::fromStdString(text.error().message));
        return std::nullopt;
    }
    return QByteArray(text->data(), static_cast<qsizetype>(text->size()));
}

} // namespace

std::optional<Session> loadSession(const QString& path, QString* error)
{
    const auto bytes = readSessionBytes(path, error);
    if (!bytes) return std::nullopt;
    QString parseError;
    auto session = sessionFromJson(*bytes, &parseError);
    if (!session) {
        setError(error, QStringLiteral("%1: %2").arg(path, parseError));
        return std::nullopt;
    }
    // A relative schema path is read relative to the session file, so a session and
    // its schema can move together; resource paths (":/...") are left alone.
    const QString& schemaPath = session->schema.path;
    if (!schemaPath.startsWith(QLatin1Char(':')) && QDir::isRelativePath(schemaPath))
        session->schema.path = QDir::cleanPath(QFileInfo(path).absoluteDir().filePath(schemaPath));
    return session;
}

} // namespace sqleq::ui
