// TableFiller: the rows of one table of one sampled database. Foreign keys copy
// a whole parent row's referenced values (already-filled parents, or rows of the
// table itself for self-references); PRIMARY KEY and UNIQUE tuples are tracked
// and a clashing row (or one failing a CHECK) is redrawn a bounded number of
// times — after a CHECK refused one, mostly with values the CHECKs name
// (CheckValues); NOT NULL is never broken. When constraints cannot be met the table gets fewer rows, never an error.
#pragma once

#include "core/exec/value.h"
#include "core/fuzz/check_filter.h"
#include "core/fuzz/check_values.h"
#include "core/fuzz/gold_constants.h"
#include "core/fuzz/prng.h"
#include "core/fuzz/profile.h"
#include "core/fuzz/table_order.h"
#include "core/fuzz/value_generator.h"

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace sqleq::fuzz {

/// What the whole database shares while its tables are filled.
struct FillContext {
    const schema::Schema& schema;
    const GoldConstants& constants;
    Profile profile;
    const FillOrder& order;
    /// Per schema table: the rows filled so far (empty for tables not filled yet).
    const std::vector<std::vector<exec::Row>>& rows;
    /// The gold query this database favours (nullptr: none): some rows hold all
    /// of its constants at once and link to parent rows that do too.
    const ConstantGroup* focus = nullptr;
    /// Per schema table, per filled row: whether it is such a focus row.
    const std::vector<std::vector<bool>>* focusRows = nullptr;
};

/// How this table is sampled in this database.
struct TableStyle {
    std::size_t targetRows = 1;
    double poolChance = 0.2;  ///< chance that a column draws from a small value pool
    double nullChance = 0;    ///< strict only: per-column NULL rate is drawn up to this
    bool skewParents = false; ///< children crowd onto a few parent rows
    exec::ExecLimits checkLimits{};  ///< budgets of the table's CHECK evaluation
};

/// Whether foreign key `key` of table `table`, which closes a cycle (its parent
/// is filled after the table), can be set once every table is filled: its
/// columns are no key of their own (not in the table's PRIMARY KEY or a UNIQUE,
/// not referenced by another foreign key, not shared with another key of the
/// table), so changing them breaks nothing already drawn.
bool isClosableKey(const schema::Schema& schema, const FillOrder& order, std::size_t table, std::size_t key);

/// Sets every closable cycle-closing key (isClosableKey) of the filled `rows` to
/// the referenced values of a random parent row, so such keys resolve like any
/// other (Spider profile: always; strict: NULL now and then where allowed). A
/// key whose parent has no complete row stays as drawn (NULL when nullable).
void closeDeferredKeys(const schema::Schema& schema, const FillOrder& order, Profile profile,
                       std::vector<std::vector<exec::Row>>& rows, Prng& rng);

class TableFiller {
public:
    TableFiller(const FillContext& context, std::size_t tableIndex, const TableStyle& style, Prng& rng);

    /// The table's rows, at most style.targetRows of them.
    std::vector<exec::Row> fill();
    /// After fill(): per returned row, whether it was built as a focus row.
    [[nodiscard]] const std::vector<bool>& focusRows() const { return m_focusRows; }
    /// After fill(): why the table's CHECKs could not be evaluated within their
    /// budgets (the database cannot be sampled), if so.
    [[nodiscard]] const std::optional<Diagnostic>& failure() const { return m_checks.failure(); }
    /// After fill(): the table's CHECKs refused at least one drawn row.
    [[nodiscard]] bool checksRefused() const { return m_checkRefused; }
    /// The table's CHECKs as one text ("CHECK (a > 0) AND CHECK (…)"), for messages.
    [[nodiscard]] const std::string& checkText() const { return m_checks.checkText(); }

private:
    struct KeyPlan {
        std::vector<std::size_t> columns;        ///< child column indices
        std::vector<std::size_t> parentColumns;  ///< referenced column indices in the parent
        std::size_t parent = 0;                  ///< schema table index
        std::vector<std::size_t> candidates;     ///< parent rows whose referenced values are all non-NULL
        std::vector<std::size_t> preferred;      ///< candidates holding a gold constant of the child column
        std::vector<std::size_t> focus;          ///< candidates that are focus rows or hold a focus constant
        bool self = false;
        bool deferred = false;
        bool closable = false;                   ///< deferred, and closeDeferredKeys() will set it
        bool nullable = false;                   ///< every child column may hold NULL
        double nullChance = 0;
    };

    void planColumns();
    void planKeys();
    void planCandidates(KeyPlan& plan);
    void planUniques();
    void planFocus();
    void planFocusParents(KeyPlan& plan) const;
    std::optional<exec::Row> makeRow(const std::vector<exec::Row>& accepted, bool focus, bool guided);
    bool assignKey(const KeyPlan& key, const std::vector<exec::Row>& parentRows, exec::Row& row,
                   std::vector<bool>& assigned, bool focus);
    exec::Value focusValue(std::size_t column);
    bool assignSelfKey(const KeyPlan& key, const std::vector<exec::Row>& accepted, exec::Row& row);
    bool acceptKeys(const exec::Row& row);

    const FillContext& m_context;
    const schema::Table& m_table;
    std::size_t m_tableIndex;
    TableStyle m_style;
    Prng& m_rng;
    std::vector<ValueGenerator> m_generators;
    std::vector<std::vector<exec::Value>> m_pools;  ///< per column; empty: draw fresh values
    std::vector<double> m_nullChance;               ///< per column (strict, nullable, non-key)
    std::vector<KeyPlan> m_keys;
    std::vector<std::vector<std::size_t>> m_uniques;         ///< column index tuples
    std::vector<std::unordered_set<std::string>> m_usedKeys; ///< membership only, never iterated
    CheckFilter m_checks;
    /// Read from the CHECK bodies once the checks refuse a row (most tables never need them).
    std::optional<CheckValues> m_checkValues;
    bool m_checkRefused = false;
    std::vector<std::vector<const GoldConstant*>> m_focusConstants;  ///< per column, from the focus group
    double m_focusChance = 0;                                        ///< per row
    std::vector<bool> m_focusRows;                                   ///< per accepted row
};

} // namespace sqleq::fuzz
