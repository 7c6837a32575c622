// The inspector's adapter to core's one schema-source opener: a SchemaSourceRef becomes
// a schema::SchemaSourceSpec; a Qt resource (":/examples/...") is read through QFile
// and handed over as content, since core reads only real files.

#include "ui/session/schema_source_loader.h"

#include "core/base/capped_file.h"
#include "core/dataset/dataset_layout.h"

#include <QFile>

namespace sqleq::ui {
namespace {

std::filesystem::path pathOf(const QString& path) { return QFile::encodeName(path).toStdString(); }

} // namespace

std::variant<LoadedSchemaSource, QString> SchemaSourceLoader::load(const SchemaSourceRef& source)
{
    schema::SchemaSourceSpec spec;
    spec.kind = coreSchemaSourceKind(source.kind);
    spec.path = pathOf(source.path);
    spec.dbId = source.dbId.toStdString();
    if (source.path.startsWith(QLatin1Char(':'))) {
        // Resources are built in and small; core applies its size caps to the content.
        QFile file(source.path);
        if (!file.open(QIODevice::ReadOnly))
            return QStringLiteral("file not found: %1").arg(source.path);
        spec.content = file.readAll().toStdString();
        spec.name = spec.dbId.empty() ? pathOf(source.path).stem().string() : spec.dbId;
    }
    // A dataset's schema file brings its original database, which the layout finds.
    const dataset::DatasetLayout layout{.tables = spec.path, .originalDatabases = pathOf(source.originalDatabases)};
    auto opened = spec.kind == schema::SchemaSourceKind::SchemaFile ? layout.schemaSource(spec.dbId, {.tables = spec.content})
                                                                    : schema::openSchemaSource(spec);
    if (!opened && spec.content && opened.error().span.valid())
        return QStringLiteral("%1: %2").arg(source.path, QString::fromStdString(formatDiagnostic(*spec.content, opened.error())));
    if (!opened) return QString::fromStdString(opened.error().message);
    return std::move(*opened);
}

} // namespace sqleq::ui
