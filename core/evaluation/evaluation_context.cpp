// Loading the inputs of a batch once, up front: parsing tables.json, importing the
// suites of the db_ids asked for and serializing their original databases.
// Per-db_id failures are recorded, not returned: one missing folder must not stop
// the metrics of the other databases.
#include "core/evaluation/evaluation_context.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables.h"
#include "core/suite/suite_files.h"

#include <fmt/format.h>

#include <set>
#include <system_error>

namespace sqleq::evaluation {

Diagnostic inputError(std::string message)
{
    Diagnostic diagnostic;
    diagnostic.code = "evaluation.input";
    diagnostic.message = std::move(message);
    return diagnostic;
}

namespace fs = std::filesystem;
namespace {

Status requireDirectory(const fs::path& dir, std::string_view role)
{
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return {};
    return inputError(fmt::format("{}: the {} directory does not exist", dir.string(), role));
}

Result<suite::Suite> loadOriginal(const fs::path& dir, const std::string& dbId)
{
    const fs::path file = dir / dbId / (dbId + ".sqlite");
    auto conn = exec::Connection::openReadOnly(file);
    // The connection's message already names the file.
    if (!conn) return inputError(fmt::format("no original database: {}", conn.error().message));
    auto bytes = conn->serialize();
    if (!bytes) return inputError(fmt::format("{}: {}", file.string(), bytes.error().message));
    suite::Suite single;
    single.dbId = dbId;
    suite::SuiteDatabase database;
    database.origin = suite::DatabaseOrigin::Original;
    database.label = file.filename().string();
    database.bytes = std::move(bytes.value());
    single.databases.push_back(std::move(database));
    return single;
}

} // namespace

Result<EvaluationContext> loadEvaluationContext(const ScoringInputs& inputs, const MetricSelection& selection,
                                                const std::set<std::string>& dbIds)
{
    EvaluationContext context;
    const bool haveTables = !inputs.tables.empty();
    const bool haveOriginals = !inputs.originalDatabases.empty();
    const bool haveSuites = !inputs.suites.empty();
    context.computed = {.esm = selection.esm && haveTables,
                        .exec = selection.exec && haveOriginals,
                        .testSuite = selection.testSuite && haveSuites,
                        .sqlEval = selection.sqlEval && haveOriginals,
                        .pcmF1 = selection.pcmF1,
                        .sqleq = selection.sqleq && selection.testSuite && haveSuites && haveTables};
    context.hardness = haveTables;

    if (haveTables) {
        auto index = metrics::SpiderSchemaIndex::fromFile(inputs.tables);
        if (!index) return inputError(index.error().message);
        context.tables = std::move(index.value());
    }
    if (context.computed.testSuite) {
        if (auto exists = requireDirectory(inputs.suites, "suites"); !exists) return exists.error();
        for (const auto& dbId : dbIds) {
            auto imported = suite::importSuite(inputs.suites, dbId);
            if (imported) context.suites.emplace(dbId, std::move(imported.value()));
            else context.suiteErrors.emplace(dbId, imported.error().message);
        }
    }
    if (context.computed.sqleq) {
        // The search builds databases of the schema, so it needs the schema itself.
        for (const auto& dbId : dbIds) {
            // The constraints the original declares, where there is one (tables.json truncates keys).
            auto loaded = schema::openSchemaSource({.kind = schema::SchemaSourceKind::SchemaFile,
                                                    .path = inputs.tables,
                                                    .dbId = dbId,
                                                    .originalDatabases = inputs.originalDatabases});
            if (loaded) context.schemas.emplace(dbId, std::move(loaded->schema));
            else context.schemaErrors.emplace(dbId, loaded.error().message);
        }
    }
    if (context.computed.exec || context.computed.sqlEval) {
        if (auto exists = requireDirectory(inputs.originalDatabases, "databases"); !exists) return exists.error();
        for (const auto& dbId : dbIds) {
            auto original = loadOriginal(inputs.originalDatabases, dbId);
            if (original) context.originals.emplace(dbId, std::move(original.value()));
            else context.originalErrors.emplace(dbId, original.error().message);
        }
    }
    return context;
}

} // namespace sqleq::evaluation
