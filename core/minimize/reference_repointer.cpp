// Tries each (child row, foreign key, other parent) in content order, so the result is
// deterministic; after a success the row reducer runs again on the new content and the
// search restarts, since freed rows change which re-pointings are possible.

#include "core/minimize/reference_repointer.h"

#include "core/minimize/row_graph.h"
#include "core/minimize/row_reducer.h"

#include <optional>

namespace sqleq::minimize {
namespace {

struct Reference {
    std::size_t childEntry = 0;   ///< index into content.tables
    std::size_t parentEntry = 0;
    std::vector<std::size_t> childColumns;
    std::vector<std::size_t> parentColumns;
};

std::optional<std::size_t> entryOf(const schema::DatabaseContent& content, const std::string& table)
{
    for (std::size_t entry = 0; entry < content.tables.size(); ++entry) {
        if (schema::sameIdentifier(content.tables[entry].table, table)) return entry;
    }
    return std::nullopt;
}

std::vector<Reference> referencesOf(const schema::Schema& keys, const schema::DatabaseContent& content)
{
    std::vector<Reference> references;
    for (std::size_t entry = 0; entry < content.tables.size(); ++entry) {
        const schema::Table* child = keys.findTable(content.tables[entry].table);
        if (child == nullptr) continue;
        for (const auto& key : child->foreignKeys) {
            const schema::Table* parent = keys.findTable(key.referencedTable);
            const auto parentEntry = entryOf(content, key.referencedTable);
            if (parent == nullptr || !parentEntry) continue;
            auto childColumns = columnIndices(*child, key.columns);
            auto parentColumns =
                columnIndices(*parent, key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns);
            if (!childColumns || !parentColumns || childColumns->size() != parentColumns->size()) continue;
            references.push_back({entry, *parentEntry, std::move(*childColumns), std::move(*parentColumns)});
        }
    }
    return references;
}

bool pointsAt(const exec::Row& child, const exec::Row& parent, const Reference& reference)
{
    for (std::size_t part = 0; part < reference.childColumns.size(); ++part) {
        if (reference.childColumns[part] >= child.size() || reference.parentColumns[part] >= parent.size()) return true;
        if (child[reference.childColumns[part]].isNull()) return true;  // no reference to move
        if (!(child[reference.childColumns[part]] == parent[reference.parentColumns[part]])) return false;
    }
    return true;
}

// `later` points into the content `earlier` describes: chain them back to the input.
SourceRows composeSources(const SourceRows& earlier, const SourceRows& later)
{
    SourceRows composed(later.size());
    for (std::size_t entry = 0; entry < later.size() && entry < earlier.size(); ++entry) {
        for (auto row : later[entry]) composed[entry].push_back(earlier[entry][row]);
    }
    return composed;
}

} // namespace

RepointResult repointReferences(const schema::Schema& keys, const MinimizeRequest& request, SeparationOracle& oracle,
                                schema::DatabaseContent& content, SourceRows& sourceRows,
                                compare::Comparison& comparison, std::size_t maxRuns)
{
    RepointResult result;
    const std::size_t firstRun = oracle.runs();
    const auto outOfRuns = [&] {
        return oracle.runs() - firstRun >= maxRuns || oracle.budgetExhausted() || oracle.cancelled();
    };
    bool progressed = true;
    while (progressed && !outOfRuns()) {
        progressed = false;
        for (const Reference& reference : referencesOf(keys, content)) {
            const auto& children = content.tables[reference.childEntry].rows;
            const auto& parents = content.tables[reference.parentEntry].rows;
            // `progressed` first: accepting a re-pointing replaces `content`, and with it
            // the rows `children` and `parents` refer to.
            for (std::size_t child = 0; !progressed && child < children.size(); ++child) {
                for (std::size_t parent = 0; !progressed && parent < parents.size(); ++parent) {
                    if (pointsAt(children[child], parents[parent], reference)) continue;
                    if (outOfRuns()) return result;
                    schema::DatabaseContent candidate = content;
                    auto& row = candidate.tables[reference.childEntry].rows[child];
                    for (std::size_t part = 0; part < reference.childColumns.size(); ++part) {
                        row[reference.childColumns[part]] = parents[parent][reference.parentColumns[part]];
                    }
                    auto evaluation = oracle.evaluate(candidate);
                    if (evaluation.separation == Separation::Stop) return result;
                    if (evaluation.separation != Separation::Kept) continue;
                    // Still separating; it only helps if a row can now go.
                    auto graph = RowGraph::build(keys, candidate, request.nonEmptyTables);
                    if (!graph) continue;
                    const RowClasses classes(*graph, request.goldSql, request.candidateSql);
                    RowReducer reducer(*graph, oracle, classes, graph->allRows(), std::move(evaluation.comparison));
                    reducer.makeOneMinimal();
                    if (reducer.keptCount() >= candidate.rowCount()) {
                        if (reducer.stopped()) return result;
                        continue;
                    }
                    content = graph->contentOf(reducer.kept());
                    sourceRows = composeSources(sourceRows, graph->sourceRowsOf(reducer.kept()));
                    comparison = reducer.comparison();
                    result.oneMinimal = reducer.oneMinimal();
                    ++result.repointed;
                    oracle.setRowsKept(content.rowCount());
                    progressed = true;
                }
            }
            if (progressed) break;
        }
    }
    return result;
}

} // namespace sqleq::minimize
