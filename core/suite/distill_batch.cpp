// distillBatch: the CLI's `distill` over a Spider gold file — gold queries grouped by
// db_id, one shared suite per schema (as the paper distills one per database), each
// schema loaded from tables.json once. Per-schema failures are reported, not fatal.
#include "core/base/capped_file.h"
#include "core/schema/spider_tables.h"
#include "core/suite/suite.h"
#include "core/suite/suite_diagnostic.h"

#include <fmt/format.h>

#include <map>


namespace sqleq::suite {
namespace {

Result<std::string> readText(const std::filesystem::path& path)
{
    return readFileCapped(path, {input_limits::kTablesJson, "tables.json file"});
}

/// Item indices per db_id, db_ids in order of first appearance.
std::vector<BatchSchemaResult> groupByDbId(const std::vector<GoldItem>& items)
{
    std::vector<BatchSchemaResult> groups;
    std::map<std::string, std::size_t, std::less<>> position;  // linear in the items, however many db_ids
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto [it, fresh] = position.emplace(items[i].dbId, groups.size());
        if (fresh) {
            groups.emplace_back();
            groups.back().dbId = items[i].dbId;
        }
        groups[it->second].items.push_back(i);
    }
    return groups;
}

} // namespace

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
