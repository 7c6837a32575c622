// The checker's `names` rule: every FROM item gets a binding name of its own in the
// statement, and every column reference is qualified with the binding SQLite resolves it
// to. The resolution follows SQLite's lookupName(): scopes from the innermost outward;
// in one scope every binding that has the column counts, and two are an error; a
// qualifier picks the binding of that name; this core's result aliases come before
// the outer scopes (refused here: only ORDER BY may use them, as a bare name); an
// unqualified double-quoted name that names nothing at all is a string. A name the
// checker cannot follow refuses the step rather than guess.

#include "core/proof_check/expression_slots.h"
#include "core/proof_check/rule_checks.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace sqleq::proof_check {
namespace {

struct Bound {
    std::string key;   ///< how the query refers to it, lower case: its alias, else its table's name
    std::string name;  ///< the binding name it gets
    const TableFacts* table = nullptr;  ///< null for a derived table
    std::vector<std::string> outputs;   ///< a derived table's column names, lower case ("" when unnamed)
    bool opaque = false;                ///< a derived table with `*`: its columns are not known here
    sql::FromItem* item = nullptr;
};

struct Level {
    std::vector<Bound> bound;
    std::set<std::string> aliases;  ///< this core's result aliases, lower case
};

sql::Identifier plainName(std::string name)
{
    sql::Identifier identifier;
    identifier.name = std::move(name);
    return identifier;
}

bool isRowidName(const std::string& lowerName)
{
    return lowerName == "rowid" || lowerName == "oid" || lowerName == "_rowid_";
}

/// What docs/proofs.md lists as not modelled, found before anything is rewritten.
std::string notModelled(const sql::SelectStatement& statement, const SchemaFacts& schema)
{
    std::string why;
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* select = node.tryAs<sql::SelectStatement>(); select && select->with) why = "WITH";
        if (node.is<sql::NamedWindow>() || node.is<sql::WindowDef>()) why = "a window function";
        if (const auto* call = node.tryAs<sql::FunctionCall>(); call && (call->over || call->overName))
            why = "a window function";
        if (node.is<sql::TableFunctionRef>()) why = "a table-valued function";
        if (node.is<sql::JoinGroup>()) why = "a parenthesized join";
        if (node.is<sql::ValuesSelect>()) why = "VALUES";
        if (const auto* in = node.tryAs<sql::InExpr>();
            in && in->source != sql::InSource::List && in->source != sql::InSource::Subquery)
            why = "IN over a table";
        if (const auto* term = node.tryAs<sql::JoinTerm>()) {
            const auto kind = term->op.kind;
            if (term->op.natural || term->hasUsing || kind == sql::JoinKind::Right || kind == sql::JoinKind::Full)
                why = "a NATURAL, USING, RIGHT or FULL join";
        }
        if (const auto* table = node.tryAs<sql::TableRef>()) {
            if (table->schema || table->indexHint != sql::IndexHint::None) why = "a schema-qualified or indexed table";
            else if (!schema.table(table->name.name)) why = fmt::format("the table `{}`, which the schema facts lack", table->name.name);
        }
        if (const auto* ref = node.tryAs<sql::ColumnRef>(); ref && ref->schema) why = "a schema-qualified column";
        return why.empty();
    });
    return why.empty() ? std::string() : fmt::format("the names rule does not model {}", why);
}

class NameResolver {
public:
    explicit NameResolver(const RuleInput& input) : m_input(input) {}

    std::string run(sql::SelectStatement& statement)
    {
        m_refused = notModelled(statement, m_input.schema);
        if (!m_refused.empty()) return m_refused;
        countTables(statement);
        resolveStatement(statement);
        if (m_refused.empty()) spellStrings(statement);
        if (m_refused.empty()) dropTopLevelAliases(statement);
        return m_refused;
    }

private:
    void refuse(std::string why)
    {
        if (m_refused.empty()) m_refused = std::move(why);
    }

    void countTables(const sql::SelectStatement& statement)
    {
        sql::walk(statement, [&](const sql::Node& node) {
            if (const auto* table = node.tryAs<sql::TableRef>()) ++m_occurrences[asciiLower(m_input.schema.table(table->name.name)->name)];
            return true;
        });
    }

    /// A name no other binding of the statement has: `own` when it is free and not
    /// `numbered`, else `prefix` and a number; numbered names also avoid the schema's
    /// table names, which an unaliased table's binding carries.
    std::string freshName(const std::string& own, bool numbered, const std::string& prefix)
    {
        std::string name = own;
        if (numbered || m_taken.count(name)) {
            do {
                name = fmt::format("{}{}", prefix, ++m_counters[prefix]);
            } while (m_taken.count(name) || m_input.schema.table(name));
        }
        m_taken.insert(name);
        return name;
    }

