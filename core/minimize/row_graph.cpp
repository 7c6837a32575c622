// Building the row graph: flat row ids, key columns, and foreign-key requirements
// matched by value. Matching is loose on purpose (2 = 2.0 = '2', as SQLite's key
// lookup after affinity would find them); a wrong guess only costs a refused
// materialize() later, never an invalid result.

#include "core/minimize/row_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <unordered_map>

namespace sqleq::minimize {
namespace {

std::optional<double> numericText(const std::string& text)
{
    const auto begin = text.find_first_not_of(" \t\n\r");
    if (begin == std::string::npos) return std::nullopt;
    const auto end = text.find_last_not_of(" \t\n\r");
    const std::string trimmed = text.substr(begin, end - begin + 1);
    char* stop = nullptr;
    const double value = std::strtod(trimmed.c_str(), &stop);
    if (stop != trimmed.c_str() + trimmed.size()) return std::nullopt;
    return value;
}

std::string numberKey(double value)
{
    if (std::nearbyint(value) == value && std::fabs(value) < 9.2e18) {
        return fmt::format("n{};", static_cast<int64_t>(value));
    }
    return fmt::format("r{};", value);
}

// One key part as text such that loosely equal values get equal text.
std::string keyPart(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return "null;";
    case exec::ValueType::Integer: return fmt::format("n{};", value.asInteger());
    case exec::ValueType::Real: return numberKey(value.asReal());
    case exec::ValueType::Text:
        if (auto number = numericText(value.asText())) return numberKey(*number);
        return fmt::format("t{}:{};", value.asText().size(), value.asText());
    case exec::ValueType::Blob: return fmt::format("b{}:{};", value.asBlob().size(), value.asBlob());
    }
    return "?;";
}

// nullopt when a part is NULL: SQLite treats such a reference as satisfied.
std::optional<std::string> keyOf(const exec::Row& row, const std::vector<std::size_t>& columns)
{
    std::string key;
    for (auto column : columns) {
        if (column >= row.size() || row[column].isNull()) return std::nullopt;
        key += keyPart(row[column]);
    }
    return key;
}

bool anyKept(const std::vector<std::size_t>& rows, const RowMask& kept)
{
    for (auto row : rows) {
        if (kept[row]) return true;
    }
    return false;
}

} // namespace

std::optional<std::vector<std::size_t>> columnIndices(const schema::Table& table, const std::vector<std::string>& names)
{
    std::vector<std::size_t> indices;
    for (const auto& name : names) {
        const schema::Column* column = table.findColumn(name);
        if (column == nullptr) return std::nullopt;
        indices.push_back(static_cast<std::size_t>(column - table.columns.data()));
    }
    return indices;
}

Result<RowGraph> RowGraph::build(const schema::Schema& schema, const schema::DatabaseContent& content,
                                 const std::vector<std::string>& nonEmptyTables)
{
    RowGraph graph;
    if (auto status = graph.addSlots(schema, content); !status) return status.error();
    if (auto status = graph.markRequired(schema, nonEmptyTables); !status) return status.error();
    graph.m_dependents.resize(graph.m_rows.size());
    graph.linkForeignKeys(schema);
    return graph;
}

Status RowGraph::addSlots(const schema::Schema& schema, const schema::DatabaseContent& content)
{
    for (const auto& entry : content.tables) {
        const schema::Table* table = schema.findTable(entry.table);
        if (table == nullptr || schema::sameIdentifier(entry.table, "sqlite_sequence")) {
            return Diagnostic{"minimize.invalid_input",
                              fmt::format("schema \"{}\" has no table \"{}\"", schema.name, entry.table), {}, {}};
        }
        Slot slot{table, entry.table, std::vector<bool>(table->columns.size(), false), false};
        for (std::size_t column = 0; column < table->columns.size(); ++column) {
            slot.keyColumn[column] = table->columns[column].primaryKey;
        }
        for (const auto& name : table->primaryKey) {
            if (auto indices = columnIndices(*table, {name})) slot.keyColumn[indices->front()] = true;
        }
        const std::size_t slotIndex = m_slots.size();
        m_slots.push_back(std::move(slot));
        for (std::size_t position = 0; position < entry.rows.size(); ++position) {
            m_rows.push_back(RowEntry{slotIndex, position, entry.rows[position], {}});
        }
    }
    return {};
}

Status RowGraph::markRequired(const schema::Schema& schema, const std::vector<std::string>& nonEmptyTables)
{
    for (const auto& name : nonEmptyTables) {
        const schema::Table* table = schema.findTable(name);
        // A CTE name is no table; sqlite_sequence is SQLite's, never filled by content.
        if (table == nullptr || schema::sameIdentifier(name, "sqlite_sequence")) continue;
        bool hasRows = false;
        for (std::size_t slot = 0; slot < m_slots.size(); ++slot) {
            if (m_slots[slot].table != table) continue;
            m_slots[slot].required = true;
            hasRows = hasRows || !rowsOf(slot).empty();
        }
        if (!hasRows) {
            return Diagnostic{"minimize.invalid_request",
                              fmt::format("table \"{}\" must keep a row but the separating database has none",
                                          table->name),
                              {}, {}};
        }
    }
    return {};
}

