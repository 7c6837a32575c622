// EquatedColumns: for every SELECT core of the gold built from inner joins only,
// the columns its top-level ON and WHERE conjuncts equate (`T1.id = T2.aid`), so
// that the Column family can leave out swaps that provably cannot change the
// result — such a neighbor is no target, no database could tell it apart.
// Conservative by design: when in doubt a swap stays a neighbor. Internal to
// core/neighbors; computed once per gold.
#pragma once

#include "core/neighbors/scope_index.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace sqleq::neighbors {

class EquatedColumns {
public:
    /// All three must outlive the object.
    EquatedColumns(const schema::Schema& schema, const sql::SelectStatement& statement, const ScopeIndex& scopes);

    /// True when `qualifier.column` (empty qualifier: the bare name), standing
    /// where `site`'s reference stands, denotes the column `target` of the
    /// scope's table bound as `targetBinding`, and that column is equated with
    /// the site's own column by conjuncts that do not contain the site — so the
    /// swap leaves the gold's result unchanged on every database.
    [[nodiscard]] bool interchangeable(const ColumnSite& site, std::string_view qualifier, std::string_view column,
                                       std::string_view targetBinding) const;

private:
    struct Equality {
        SourceSpan conjunct;  ///< the whole `a = b` conjunct
        std::string left;     ///< "binding.column", lower case
        std::string right;
    };
    struct CoreFacts {
        std::vector<Equality> equalities;
        std::vector<std::string> aliases;  ///< result-column aliases, lower case
    };

    void collectCore(const sql::SelectCore& core);
    void collectConjuncts(const sql::Expr* expr, CoreFacts& facts) const;
    [[nodiscard]] bool comparableColumns(const ColumnSite& a, const ColumnSite& b) const;
    [[nodiscard]] bool reachable(const CoreFacts& facts, const ColumnSite& site, const std::string& to) const;

    const schema::Schema& m_schema;
    const ScopeIndex& m_scopes;
    std::unordered_map<const sql::SelectCore*, CoreFacts> m_cores;
};

} // namespace sqleq::neighbors