    void resolveStatement(sql::SelectStatement& statement)
    {
        if (!m_refused.empty() || !statement.body) return;
        if (auto* core = statement.body->tryAs<sql::SelectCore>()) {
            resolveCore(*core, &statement);
            return;
        }
        resolveBody(*statement.body);
        // A compound's ORDER BY names its result columns (or their positions).
        for (auto& term : statement.orderBy) {
            auto* ref = term->expr->tryAs<sql::ColumnRef>();
            const auto* literal = term->expr->tryAs<sql::Literal>();
            if (ref && !ref->table) {
                ref->column = plainName(asciiLower(ref->column.name));
                m_compoundOrderNames.insert(ref->column.name);
            } else if (!literal || literal->literalKind != sql::LiteralKind::Integer) {
                refuse("a compound's ORDER BY by an expression is not modelled");
            }
        }
        resolveExpr(statement.limit.get());
        resolveExpr(statement.offset.get());
    }

    void resolveBody(sql::SelectBody& body)
    {
        if (auto* compound = body.tryAs<sql::CompoundSelect>()) {
            resolveBody(*compound->left);
            resolveBody(*compound->right);
        } else if (auto* core = body.tryAs<sql::SelectCore>()) {
            resolveCore(*core, nullptr);
        }
    }

    static std::vector<std::string> derivedOutputs(const sql::SelectStatement& statement, bool& opaque)
    {
        const sql::SelectBody* body = statement.body.get();
        while (body && body->is<sql::CompoundSelect>()) body = body->as<sql::CompoundSelect>().left.get();
        const auto* core = body ? body->tryAs<sql::SelectCore>() : nullptr;
        std::vector<std::string> names;
        opaque = core == nullptr;
        if (!core) return names;
        for (const auto& column : core->columns) {
            if (column->columnKind != sql::ResultColumnKind::Expr) opaque = true;
            if (column->alias) names.push_back(asciiLower(column->alias->name));
            else if (const auto* ref = column->expr ? column->expr->tryAs<sql::ColumnRef>() : nullptr)
                names.push_back(asciiLower(ref->column.name));
            else names.emplace_back();  // named by its text: no identifier reaches it here
        }
        return names;
    }

    void bindItems(sql::FromClause& from, Level& level)
    {
        for (auto& term : from.terms) {
            Bound bound;
            bound.item = term->source.get();
            if (auto* table = term->source->tryAs<sql::TableRef>()) {
                bound.table = m_input.schema.table(table->name.name);
                const std::string own = asciiLower(bound.table->name);
                bound.key = table->alias ? asciiLower(table->alias->name) : asciiLower(table->name.name);
                bound.name = freshName(own, m_occurrences[own] > 1, own + "_");
            } else if (auto* derived = term->source->tryAs<sql::SubqueryRef>()) {
                resolveStatement(*derived->subquery);
                bound.key = derived->alias ? asciiLower(derived->alias->name) : std::string();
                bound.name = freshName({}, true, "sub");
                bound.outputs = derivedOutputs(*derived->subquery, bound.opaque);
            }
            for (const auto& other : level.bound) {
                if (!bound.key.empty() && other.key == bound.key)
                    refuse(fmt::format("two items of one FROM are called `{}`", bound.key));
            }
            level.bound.push_back(std::move(bound));
        }
    }

    void resolveCore(sql::SelectCore& core, sql::SelectStatement* owner)
    {
        if (!m_refused.empty()) return;
        Level level;
        if (core.from) bindItems(*core.from, level);
        for (const auto& column : core.columns) {
            if (column->alias) level.aliases.insert(asciiLower(column->alias->name));
        }
        m_levels.push_back(&level);
        if (core.from) {
            for (auto& term : core.from->terms) resolveExpr(term->on.get());
        }
        for (auto& column : core.columns) resolveResultColumn(*column, level);
        resolveExpr(core.where.get());
        for (auto& group : core.groupBy) resolveExpr(group.get());
        resolveExpr(core.having.get());
        resolveOrdering(core.orderBy, core);
        resolveExpr(core.limit.get());
        resolveExpr(core.offset.get());
        if (owner) {
            resolveOrdering(owner->orderBy, core);
            resolveExpr(owner->limit.get());
            resolveExpr(owner->offset.get());
        }
        m_levels.pop_back();
        renameItems(level);
    }

