// Column and table swaps. Replacements that do not resolve (a bare name that
// becomes ambiguous, a table whose columns the query then lacks) are proposed
// anyway: the prepare filter removes them, and SQLite is the authority on scope.
// Swaps onto a column the gold equates with the original by an inner join are
// proposed marked as equivalent, so the filter counts and refuses them.

#include "core/neighbors/column_mutations.h"

#include "core/sql/printer.h"
#include "core/sql/walk.h"

namespace sqleq::neighbors {
namespace {

std::string columnName(std::string_view name)
{
    return sql::printIdentifier(sql::Identifier{std::string(name), sql::QuoteStyle::None, {}});
}

/// Columns of `binding` other than the reference's own, each as replacement text.
void swapsFromBinding(const GoldQuery& gold, const ColumnSite& site, const schema::TableBinding& binding,
                      Candidates& out)
{
    const schema::Table* table = gold.schema.findTable(binding.table);
    if (!table) return;
    const sql::ColumnRef& ref = *site.ref;
    const bool ownBinding = schema::sameIdentifier(binding.name, site.resolved->binding);
    for (const schema::Column& column : table->columns) {
        if (ownBinding && schema::sameIdentifier(column.name, site.resolved->column)) continue;
        std::string qualifier;
        if (ownBinding || !ref.table) {
            // Same qualifier (or none): only the column name changes.
            if (ref.table) qualifier = ref.table->name;
            out.push_back(makeReplacement(gold.text, MutationFamily::Column, ref.column.span, columnName(column.name)));
        } else {
            qualifier = binding.name;
            const SourceSpan span{ref.table->span.begin, ref.column.span.end};
            std::string text = columnName(binding.name) + "." + columnName(column.name);
            out.push_back(makeReplacement(gold.text, MutationFamily::Column, span, std::move(text)));
        }
        // A column an inner join equates with the original one (see
        // equated_columns.cpp for why that is no change at all).
        out.back().equivalentToGold = gold.equated.interchangeable(site, qualifier, column.name, binding.name);
    }
}

void swapColumn(const GoldQuery& gold, const ColumnSite& site, Candidates& out)
{
    if (!site.resolved || site.ref->schema || !site.ref->column.span.valid()) return;
    if (site.ref->table && !site.ref->table->span.valid()) return;
    for (const auto& binding : site.scope) {
        if (schema::sameIdentifier(binding.name, site.resolved->binding)) swapsFromBinding(gold, site, binding, out);
    }
    for (const auto& binding : site.scope) {
        if (!schema::sameIdentifier(binding.name, site.resolved->binding)) swapsFromBinding(gold, site, binding, out);
    }
}

void swapTable(const GoldQuery& gold, const sql::TableRef& ref, Candidates& out)
{
    if (ref.schema || !ref.name.span.valid() || !gold.schema.findTable(ref.name.name)) return;
    for (const schema::Table& table : gold.schema.tables) {
        if (schema::sameIdentifier(table.name, ref.name.name)) continue;
        out.push_back(makeReplacement(gold.text, MutationFamily::Column, ref.name.span, columnName(table.name)));
    }
}

} // namespace

void appendColumnMutations(const GoldQuery& gold, Candidates& out)
{
    for (const ColumnSite& site : gold.scopes.sites()) swapColumn(gold, site, out);
    sql::walk(gold.statement, [&](const sql::Node& node) {
        if (const auto* ref = node.tryAs<sql::TableRef>()) swapTable(gold, *ref, out);
        return true;
    });
}

} // namespace sqleq::neighbors
