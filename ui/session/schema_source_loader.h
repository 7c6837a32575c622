// Loads the schema a SchemaSourceRef names — a .sqlite file, a DDL script or a Spider
// tables.json, on disk or in Qt resources (":/examples/...") — plus the user's own
// database bytes when the source carries rows, through core's one opener. Runs on any thread (QFile only, each
// call its own connections); never touches widgets and never runs candidate SQL.
#pragma once

#include "core/exec/connection.h"
#include "core/schema/schema_source.h"
#include "ui/session/session.h"

#include <QString>

#include <optional>
#include <variant>

namespace sqleq::ui {

/// The schema, and the source's own database when it holds rows (a .sqlite file, a
/// script with INSERTs): the suite tries it first.
using LoadedSchemaSource = schema::SchemaSource;

class SchemaSourceLoader {
public:
    /// The schema (and original database) `source` names, through core's one opener
    /// (schema::openSchemaSource), or a message naming the file, db_id or script
    /// position at fault. Thread-safe.
    static std::variant<LoadedSchemaSource, QString> load(const SchemaSourceRef& source);
};

} // namespace sqleq::ui