    void resolveResultColumn(sql::ResultColumn& column, const Level& level)
    {
        if (column.columnKind == sql::ResultColumnKind::Expr) {
            resolveExpr(column.expr.get());
            if (column.alias) column.alias = plainName(asciiLower(column.alias->name));
        } else if (column.columnKind == sql::ResultColumnKind::TableStar) {
            const std::string key = asciiLower(column.table.name);
            for (const auto& bound : level.bound) {
                if (bound.key == key) {
                    column.table = plainName(bound.name);
                    return;
                }
            }
            refuse(fmt::format("no table `{}` for `{}.*`", column.table.name, column.table.name));
        }
    }

    /// A bare name in ORDER BY that is a result alias sorts by that result column
    /// (SQLite's resolveAsName runs first there): it becomes the aliased expression.
    void resolveOrdering(std::vector<sql::OrderingTermPtr>& terms, const sql::SelectCore& core)
    {
        for (auto& term : terms) {
            const auto* ref = term->expr->tryAs<sql::ColumnRef>();
            const sql::ResultColumn* aliased = nullptr;
            if (ref && !ref->table) {
                const std::string name = asciiLower(ref->column.name);
                for (const auto& column : core.columns) {
                    if (!column->alias || column->alias->name != name) continue;
                    if (aliased) refuse(fmt::format("two result columns are called `{}`", name));
                    aliased = column.get();
                }
            }
            if (aliased) term->expr = sql::cloneOf(aliased->expr);
            else resolveExpr(term->expr.get());
        }
    }

    void resolveExpr(sql::Expr* expr)
    {
        if (!expr || !m_refused.empty()) return;
        sql::walk(*expr, [&](sql::Node& node) {
            if (!m_refused.empty()) return false;
            if (auto* statement = node.tryAs<sql::SelectStatement>()) {
                resolveStatement(*statement);
                return false;
            }
            if (auto* ref = node.tryAs<sql::ColumnRef>()) {
                resolveColumn(*ref);
                return false;
            }
            return true;
        });
    }

    /// Whether `bound` has `column`; its canonical spelling in `spelled`; `unsure` when
    /// a derived table's columns cannot tell.
    static bool boundHas(const Bound& bound, const std::string& column, std::string& spelled, bool& unsure)
    {
        if (bound.table) {
            const ColumnFacts* found = bound.table->column(column);
            if (found) spelled = asciiLower(found->name);
            return found != nullptr;
        }
        int matches = 0;
        for (const auto& output : bound.outputs) matches += output == column ? 1 : 0;
        unsure = unsure || bound.opaque || matches > 1;
        spelled = column;
        return matches == 1;
    }

    void resolveColumn(sql::ColumnRef& ref)
    {
        const std::string column = asciiLower(ref.column.name);
        const std::string qualifier = ref.table ? asciiLower(ref.table->name) : std::string();
        for (auto level = m_levels.rbegin(); level != m_levels.rend(); ++level) {
            const Bound* match = nullptr;
            std::string spelled;
            bool unsure = false, qualifierBound = false, rowidTable = false;
            for (const auto& bound : (*level)->bound) {
                if (!qualifier.empty() && bound.key != qualifier) continue;
                qualifierBound = true;
                rowidTable = rowidTable || (bound.table && !bound.table->withoutRowid);
                std::string spelling;
                if (!boundHas(bound, column, spelling, unsure)) continue;
                if (match) return refuse(fmt::format("`{}` is ambiguous: `{}` and `{}` both have it", ref.column.name, match->key, bound.key));
                match = &bound;
                spelled = spelling;
            }
            if (unsure) return refuse(fmt::format("`{}` may name a column a derived table does not name", ref.column.name));
            if (match) {
                ref.table = plainName(match->name);
                ref.column = plainName(spelled);
                return;
            }
            if (isRowidName(column) && rowidTable) return refuse(fmt::format("`{}` names the rowid, which is not modelled", ref.column.name));
            if (!qualifier.empty() && qualifierBound) return refuse(fmt::format("`{}` has no column `{}`", ref.table->name, ref.column.name));
            if (qualifier.empty() && (*level)->aliases.count(column))
                return refuse(fmt::format("`{}` names a result alias outside ORDER BY", ref.column.name));
        }
        // SQLite's last resort (lookupName): a double-quoted name that names no column
        // and no alias is a string literal.
        const bool anAlias = std::any_of(m_levels.begin(), m_levels.end(), [&](const Level* level) { return level->aliases.count(column) > 0; });
        if (!ref.table && ref.column.quote == sql::QuoteStyle::Double && !anAlias) {
            m_strings.insert(&ref);
            return;
        }
        refuse(fmt::format("`{}{}{}` names nothing in scope", ref.table ? ref.table->name : "", ref.table ? "." : "", ref.column.name));
    }

