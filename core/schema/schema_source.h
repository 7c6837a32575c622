// SchemaSource: what a front end loads from a user's database — its schema and, when
// it holds rows, a serialized copy of it, which a test suite tries before any sampled
// database. Shared by sqleq-cli and the inspector so both treat sources alike.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/schema/schema.h"

#include <optional>
#include <string>

namespace sqleq::schema {

struct SchemaSource {
    Schema schema;
    std::optional<exec::Bytes> original;  ///< absent for a bare schema (no table holds a row)
};

/// The schema of `connection` (named `name`) and its bytes when some table holds a row:
/// a script without INSERTs is a bare schema, not a database worth testing on.
Result<SchemaSource> schemaSourceFromDatabase(const exec::Connection& connection, std::string name);

} // namespace sqleq::schema
