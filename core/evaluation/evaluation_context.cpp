// Loading the inputs of a batch once, up front: parsing tables.json, importing the
// suites of the db_ids asked for and serializing their original databases, each read
// once (dataset::DatasetLayout finds them).
// Per-db_id failures are recorded, not returned: one missing folder must not stop
// the metrics of the other databases.
#include "core/evaluation/evaluation_context.h"
#include "core/dataset/dataset_layout.h"
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
    if (auto exists = dataset::DatasetLayout::requireFolder(dir, role); !exists) return inputError(exists.error().message);
    return {};
}

/// `bytes`, the original database of `dbId` read from `file`, as a suite of that one database.
suite::Suite originalSuite(const std::string& dbId, const fs::path& file, exec::Bytes bytes)
{
    suite::Suite single;
    single.dbId = dbId;
    suite::SuiteDatabase database;
    database.origin = suite::DatabaseOrigin::Original;
    database.label = file.filename().string();
    database.bytes = std::move(bytes);
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
    const dataset::DatasetLayout layout{
        .tables = inputs.tables, .originalDatabases = inputs.originalDatabases, .suites = inputs.suites};
    if (context.computed.testSuite) {
        if (auto exists = requireDirectory(inputs.suites, "suites"); !exists) return exists.error();
        for (const auto& dbId : dbIds) {
            auto imported = suite::importSuite(inputs.suites, dbId);
            if (imported) context.suites.emplace(dbId, std::move(imported.value()));
            else context.suiteErrors.emplace(dbId, imported.error().message);
        }
    }
    const bool execution = context.computed.exec || context.computed.sqlEval;
    if (execution) {
        if (auto exists = requireDirectory(inputs.originalDatabases, "databases"); !exists) return exists.error();
    }
    for (const auto& dbId : dbIds) {
        std::optional<exec::Bytes> original;
        if (context.computed.sqleq) {
            // The search builds databases of the schema, so it needs the schema itself, with
            // the constraints the original declares where there is one (tables.json truncates
            // keys). Its bytes are the exec database too: each original is read once.
            auto loaded = layout.schemaSource(dbId);
            if (loaded) {
                context.schemas.emplace(dbId, std::move(loaded->schema));
                if (execution) original = std::move(loaded->original);
            } else {
                context.schemaErrors.emplace(dbId, loaded.error().message);
            }
        }
        if (!execution) continue;
        auto file = layout.originalDatabasePath(dbId);
        if (!file) {
            context.originalErrors.emplace(dbId, file.error().message);
            continue;
        }
        if (!original) {
            auto read = layout.readOriginal(dbId);
            if (!read) {
                context.originalErrors.emplace(dbId, read.error().message);
                continue;
            }
            original = std::move(*read);
        }
        context.originals.emplace(dbId, originalSuite(dbId, *file, std::move(*original)));
    }
    return context;
}

} // namespace sqleq::evaluation