    /// The references resolveColumn() found to be strings become string literals.
    void spellStrings(sql::SelectStatement& statement)
    {
        if (m_strings.empty()) return;
        std::size_t spelled = 0;
        std::function<void(sql::ExprPtr&)> replace = [&](sql::ExprPtr& slot) {
            if (auto* ref = slot->tryAs<sql::ColumnRef>(); ref && m_strings.count(ref)) {
                auto literal = std::make_unique<sql::Literal>();
                literal->literalKind = sql::LiteralKind::String;
                literal->text = "'";
                for (char c : ref->column.name) literal->text += c == '\'' ? std::string("''") : std::string(1, c);
                literal->text += "'";
                slot = std::move(literal);
                ++spelled;
            } else if (auto* unary = slot->tryAs<sql::UnaryExpr>()) {
                replace(unary->operand);
            } else if (auto* binary = slot->tryAs<sql::BinaryExpr>()) {
                replace(binary->left);
                replace(binary->right);
            }
        };
        rewriteEverySlot(statement, replace);
        if (spelled != m_strings.size()) refuse("a double-quoted string where the checker does not rewrite it");
    }

    static void renameItems(Level& level)
    {
        for (auto& bound : level.bound) {
            if (auto* table = bound.item->tryAs<sql::TableRef>()) {
                table->name = plainName(asciiLower(bound.table->name));
                if (bound.name == table->name.name) {
                    table->alias.reset();
                    continue;
                }
            }
            bound.item->alias = plainName(bound.name);
        }
    }

    /// The comparison reads the top-level result's values, not its column names; an
    /// alias a compound's ORDER BY names stays.
    void dropTopLevelAliases(sql::SelectStatement& statement)
    {
        std::vector<sql::SelectBody*> pending{statement.body.get()};
        while (!pending.empty()) {
            sql::SelectBody* body = pending.back();
            pending.pop_back();
            if (!body) continue;
            if (auto* compound = body->tryAs<sql::CompoundSelect>()) {
                pending.push_back(compound->left.get());
                pending.push_back(compound->right.get());
            } else if (auto* core = body->tryAs<sql::SelectCore>()) {
                for (auto& column : core->columns) {
                    if (column->alias && !m_compoundOrderNames.count(column->alias->name)) column->alias.reset();
                }
            }
        }
    }

    const RuleInput& m_input;
    std::string m_refused;
    std::vector<Level*> m_levels;
    std::map<std::string, int> m_occurrences;
    std::map<std::string, int> m_counters;
    std::set<std::string> m_taken;
    std::set<std::string> m_compoundOrderNames;
    std::set<const sql::ColumnRef*> m_strings;  ///< double-quoted names SQLite reads as strings
};

} // namespace

Reapplied resolveNames(sql::SelectStatement& statement, const RuleInput& input)
{
    return {NameResolver(input).run(statement), {}};
}

std::string bindingBlindText(const sql::SelectStatement& statement)
{
    auto cloned = statement.cloneNode();
    std::map<std::string, std::string> renamed;
    int unnamed = 0;
    auto blind = [&](const std::string& key) {
        const auto [slot, fresh] = renamed.emplace(key, std::string());
        if (fresh) slot->second = fmt::format("b{}", renamed.size());
        return plainName(slot->second);
    };
    sql::walk(*cloned, [&](sql::Node& node) {
        if (auto* item = node.tryAs<sql::FromItem>()) {
            std::string key = bindingNameOf(*item);
            // A derived table without a name is bound to nothing a reference could use.
            if (key.empty()) key = fmt::format("#{}", ++unnamed);
            item->alias = blind(key);
        } else if (auto* ref = node.tryAs<sql::ColumnRef>(); ref && ref->table) {
            ref->table = blind(asciiLower(ref->table->name));
        } else if (auto* column = node.tryAs<sql::ResultColumn>();
                   column && column->columnKind == sql::ResultColumnKind::TableStar) {
            column->table = blind(asciiLower(column->table.name));
        }
        return true;
    });
    return sql::print(*cloned);
}

} // namespace sqleq::proof_check
