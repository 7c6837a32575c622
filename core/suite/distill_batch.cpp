// distillBatch: the CLI's `distill` over a Spider gold file — gold queries grouped by
// db_id, one shared suite per schema (as the paper distills one per database), each
// schema loaded from tables.json once. Per-schema failures are reported, not fatal.
#include "core/schema/spider_tables.h"
#include "core/suite/suite.h"
#include "core/suite/suite_diagnostic.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace sqleq::suite {
namespace {

Result<std::string> readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) return suiteError("suite.tables_json", fmt::format("{}: cannot be read", path.string()));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return suiteError("suite.tables_json", fmt::format("{}: read error", path.string()));
    return text.str();
}

/// Item indices per db_id, db_ids in order of first appearance.
std::vector<BatchSchemaResult> groupByDbId(const std::vector<GoldItem>& items)
{
    std::vector<BatchSchemaResult> groups;
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const BatchSchemaResult& g) { return g.dbId == items[i].dbId; });
        if (it == groups.end()) {
            groups.emplace_back();
            groups.back().dbId = items[i].dbId;
            it = std::prev(groups.end());
        }
        it->items.push_back(i);
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