void RowGraph::linkForeignKeys(const schema::Schema& schema)
{
    for (std::size_t slot = 0; slot < m_slots.size(); ++slot) {
        for (const auto& key : m_slots[slot].table->foreignKeys) linkForeignKey(slot, key, schema);
    }
}

void RowGraph::linkForeignKey(std::size_t childSlot, const schema::ForeignKey& key, const schema::Schema& schema)
{
    const schema::Table& child = *m_slots[childSlot].table;
    const schema::Table* parent = schema.findTable(key.referencedTable);
    if (parent == nullptr) return;
    const auto& parentNames = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
    auto childColumns = columnIndices(child, key.columns);
    auto parentColumns = columnIndices(*parent, parentNames);
    if (!childColumns || !parentColumns || childColumns->size() != parentColumns->size()) return;
    for (auto column : *childColumns) m_slots[childSlot].keyColumn[column] = true;

    std::unordered_map<std::string, std::vector<std::size_t>> parents;
    for (std::size_t slot = 0; slot < m_slots.size(); ++slot) {
        if (m_slots[slot].table != parent) continue;
        for (auto column : *parentColumns) m_slots[slot].keyColumn[column] = true;
        for (auto id : rowsOf(slot)) {
            if (auto text = keyOf(m_rows[id].values, *parentColumns)) parents[*text].push_back(id);
        }
    }
    for (auto id : rowsOf(childSlot)) {
        auto text = keyOf(m_rows[id].values, *childColumns);
        if (!text) continue;
        auto found = parents.find(*text);
        // No parent at all: our matching missed SQLite's; materialize() will judge.
        if (found == parents.end()) continue;
        const std::size_t requirement = m_rows[id].requirements.size();
        m_rows[id].requirements.push_back(found->second);
        for (auto parentId : found->second) m_dependents[parentId].push_back({id, requirement});
    }
}

std::vector<std::size_t> RowGraph::rowsOf(std::size_t slot) const
{
    std::vector<std::size_t> ids;
    for (std::size_t id = 0; id < m_rows.size(); ++id) {
        if (m_rows[id].slot == slot) ids.push_back(id);
    }
    return ids;
}

const schema::Table& RowGraph::tableOf(std::size_t id) const
{
    return *m_slots[m_rows[id].slot].table;
}

bool RowGraph::isKeyColumn(std::size_t id, std::size_t column) const
{
    const auto& keys = m_slots[m_rows[id].slot].keyColumn;
    return column >= keys.size() || keys[column];
}

void RowGraph::setCell(std::size_t id, std::size_t column, exec::Value value)
{
    m_rows[id].values[column] = std::move(value);
}

RowMask RowGraph::withoutClosure(const RowMask& kept, const std::vector<std::size_t>& removed) const
{
    RowMask out = kept;
    std::vector<std::size_t> work;
    for (auto id : removed) {
        if (out[id]) {
            out[id] = false;
            work.push_back(id);
        }
    }
    while (!work.empty()) {
        const auto parent = work.back();
        work.pop_back();
        for (const auto& dependent : m_dependents[parent]) {
            if (!out[dependent.child]) continue;
            if (anyKept(m_rows[dependent.child].requirements[dependent.requirement], out)) continue;
            out[dependent.child] = false;
            work.push_back(dependent.child);
        }
    }
    return out;
}

RowMask RowGraph::keepOnlyClosure(const RowMask& within, const std::vector<std::size_t>& rows) const
{
    RowMask out(m_rows.size(), false);
    std::vector<std::size_t> work;
    for (auto id : rows) {
        if (!out[id]) {
            out[id] = true;
            work.push_back(id);
        }
    }
    while (!work.empty()) {
        const auto id = work.back();
        work.pop_back();
        for (const auto& candidates : m_rows[id].requirements) {
            if (anyKept(candidates, out)) continue;
            for (auto parent : candidates) {
                if (!within[parent]) continue;
                out[parent] = true;
                work.push_back(parent);
                break;
            }
        }
    }
    return out;
}

bool RowGraph::keepsRequiredTables(const RowMask& kept) const
{
    // Two entries may name the same table (unusual, but allowed): count per table.
    std::vector<const schema::Table*> seen;
    for (std::size_t id = 0; id < m_rows.size(); ++id) {
        if (kept[id]) seen.push_back(m_slots[m_rows[id].slot].table);
    }
    for (const auto& slot : m_slots) {
        if (slot.required && std::find(seen.begin(), seen.end(), slot.table) == seen.end()) return false;
    }
    return true;
}

schema::DatabaseContent RowGraph::contentOf(const RowMask& kept) const
{
    schema::DatabaseContent content;
    for (const auto& slot : m_slots) content.tables.push_back(schema::TableRows{slot.name, {}});
    for (std::size_t id = 0; id < m_rows.size(); ++id) {
        if (kept[id]) content.tables[m_rows[id].slot].rows.push_back(m_rows[id].values);
    }
    return content;
}

SourceRows RowGraph::sourceRowsOf(const RowMask& kept) const
{
    SourceRows sources(m_slots.size());
    for (std::size_t id = 0; id < m_rows.size(); ++id) {
        if (kept[id]) sources[m_rows[id].slot].push_back(m_rows[id].position);
    }
    return sources;
}

} // namespace sqleq::minimize
