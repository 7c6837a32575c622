// Dataset distillation: distill() over many schemas at once — a batch of gold items
// grouped by db_id (distillBatch), and the one orchestration that distills a whole gold
// file and writes each schema's suite as it is done (distillDataset), shared by the
// CLI and the GUI's project build.
#pragma once

#include "core/base/diagnostic.h"
#include "core/base/result.h"
#include "core/suite/distill.h"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::suite {

/// One gold query of a batch (a line of a Spider gold file).
struct GoldItem {
    std::string sql;
    std::string dbId;
};

/// The suite of one schema of a batch.
struct BatchSchemaResult {
    std::string dbId;
    std::vector<std::size_t> items;   ///< indices into the batch input, ascending
    std::optional<Diagnostic> error;  ///< the schema could not be loaded or distilled
    DistillResult result;             ///< result.golds is parallel to `items`
};

/// Groups `items` by db_id (schemas in order of first appearance), loads each schema
/// from the Spider tables.json at `tablesJson` (with the constraints of the original
/// database beside it, dataset::DatasetLayout), and distills one suite per schema
/// with `options` (budget and time budget apply per schema). A schema that fails is
/// reported in its BatchSchemaResult and the batch goes on. On cancel the batch stops:
/// the schema being distilled is returned with result.cancelled set, later ones are
/// absent. Errors: only when tables.json cannot be read or parsed.
Result<std::vector<BatchSchemaResult>> distillBatch(const std::vector<GoldItem>& items,
                                                    const std::filesystem::path& tablesJson,
                                                    const DistillOptions& options,
                                                    const ProgressCallback& progress = {},
                                                    const std::atomic<bool>* cancel = nullptr);

/// What distillDataset distills and where it writes.
struct DatasetDistillRequest {
    std::vector<GoldItem> items;               ///< a gold file's lines, in order
    std::filesystem::path tablesJson;          ///< Spider tables.json
    std::filesystem::path originalDatabases;   ///< optional: DIR/<db_id>/<db_id>.sqlite, tried first
    std::filesystem::path outDir;              ///< suites go to OUT/<db_id>/<db_id>_<n>.sqlite
    std::vector<std::string> onlyDbIds;        ///< empty: every schema of `items`
    DistillOptions options;                    ///< `original` is set per schema from originalDatabases
};

/// One schema of distillDataset once its suite is written.
struct DatasetSchemaDone {
    std::string dbId;
    std::vector<std::size_t> items;  ///< indices into DatasetDistillRequest::items, ascending
    const DistillResult& result;     ///< result.golds is parallel to `items`
    /// Where tables.json and the original's DDL disagreed (schema::SchemaSource::constraintNotes),
    /// after a note that the named databases folder has no original for this schema.
    const std::vector<std::string>& constraintNotes;
};

struct DatasetDistillOutcome {
    std::size_t schemas = 0;          ///< suites written
    std::size_t suiteDatabases = 0;   ///< databases over all suites written
    bool cancelled = false;           ///< stopped early; the suites written so far stay
    double seconds = 0;
};

/// Gold queries one schema may have at most: they share one suite and every neighbor of
/// every gold runs on every sampled database, so more is a mistake, not a dataset.
inline constexpr std::size_t kMaxGoldsPerSchema = 5000;

/// The one orchestration of `distill` over a whole gold file, run by the CLI and the
/// GUI's project build alike: golds grouped by db_id (schemas in order of first
/// appearance), one suite per schema distilled and exported to outDir as soon as it is
/// done, then `onSchema` is called (on the calling thread) for reports. Progress is
/// tagged with dbId/schemaIndex/schemaCount. Errors stop the run and name the schema
/// or file at fault ("suite.dataset": more than kMaxGoldsPerSchema golds, a schema
/// missing from tables.json, an export that failed); nothing is removed on error or
/// cancel — a caller wanting all or nothing distills into a directory of its own.
Result<DatasetDistillOutcome> distillDataset(const DatasetDistillRequest& request,
                                             const std::function<void(const DatasetSchemaDone&)>& onSchema = {},
                                             const ProgressCallback& progress = {},
                                             const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::suite
