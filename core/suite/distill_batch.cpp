// distillBatch and distillDataset: `distill` over a Spider gold file — gold queries
// grouped by db_id, one shared suite per schema (as the paper distills one per
// database). distillBatch keeps the suites in memory and reports per-schema failures;
// distillDataset writes each suite as it completes and stops at the first failure.
#include "core/suite/dataset_distill.h"
#include "core/suite/distiller.h"

#include "core/dataset/dataset_layout.h"
#include "core/exec/connection.h"
#include "core/schema/spider_tables.h"
#include "core/suite/suite_diagnostic.h"
#include "core/suite/suite_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace sqleq::suite {
namespace {

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

/// The note for a db_id whose original database the named folder lacks.
std::string missingOriginal(const dataset::DatasetLayout& layout, const std::string& dbId)
{
    auto path = layout.originalDatabasePath(dbId);
    return fmt::format("no original database {}: the suite has none", path ? path->string() : dbId);
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
    // Schemas are distilled side by side, one per runner: a schema's last golds keep a
    // whole pool waiting on one query, while another schema has work for every core.
    // Each schema's pool has a worker per core, and the pools share the cores (a worker
    // runs a task only while it holds one), so while several schemas run each gets
    // about its share, and the last one left — BIRD's formula_1, whose targeted phase is
    // most of the run — gets them all. Each suite depends only on its schema and the
    // options, never on the runners or workers, and suites are written and reported in
    // schema order on this thread, so the output does not depend on the thread count either.
    const unsigned jobs = request.options.jobs != 0 ? request.options.jobs
                                                    : std::max(1u, std::thread::hardware_concurrency());
    const std::size_t runners = std::clamp<std::size_t>(jobs, 1, std::max<std::size_t>(groups.size(), 1));
    DistillOptions shared = request.options;
    shared.jobs = jobs;
    SharedCores cores(jobs);

    // The runners watch this flag, not the caller's: it also stops them when a schema in
    // front of theirs failed. The waiting loop below passes a cancel request on.
    std::atomic<bool> abandoned = false;
    std::mutex mutex;
    std::condition_variable done;
    std::vector<std::optional<Result<DistillResult>>> results(groups.size());
    std::vector<std::vector<std::string>> constraintNotes(groups.size());
    std::size_t next = 0;
    bool stop = false;
    std::mutex progressMutex;  // the runners report concurrently; the callback sees one at a time
    const ProgressCallback serialized = progress ? ProgressCallback([&](const Progress& step) {
        const std::lock_guard lock(progressMutex);
        progress(step);
    })
                                                 : ProgressCallback{};
    const dataset::DatasetLayout layout{.tables = request.tablesJson, .originalDatabases = request.originalDatabases};
    auto distillSchema = [&](std::size_t s) -> Result<DistillResult> {
        const BatchSchemaResult& group = groups[s];
        auto source = layout.schemaSource(group.dbId);
        if (!source) return datasetError(fmt::format("{}: {}", group.dbId, source.error().message));
        constraintNotes[s] = std::move(source->constraintNotes);
        DistillOptions options = shared;
        // The original joins the suite only when the caller names the databases' folder;
        // its declared constraints are used wherever it is found. A named folder without
        // the db_id's original is said, not passed over.
        if (!request.originalDatabases.empty()) {
            if (!source->original) constraintNotes[s].insert(constraintNotes[s].begin(), missingOriginal(layout, group.dbId));
            options.original = std::move(source->original);
        }
        std::vector<std::string> golds;
        golds.reserve(group.items.size());
        for (std::size_t i : group.items) golds.push_back(request.items[i].sql);
        auto result = distillSharingCores(source->schema, golds, options, &cores,
                                          tagged(serialized, group.dbId, s, groups.size()), &abandoned);
        if (!result) return datasetError(fmt::format("{}: {}", group.dbId, result.error().message));
        return result;
    };
    auto runner = [&] {
        for (;;) {
            std::size_t s = 0;
            {
                const std::lock_guard lock(mutex);
                if (stop || next == groups.size()) return;
                s = next++;
            }
            std::optional<Result<DistillResult>> result;
            try {
                result.emplace(distillSchema(s));
            } catch (...) {  // bad_alloc and the like: reported for the schema, in order
                result.emplace(datasetError(fmt::format("{}: distillation failed unexpectedly", groups[s].dbId)));
            }
            const std::lock_guard lock(mutex);
            results[s] = std::move(result);
            done.notify_all();
        }
    };
    std::vector<std::jthread> threads;
    for (std::size_t r = 0; r < runners; ++r) threads.emplace_back(runner);
    const auto finish = [&] {
        {
            const std::lock_guard lock(mutex);
            stop = true;
        }
        abandoned = true;
        threads.clear();  // joins
    };

    DatasetDistillOutcome outcome;
    for (std::size_t s = 0; s < groups.size(); ++s) {
        std::optional<Result<DistillResult>> result;
        {
            std::unique_lock lock(mutex);
            while (!done.wait_for(lock, std::chrono::milliseconds(50), [&] { return results[s].has_value(); }))
                if (cancel && cancel->load()) abandoned = true;
            result = std::move(results[s]);
            results[s].reset();
        }
        if (!*result) {
            finish();
            return result->error();
        }
        if ((*result)->cancelled) {
            outcome.cancelled = true;
            break;
        }
        if (auto written = exportSuite((*result)->suite, request.outDir); !written) {
            finish();
            return written.error();
        }
        ++outcome.schemas;
        outcome.suiteDatabases += (*result)->suite.databases.size();
        if (onSchema) onSchema(DatasetSchemaDone{groups[s].dbId, groups[s].items, **result, constraintNotes[s]});
    }
    finish();
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
}

Result<std::vector<BatchSchemaResult>> distillBatch(const std::vector<GoldItem>& items,
                                                    const std::filesystem::path& tablesJson,
                                                    const DistillOptions& options, const ProgressCallback& progress,
                                                    const std::atomic<bool>* cancel)
{
    dataset::DatasetLayout layout{.tables = tablesJson};
    layout.originalDatabases = layout.originalDatabasesFolder();  // searched with the text held
    auto text = layout.readTables();
    if (!text.ok()) return text.error();
    if (auto ids = schema::listSpiderDbIds(*text, tablesJson.string()); !ids.ok()) return ids.error();

    std::vector<BatchSchemaResult> groups = groupByDbId(items);
    std::vector<BatchSchemaResult> done;
    for (std::size_t s = 0; s < groups.size(); ++s) {
        BatchSchemaResult& group = groups[s];
        // The original database beside tables.json gives its constraints; one that does not
        // open is this schema's error, never passed over.
        auto opened = layout.schemaSource(group.dbId, {.tables = *text});
        auto schema = opened ? Result<schema::Schema>(std::move(opened->schema)) : Result<schema::Schema>(opened.error());
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
