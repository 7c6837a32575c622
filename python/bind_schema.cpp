// sqleq.Schema: the three ways a front end loads a schema (a Spider tables.json
// entry, a SQLite file, DDL text), each through core's one schema-source opener, plus
// read-only views; sqleq.DatasetLayout: where a dataset's files are (core/dataset).
#include "python/bindings.h"
#include "python/schema_handle.h"

#include "core/dataset/dataset_layout.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/schema_source.h"

#include <fmt/format.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace sqleq::python {
namespace {

/// A source opened with the GIL released, or the DiagnosticError of why it was not.
SchemaHandle handleOf(const std::function<Result<schema::SchemaSource>()>& openSource)
{
    Result<schema::SchemaSource> opened = [&] {
        py::gil_scoped_release unlocked;
        return openSource();
    }();
    if (!opened) throw DiagnosticError(opened.error());
    return {std::make_shared<const schema::SchemaSource>(std::move(*opened))};
}

/// Every way in goes through core's one opener, with the GIL released while it reads.
SchemaHandle open(const schema::SchemaSourceSpec& spec, const std::string& source = {})
{
    Result<schema::SchemaSource> opened = [&] {
        py::gil_scoped_release unlocked;
        return schema::openSchemaSource(spec);
    }();
    // Its errors are the schema's, whatever layer noticed them (DiagnosticKind::Schema).
    if (!opened) throw DiagnosticError(opened.error(), source);
    return {std::make_shared<const schema::SchemaSource>(std::move(*opened))};
}

SchemaHandle fromTablesJson(const std::filesystem::path& path, const std::string& dbId)
{
    const dataset::DatasetLayout layout{.tables = path};
    return handleOf([&] { return layout.schemaSource(dbId); });
}

/// sqleq.DatasetLayout(tables, db=..., suites=..., descriptions=...): None is core's empty path.
dataset::DatasetLayout makeLayout(const std::optional<std::string>& tables, const std::optional<std::string>& db,
                                  const std::optional<std::string>& suites,
                                  const std::optional<std::string>& descriptions)
{
    return {.tables = pathOrEmpty(tables),
            .originalDatabases = pathOrEmpty(db),
            .suites = pathOrEmpty(suites),
            .descriptions = pathOrEmpty(descriptions)};
}

template <typename T> T valueOrRaise(Result<T> result)
{
    if (!result) throw DiagnosticError(result.error());
    return std::move(*result);
}

SchemaHandle layoutSchema(const dataset::DatasetLayout& layout, const std::string& dbId,
                          const std::optional<std::string>& tablesText, const std::optional<py::bytes>& original)
{
    dataset::HeldFiles held{.tables = tablesText};
    if (original) {
        const std::string bytes = *original;
        held.original = exec::Bytes(bytes.begin(), bytes.end());
    }
    if (layout.tables.empty()) throwArgumentError("the layout names no tables file");
    return handleOf([&] { return layout.schemaSource(dbId, held); });
}

std::optional<std::string> pathOrNone(const std::filesystem::path& path)
{
    return path.empty() ? std::nullopt : std::optional<std::string>(path.string());
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
                    "The schema `db_id` of a Spider tables.json: DatasetLayout(path).schema(db_id). Its original "
                    "database database/<db_id>/<db_id>.sqlite beside tables.json, when it exists, gives the "
                    "constraints and joins every suite first. Raises SchemaError.")
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

    py::class_<dataset::DatasetLayout>(module, "DatasetLayout",
                                       "Where a dataset's files are, as the CLI's --tables/--db/--suites name them: "
                                       "tables.json (or a classical NAME-schema.csv), the original databases "
                                       "DIR/<db_id>/<db_id>.sqlite (default: `database` beside tables.json), the "
                                       "prebuilt suites DIR/<db_id>/*.sqlite and BIRD's column descriptions. It "
                                       "owns the db_id rules every front end follows; immutable.")
        .def(py::init(&makeLayout), py::arg("tables") = py::none(), py::kw_only(), py::arg("db") = py::none(),
             py::arg("suites") = py::none(), py::arg("descriptions") = py::none())
        .def_property_readonly("tables", [](const dataset::DatasetLayout& l) { return pathOrNone(l.tables); })
        .def_property_readonly("db", [](const dataset::DatasetLayout& l) { return pathOrNone(l.originalDatabases); },
                               "The original databases' folder as given (None: `database` beside tables.json).")
        .def_property_readonly("suites", [](const dataset::DatasetLayout& l) { return pathOrNone(l.suites); })
        .def_property_readonly("descriptions", [](const dataset::DatasetLayout& l) { return pathOrNone(l.descriptions); })
        .def("original_path",
             [](const dataset::DatasetLayout& l, const std::string& dbId) {
                 return valueOrRaise(l.originalDatabasePath(dbId)).string();
             },
             py::arg("db_id"),
             "DIR/<db_id>/<db_id>.sqlite, whether or not it exists. Raises InputError for a db_id that cannot "
             "name a folder.")
        .def("schema", &layoutSchema, py::arg("db_id") = "", py::kw_only(), py::arg("tables_text") = py::none(),
             py::arg("original") = py::none(),
             "The schema `db_id` of tables, with its original database when that file exists (its declared "
             "constraints; its rows join every suite first); one that does not open raises. tables_text / "
             "original: the tables file's text and the original's bytes when the caller holds them (a task on "
             "another machine); with tables_text, only a `db` folder given is searched. Raises SchemaError, "
             "QueryError or InputError naming the file or db_id.")
        .def("suite_files",
             [](const dataset::DatasetLayout& l, const std::string& dbId) {
                 std::vector<std::string> out;
                 for (const auto& file : valueOrRaise(l.suiteFiles(dbId))) out.push_back(file.string());
                 return out;
             },
             py::arg("db_id"), "The prebuilt suite's files of `db_id`, in the order a suite is read. Raises SuiteError.")
        .def_static(
            "check_db_id",
            [](const std::string& dbId) {
                if (auto usable = dataset::checkDbId(dbId); !usable) throw DiagnosticError(usable.error());
            },
            py::arg("db_id"), "Raises InputError when `db_id` cannot name a folder (empty, '.', '..', '/' or '\\').")
        .def("__repr__", [](const dataset::DatasetLayout& l) {
            return fmt::format("<sqleq.DatasetLayout tables='{}' db='{}' suites='{}'>", l.tables.string(),
                               l.originalDatabasesFolder().string(), l.suites.string());
        });
}

} // namespace sqleq::python
