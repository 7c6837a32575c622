// sqleq.Schema: the three ways a front end loads a schema (a Spider tables.json
// entry, a SQLite file, DDL text), each through core's one schema-source opener, plus
// read-only views.
#include "python/bindings.h"
#include "python/schema_handle.h"

#include "core/schema/ddl_writer.h"
#include "core/schema/schema_source.h"

#include <fmt/format.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>

namespace sqleq::python {
namespace {

/// Every way in goes through core's one opener, with the GIL released while it reads.
SchemaHandle open(const schema::SchemaSourceSpec& spec, const std::string& source = {})
{
    Result<schema::SchemaSource> opened = [&] {
        py::gil_scoped_release unlocked;
        return schema::openSchemaSource(spec);
    }();
    if (!opened) {
        auto error = opened.error();
        // A script SQLite refuses is the schema's fault, whatever layer noticed it.
        if (spec.kind == schema::SchemaSourceKind::DdlScript && !error.code.starts_with("schema.")) error.code = "schema.ddl";
        throw DiagnosticError(error, source);
    }
    return {std::make_shared<const schema::SchemaSource>(std::move(*opened))};
}

SchemaHandle fromTablesJson(const std::filesystem::path& path, const std::string& dbId)
{
    return open({.kind = schema::SchemaSourceKind::SchemaFile, .path = path, .dbId = dbId});
}

SchemaHandle fromSqlite(const std::filesystem::path& path)
{
    return open({.kind = schema::SchemaSourceKind::SqliteFile, .path = path});
}

SchemaHandle fromDdl(const std::string& ddl, const std::string& name)
{
    return open({.kind = schema::SchemaSourceKind::DdlScript, .path = name, .content = ddl, .name = name}, ddl);
}

py::list tableNames(const SchemaHandle& handle)
{
    py::list names;
    for (const auto& table : handle.source->schema.tables) names.append(table.name);
    return names;
}

py::dict columns(const SchemaHandle& handle)
{
    py::dict out;
    for (const auto& table : handle.source->schema.tables) {
        py::list names;
        for (const auto& column : table.columns) names.append(column.name);
        out[py::str(table.name)] = names;
    }
    return out;
}

std::string repr(const SchemaHandle& handle)
{
    const auto& schema = handle.source->schema;
    std::string tables;
    for (const auto& table : schema.tables) tables += (tables.empty() ? "" : ", ") + table.name;
    return fmt::format("<sqleq.Schema '{}': {} table{} ({}){}>", schema.name, schema.tables.size(),
                       schema.tables.size() == 1 ? "" : "s", tables, handle.source->original ? ", with rows" : "");
}

} // namespace

void bindSchema(py::module_& module)
{
    py::class_<SchemaHandle>(module, "Schema",
                             "A database schema (tables, columns, keys) and, when loaded from a database that holds "
                             "rows, that database, which checks try first. Build one with from_tables_json, "
                             "from_sqlite or from_ddl; immutable and safe to share between threads.")
        .def_static("from_tables_json", &fromTablesJson, py::arg("path"), py::arg("db_id"),
                    "The schema `db_id` of a Spider tables.json; its original database DIR/database/<db_id>/<db_id>.sqlite "
                    "beside tables.json, when it exists, joins every suite first. Raises SchemaError.")
        .def_static("from_sqlite", &fromSqlite, py::arg("path"),
                    "The schema of a SQLite file, opened read-only; its rows join every suite first. Raises "
                    "SchemaError or QueryError when the file cannot be read.")
        .def_static("from_ddl", &fromDdl, py::arg("text"), py::arg("name") = "ddl",
                    "The schema a SQL script creates (CREATE TABLE, optionally INSERT), run into memory. Raises "
                    "SchemaError with line and column of the failing statement.")
        .def_property_readonly("name", [](const SchemaHandle& h) { return h.source->schema.name; },
                               "The db_id or the file's stem.")
        .def_property_readonly("tables", &tableNames, "Table names, in schema order.")
        .def_property_readonly("columns", &columns, "{table: [column names]}.")
        .def_property_readonly("has_rows", [](const SchemaHandle& h) { return h.source->original.has_value(); },
                               "Whether the source database holds rows (they join every suite first).")
        .def("to_ddl", [](const SchemaHandle& h) { return schema::toDdl(h.source->schema); },
             "CREATE TABLE statements that rebuild the schema.")
        .def("__repr__", &repr);
}

} // namespace sqleq::python
