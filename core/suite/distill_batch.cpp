// distillBatch and distillDataset: `distill` over a Spider gold file — gold queries
// grouped by db_id, one shared suite per schema (as the paper distills one per
// database). distillBatch keeps the suites in memory and reports per-schema failures;
// distillDataset writes each suite as it completes and stops at the first failure.
#include "core/suite/dataset_distill.h"

#include "core/base/capped_file.h"
#include "core/exec/connection.h"
#include "core/schema/spider_tables.h"
#include "core/suite/suite_diagnostic.h"
#include "core/suite/suite_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>

namespace sqleq::suite {
namespace {

Result<std::string> readText(const std::filesystem::path& path)
{
    return readFileCapped(path, {input_limits::kTablesJson, "tables.json file"});
}

/// Item indices per db_id, db_ids in order of first appearance; only those of `only`
/// when it is not empty.
std::vector<BatchSchemaResult> groupByDbId(const std::vector<GoldItem>& items, const std::vector<std::string>& only = {})
{
    std::vector<BatchSchemaResult> groups;
    std::map<std::string, std::size_t, std::less<>> position;  // linear in the items, however many db_ids
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!only.empty() && std::find(only.begin(), only.end(), items[i].dbId) == only.end()) continue;
        const auto [it, fresh] = position.emplace(items[i].dbId, groups.size());
        if (fresh) {
            groups.emplace_back();
            groups.back().dbId = items[i].dbId;
        }
        groups[it->second].items.push_back(i);
    }
    return groups;
}

Diagnostic datasetError(std::string message)
{
    Diagnostic diagnostic;
    diagnostic.code = "suite.dataset";
    diagnostic.message = std::move(message);
    return diagnostic;
}

/// The dataset's own database of `dbId`, when `dir` has one that opens.
std::optional<exec::Bytes> readOriginal(const std::filesystem::path& dir, const std::string& dbId)
{
    if (dir.empty()) return std::nullopt;
    const std::filesystem::path path = dir / dbId / (dbId + ".sqlite");
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    auto connection = exec::Connection::openReadOnly(path);
    if (!connection) return std::nullopt;
    auto bytes = connection->serialize();
    if (!bytes) return std::nullopt;
    return std::move(*bytes);
}

ProgressCallback tagged(const ProgressCallback& progress, const std::string& dbId, std::size_t index,
                        std::size_t count)
{
    if (!progress) return {};
    return [&progress, dbId, index, count](const Progress& step) {
        Progress copy = step;
        copy.dbId = dbId;
        copy.schemaIndex = index;
        copy.schemaCount = count;
        progress(copy);
    };
}

} // namespace

Result<DatasetDistillOutcome> distillDataset(const DatasetDistillRequest& request,
                                             const std::function<void(const DatasetSchemaDone&)>& onSchema,
                                             const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    const std::vector<BatchSchemaResult> groups = groupByDbId(request.items, request.onlyDbIds);
    for (const BatchSchemaResult& group : groups) {
        if (group.items.size() <= kMaxGoldsPerSchema) continue;
        return datasetError(fmt::format("{} gold queries for db_id \"{}\", more than the limit of {} per schema "
                                        "(one suite each); split the file or pick schemas",
                                        group.items.size(), group.dbId, kMaxGoldsPerSchema));
    }
    DatasetDistillOutcome outcome;
    for (std::size_t s = 0; s < groups.size(); ++s) {
        const BatchSchemaResult& group = groups[s];
        if (cancel && cancel->load()) {
            outcome.cancelled = true;
            break;
        }
        auto schema = schema::loadSpiderSchema(request.tablesJson, group.dbId);
        if (!schema) return schema.error();
        DistillOptions options = request.options;
        options.original = readOriginal(request.originalDatabases, group.dbId);
        std::vector<std::string> golds;
        golds.reserve(group.items.size());
        for (std::size_t i : group.items) golds.push_back(request.items[i].sql);
        auto result = distill(*schema, golds, options, tagged(progress, group.dbId, s, groups.size()), cancel);
        if (!result) return datasetError(fmt::format("{}: {}", group.dbId, result.error().message));
        if (result->cancelled) {
            outcome.cancelled = true;
            break;
        }
        if (auto written = exportSuite(result->suite, request.outDir); !written) return written.error();
        ++outcome.schemas;
        outcome.suiteDatabases += result->suite.databases.size();
        if (onSchema) onSchema(DatasetSchemaDone{group.dbId, group.items, *result});
    }
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
}

Result<std::vector<BatchSchemaResult>> distillBatch(const std::vector<GoldItem>& items,
                                                    const std::filesystem::path& tablesJson,
                                                    const DistillOptions& options, const ProgressCallback& progress,
                                                    const std::atomic<bool>* cancel)
{
    auto text = readText(tablesJson);
    if (!text.ok()) return text.error();
    const std::string source = tablesJson.string();
    if (auto ids = schema::listSpiderDbIds(*text, source); !ids.ok()) return ids.error();

    std::vector<BatchSchemaResult> groups = groupByDbId(items);
    std::vector<BatchSchemaResult> done;
    for (std::size_t s = 0; s < groups.size(); ++s) {
        BatchSchemaResult& group = groups[s];
        auto schema = schema::parseSpiderSchema(*text, group.dbId, source);
        if (!schema.ok()) {
            group.error = schema.error();
            done.push_back(std::move(group));
            continue;
        }
        std::vector<std::string> golds;
        for (std::size_t i : group.items) golds.push_back(items[i].sql);
        const ProgressCallback forward = [&](const Progress& p) {
            if (!progress) return;
            Progress tagged = p;
            tagged.dbId = group.dbId;
            tagged.schemaIndex = s;
            tagged.schemaCount = groups.size();
            progress(tagged);
        };
        auto result = distill(*schema, golds, options, forward, cancel);
        if (result.ok()) group.result = std::move(result.value());
        else group.error = result.error();
        const bool stop = result.ok() && group.result.cancelled;
        done.push_back(std::move(group));
        if (stop) break;
    }
    return done;
}

} // namespace sqleq::suite
