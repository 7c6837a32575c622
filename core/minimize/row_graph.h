// RowGraph: every row of a DatabaseContent as one numbered list, with the
// foreign-key requirements between rows, so that the reducer can ask "what else
// must go if these rows go" and "what must stay if these rows stay". It holds the
// current cell values (the value simplifier edits them) and never runs SQL; a key
// it cannot resolve is left to materialize(), which refuses the database.
#pragma once

#include "core/base/result.h"
#include "core/exec/value.h"
#include "core/minimize/minimize.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::minimize {

/// Kept rows, indexed by row id (0 .. RowGraph::rowCount()-1).
using RowMask = std::vector<bool>;

/// The positions of `names` among `table`'s columns; nothing when one is missing.
std::optional<std::vector<std::size_t>> columnIndices(const schema::Table& table, const std::vector<std::string>& names);

class RowGraph {
public:
    /// Fails with "minimize.invalid_input" when a content table is not in the schema and
    /// "minimize.invalid_request" when a table of `nonEmptyTables` has no row in `content`.
    /// `schema` must outlive the graph.
    static Result<RowGraph> build(const schema::Schema& schema, const schema::DatabaseContent& content,
                                  const std::vector<std::string>& nonEmptyTables);

    [[nodiscard]] std::size_t rowCount() const { return m_rows.size(); }
    [[nodiscard]] RowMask allRows() const { return RowMask(m_rows.size(), true); }
    [[nodiscard]] const exec::Row& row(std::size_t id) const { return m_rows[id].values; }
    [[nodiscard]] const schema::Table& tableOf(std::size_t id) const;
    /// Primary-key and foreign-key columns on either side: the simplifier leaves them alone.
    [[nodiscard]] bool isKeyColumn(std::size_t id, std::size_t column) const;
    void setCell(std::size_t id, std::size_t column, exec::Value value);
    /// Whether some row's foreign key could be resolved by row `id`.
    [[nodiscard]] bool hasDependents(std::size_t id) const { return !m_dependents[id].empty(); }
    /// Whether rows `a` and `b` sit in the same table entry of the input.
    [[nodiscard]] bool sameEntry(std::size_t a, std::size_t b) const { return m_rows[a].slot == m_rows[b].slot; }

    /// `kept` without `removed` and without every kept row that would then reference a
    /// missing parent, transitively (the cascade of a delete).
    [[nodiscard]] RowMask withoutClosure(const RowMask& kept, const std::vector<std::size_t>& removed) const;
    /// `rows` plus, transitively, a parent in `within` for each of their references;
    /// `within` must itself be closed (every reference of a row in it resolved in it).
    [[nodiscard]] RowMask keepOnlyClosure(const RowMask& within, const std::vector<std::size_t>& rows) const;
    /// Every required table keeps at least one row.
    [[nodiscard]] bool keepsRequiredTables(const RowMask& kept) const;
    /// The kept rows, in their original order, under the input's table entries.
    [[nodiscard]] schema::DatabaseContent contentOf(const RowMask& kept) const;
    /// For contentOf(kept): where each kept row sits in the input content's same entry.
    [[nodiscard]] SourceRows sourceRowsOf(const RowMask& kept) const;

private:
    struct Slot {
        const schema::Table* table = nullptr;
        std::string name;            // as spelled in the input content
        std::vector<bool> keyColumn;
        bool required = false;
    };
    struct RowEntry {
        std::size_t slot = 0;
        std::size_t position = 0;  // index among the input entry's rows
        exec::Row values;
        // One entry per non-NULL foreign key: the rows that can satisfy it (any one will do).
        std::vector<std::vector<std::size_t>> requirements;
    };
    struct Dependent {
        std::size_t child = 0;
        std::size_t requirement = 0;
    };

    Status addSlots(const schema::Schema& schema, const schema::DatabaseContent& content);
    Status markRequired(const schema::Schema& schema, const std::vector<std::string>& nonEmptyTables);
    void linkForeignKeys(const schema::Schema& schema);
    void linkForeignKey(std::size_t childSlot, const schema::ForeignKey& key, const schema::Schema& schema);
    [[nodiscard]] std::vector<std::size_t> rowsOf(std::size_t slot) const;

    std::vector<Slot> m_slots;
    std::vector<RowEntry> m_rows;
    std::vector<std::vector<Dependent>> m_dependents;  // per parent row: who relies on it
};

} // namespace sqleq::minimize
