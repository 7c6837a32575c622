// The `names` rule: aliases, quoting and case of names stop mattering. Every FROM item
// gets a canonical binding name (its table's, numbered when the table appears more than
// once in the statement; `sub1`, `sub2` for derived tables), and every column reference
// is qualified with the binding SQLite resolves it to, by SQLite's rules: the innermost
// scope that has the name, an error when two bindings of one scope have it. Anything
// this resolution cannot follow (USING, NATURAL, WITH, windows, a name that resolves to
// nothing or to two bindings) stops the prover rather than guessing.

#include "core/prove/rules.h"
#include "core/prove/slot_visitor.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace sqleq::prove {
namespace {

struct Binding {
    std::string oldName;  ///< lower case: how the query refers to it (its alias, else the table's name)
    std::string newName;
    const schema::Table* table = nullptr;  ///< a base table; null for a derived table
    std::vector<std::string> outputs;      ///< a derived table's column names, lower case
    bool opaque = false;                   ///< a derived table whose columns are not all named
    sql::FromItem* item = nullptr;
};

using Scope = std::vector<Binding>;

sql::Identifier bare(std::string name)
{
    sql::Identifier identifier;
    identifier.name = std::move(name);
    return identifier;
}

bool isJoinSupported(const sql::JoinTerm& term)
{
    switch (term.op.kind) {
    case sql::JoinKind::None:
    case sql::JoinKind::Comma:
    case sql::JoinKind::Join:
    case sql::JoinKind::Inner:
    case sql::JoinKind::Cross:
    case sql::JoinKind::Left: return !term.op.natural && !term.hasUsing;
    default: return false;
    }
}

class NameRewriter {
public:
    NameRewriter(const RuleContext& context, Uses& uses) : m_context(context), m_uses(uses) {}

    std::string run(sql::SelectStatement& statement)
    {
        if (!screen(statement)) return m_error;
        visitStatement(statement, true);
        if (!m_error.empty()) return m_error;
        spellStrings(statement);
        dropUnreferencedAliases(statement);
        return {};
    }

private:
    bool fail(std::string why)
    {
        if (m_error.empty()) m_error = std::move(why);
        return false;
    }

    /// What the resolution below does not model, found up front; also counts how often
    /// each table appears, which decides whether its binding is numbered.
    bool screen(sql::SelectStatement& statement)
    {
        sql::walk(statement, [&](sql::Node& node) {
            if (!m_error.empty()) return false;
            if (auto* select = node.tryAs<sql::SelectStatement>(); select && select->with)
                fail("WITH is not normalized");
            else if (node.kind() == sql::NodeKind::NamedWindow || node.kind() == sql::NodeKind::WindowDef)
                fail("window functions are not normalized");
            else if (auto* call = node.tryAs<sql::FunctionCall>(); call && (call->over || call->overName))
                fail("window functions are not normalized");
            else if (node.kind() == sql::NodeKind::TableFunctionRef || node.kind() == sql::NodeKind::JoinGroup
                     || node.kind() == sql::NodeKind::ValuesSelect)
                fail(fmt::format("{} in FROM is not normalized", sql::nodeKindName(node.kind())));
            else if (auto* in = node.tryAs<sql::InExpr>();
                     in && in->source != sql::InSource::List && in->source != sql::InSource::Subquery)
                fail("IN over a table is not normalized");
            else if (auto* term = node.tryAs<sql::JoinTerm>(); term && !isJoinSupported(*term))
                fail("NATURAL, USING, RIGHT and FULL joins are not normalized");
            else if (auto* table = node.tryAs<sql::TableRef>()) {
                if (table->schema || table->indexHint != sql::IndexHint::None)
                    fail("a schema-qualified or indexed table is not normalized");
                else if (!m_context.schema.findTable(table->name.name)
                         || sameAscii(table->name.name, "sqlite_sequence"))
                    fail(fmt::format("no table `{}` in the schema", table->name.name));
                else
                    ++m_tableCounts[asciiLower(m_context.schema.findTable(table->name.name)->name)];
            } else if (auto* column = node.tryAs<sql::ColumnRef>(); column && column->schema)
                fail("a schema-qualified column is not normalized");
            return m_error.empty();
        });
        return m_error.empty();
    }

    static bool sameAscii(std::string_view a, std::string_view b) { return asciiLower(a) == asciiLower(b); }

    std::string freshName(std::string base, bool numbered)
    {
        std::string name = base;
        int number = numbered ? ++m_numbered[base] : 0;
        if (numbered) name = fmt::format("{}_{}", base, number);
        // A generated name never equals a table's (which would be the binding of an
        // unaliased reference to it) nor another generated name.
        while ((numbered && m_context.schema.findTable(name)) || m_usedNames.count(name)) {
            number = ++m_numbered[base];
            name = fmt::format("{}_{}", base, number);
        }
        m_usedNames.insert(name);
        return name;
    }

    void visitStatement(sql::SelectStatement& statement, bool topLevel)
    {
        if (!m_error.empty()) return;
        auto* core = statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr;
        if (core) {
            visitCore(*core, &statement);
        } else if (statement.body) {
            visitBody(*statement.body);
            // A compound's ORDER BY names its result columns, by name or by position.
            for (auto& term : statement.orderBy) {
                auto* ref = term->expr->tryAs<sql::ColumnRef>();
                const auto* literal = term->expr->tryAs<sql::Literal>();
                if (ref && !ref->table) {
                    ref->column = bare(asciiLower(ref->column.name));
                    m_compoundOrderNames.insert(ref->column.name);
                } else if (!literal || literal->literalKind != sql::LiteralKind::Integer) {
                    fail("a compound ORDER BY by an expression is not normalized");
                    return;
                }
            }
            resolveIn(statement.limit.get());
            resolveIn(statement.offset.get());
        }
        (void)topLevel;
    }

    void visitBody(sql::SelectBody& body)
    {
        if (auto* compound = body.tryAs<sql::CompoundSelect>()) {
            visitBody(*compound->left);
            visitBody(*compound->right);
        } else if (auto* core = body.tryAs<sql::SelectCore>()) {
            visitCore(*core, nullptr);
        } else {
            fail("VALUES is not normalized");
        }
    }

    void bindFrom(sql::FromClause& from, Scope& scope)
    {
        for (auto& term : from.terms) {
            Binding binding;
            binding.item = term->source.get();
            if (auto* table = term->source->tryAs<sql::TableRef>()) {
                binding.table = m_context.schema.findTable(table->name.name);
                const std::string tableName = asciiLower(binding.table->name);
                binding.oldName = asciiLower(table->alias ? table->alias->name : table->name.name);
                binding.newName = freshName(tableName, m_tableCounts[tableName] > 1);
            } else if (auto* derived = term->source->tryAs<sql::SubqueryRef>()) {
                visitStatement(*derived->subquery, false);
                binding.oldName = derived->alias ? asciiLower(derived->alias->name) : std::string();
                binding.newName = freshName(fmt::format("sub{}", ++m_derived), false);
                binding.outputs = outputNames(*derived->subquery, binding.opaque);
            }
            for (const auto& other : scope) {
                if (!binding.oldName.empty() && other.oldName == binding.oldName) {
                    fail(fmt::format("two tables of one FROM are both called `{}`", binding.oldName));
                    return;
                }
            }
            scope.push_back(std::move(binding));
        }
    }

    static std::vector<std::string> outputNames(sql::SelectStatement& statement, bool& opaque)
    {
        std::vector<std::string> names;
        const sql::SelectBody* body = statement.body.get();
        while (body && body->is<sql::CompoundSelect>()) body = body->as<sql::CompoundSelect>().left.get();
        const auto* core = body ? body->tryAs<sql::SelectCore>() : nullptr;
        if (!core) {
            opaque = true;
            return names;
        }
        for (const auto& column : core->columns) {
            if (column->columnKind != sql::ResultColumnKind::Expr) {
                opaque = true;
                names.emplace_back();
            } else if (column->alias) {
                names.push_back(asciiLower(column->alias->name));
            } else if (const auto* ref = column->expr->tryAs<sql::ColumnRef>()) {
                names.push_back(asciiLower(ref->column.name));
            } else {
                names.emplace_back();  // SQLite names it by its text: nothing may refer to it here
            }
        }
        return names;
    }

    void visitCore(sql::SelectCore& core, sql::SelectStatement* owner)
    {
        if (!m_error.empty()) return;
        Scope scope;
        if (core.from) bindFrom(*core.from, scope);
        if (!m_error.empty()) return;
        std::set<std::string> aliases;
        for (const auto& column : core.columns) {
            if (column->alias) aliases.insert(asciiLower(column->alias->name));
        }
        m_scopes.push_back(&scope);
        m_aliases.push_back(&aliases);
        if (core.from) {
            for (auto& term : core.from->terms) resolveIn(term->on.get());
        }
        for (auto& column : core.columns) {
            if (column->columnKind == sql::ResultColumnKind::Expr) {
                resolveIn(column->expr.get());
                if (column->alias) column->alias = bare(asciiLower(column->alias->name));
            } else if (column->columnKind == sql::ResultColumnKind::TableStar) {
                const Binding* binding = findBinding(scope, asciiLower(column->table.name));
                if (!binding) {
                    fail(fmt::format("no table `{}` for `{}.*`", column->table.name, column->table.name));
                    break;
                }
                column->table = bare(binding->newName);
            }
        }
        resolveIn(core.where.get());
        for (auto& group : core.groupBy) resolveIn(group.get());
        resolveIn(core.having.get());
        resolveOrderBy(core.orderBy, core);
        resolveIn(core.limit.get());
        resolveIn(core.offset.get());
        if (owner) {
            resolveOrderBy(owner->orderBy, core);
            resolveIn(owner->limit.get());
            resolveIn(owner->offset.get());
        }
        m_scopes.pop_back();
        m_aliases.pop_back();
        renameItems(scope);
    }

    static const Binding* findBinding(const Scope& scope, const std::string& name)
    {
        for (const auto& binding : scope) {
            if (binding.oldName == name) return &binding;
        }
        return nullptr;
    }

    /// An ORDER BY term that is a bare name of a result alias sorts by that result
    /// column (SQLite looks at aliases first there): it becomes the aliased expression,
    /// already resolved.
    void resolveOrderBy(std::vector<sql::OrderingTermPtr>& terms, const sql::SelectCore& core)
    {
        for (auto& term : terms) {
            auto* ref = term->expr->tryAs<sql::ColumnRef>();
            if (ref && !ref->table) {
                const std::string name = asciiLower(ref->column.name);
                const sql::ResultColumn* aliased = nullptr;
                for (const auto& column : core.columns) {
                    if (column->alias && column->alias->name == name) {
                        if (aliased) {
                            fail(fmt::format("two result columns are called `{}`", name));
                            return;
                        }
                        aliased = column.get();
                    }
                }
                if (aliased) {
                    term->expr = sql::cloneOf(aliased->expr);
                    continue;
                }
            }
            resolveIn(term->expr.get());
        }
    }

    void resolveIn(sql::Expr* expr)
    {
        if (!expr || !m_error.empty()) return;
        sql::walk(*expr, [&](sql::Node& node) {
            if (!m_error.empty()) return false;
            if (auto* statement = node.tryAs<sql::SelectStatement>()) {
                visitStatement(*statement, false);
                return false;
            }
            if (auto* ref = node.tryAs<sql::ColumnRef>()) {
                resolve(*ref);
                return false;
            }
            return true;
        });
    }

    /// Whether `binding` has `column` (lower case); its canonical spelling in `spelled`.
    static bool hasColumn(const Binding& binding, const std::string& column, std::string& spelled, bool& unsure)
    {
        if (binding.table) {
            const schema::Column* found = binding.table->findColumn(column);
            if (found) spelled = asciiLower(found->name);
            return found != nullptr;
        }
        int matches = 0;
        for (const auto& output : binding.outputs) matches += output == column ? 1 : 0;
        // Unnamed columns of a derived table could be the one meant: not followed.
        if (binding.opaque || matches > 1) unsure = true;
        spelled = column;
        return matches == 1;
    }

    void resolve(sql::ColumnRef& ref)
    {
        const std::string column = asciiLower(ref.column.name);
        const std::string qualifier = ref.table ? asciiLower(ref.table->name) : std::string();
        for (auto scope = m_scopes.rbegin(); scope != m_scopes.rend(); ++scope) {
            const Binding* match = nullptr;
            std::string spelled;
            bool unsure = false;
            for (const auto& binding : **scope) {
                if (!qualifier.empty() && binding.oldName != qualifier) continue;
                std::string spelling;
                if (!hasColumn(binding, column, spelling, unsure)) continue;
                if (match) {
                    fail(fmt::format("`{}` is ambiguous: `{}` and `{}` both have it", ref.column.name,
                                     match->oldName, binding.oldName));
                    return;
                }
                match = &binding;
                spelled = spelling;
            }
            if (unsure) {
                fail(fmt::format("`{}` may name an unnamed column of a derived table", ref.column.name));
                return;
            }
            if (!qualifier.empty() && !match && findBinding(**scope, qualifier)) {
                fail(fmt::format("`{}` has no column `{}`", qualifier, ref.column.name));
                return;
            }
            if (match) {
                ref.table = bare(match->newName);
                ref.column = bare(spelled);
                return;
            }
            // SQLite tries this core's result aliases before the outer scopes.
            const auto& aliases = *m_aliases[static_cast<std::size_t>(m_scopes.rend() - scope - 1)];
            if (qualifier.empty() && aliases.count(column)) {
                fail(fmt::format("`{}` names a result column outside ORDER BY", ref.column.name));
                return;
            }
        }
        // SQLite reads a double-quoted name that names no column as a string ("English").
        if (!ref.table && ref.column.quote == sql::QuoteStyle::Double && !namesAnAlias(column)) {
            m_strings.insert(&ref);
            m_uses.add("a double-quoted name that names no column is a string (SQLite's rule)");
            return;
        }
        fail(ref.table ? fmt::format("no table `{}` in scope for `{}.{}`", ref.table->name, ref.table->name,
                                     ref.column.name)
                       : fmt::format("`{}` names no column in scope", ref.column.name));
    }

    bool namesAnAlias(const std::string& name) const
    {
        for (const auto* aliases : m_aliases) {
            if (aliases->count(name)) return true;
        }
        return false;
    }

    /// The references resolve() found to be strings become string literals.
    void spellStrings(sql::SelectStatement& statement)
    {
        if (m_strings.empty()) return;
        forEveryExpressionSlot(statement, [&](sql::ExprPtr& slot) {
            auto* ref = slot->tryAs<sql::ColumnRef>();
            if (!ref || !m_strings.count(ref)) return;
            auto literal = std::make_unique<sql::Literal>();
            literal->literalKind = sql::LiteralKind::String;
            std::string quoted = "'";
            for (char c : ref->column.name) quoted += c == '\'' ? std::string("''") : std::string(1, c);
            literal->text = quoted + "'";
            slot = std::move(literal);
        }, true);
    }

    static void renameItems(Scope& scope)
    {
        for (auto& binding : scope) {
            if (auto* table = binding.item->tryAs<sql::TableRef>()) {
                const std::string tableName = asciiLower(binding.table->name);
                table->name = bare(tableName);
                if (binding.newName == tableName) {
                    table->alias.reset();
                    continue;
                }
            }
            binding.item->alias = bare(binding.newName);
        }
    }

    /// The top-level result's aliases name columns the comparison never reads; one a
    /// compound ORDER BY names stays.
    void dropUnreferencedAliases(sql::SelectStatement& statement)
    {
        std::vector<sql::SelectCore*> cores;
        std::vector<sql::SelectBody*> pending{statement.body.get()};
        while (!pending.empty()) {
            sql::SelectBody* body = pending.back();
            pending.pop_back();
            if (auto* compound = body->tryAs<sql::CompoundSelect>()) {
                pending.push_back(compound->right.get());
                pending.push_back(compound->left.get());
            } else if (auto* core = body->tryAs<sql::SelectCore>()) {
                cores.push_back(core);
            }
        }
        bool dropped = false;
        for (auto* core : cores) {
            for (auto& column : core->columns) {
                if (column->alias && !m_compoundOrderNames.count(column->alias->name)) {
                    column->alias.reset();
                    dropped = true;
                }
            }
        }
        if (dropped) m_uses.add("the comparison reads values, not column names");
    }

    const RuleContext& m_context;
    Uses& m_uses;
    std::string m_error;
    std::vector<Scope*> m_scopes;
    std::vector<const std::set<std::string>*> m_aliases;  ///< parallel to m_scopes: each core's result aliases
    std::map<std::string, int> m_tableCounts;
    std::map<std::string, int> m_numbered;
    std::set<std::string> m_usedNames;
    std::set<std::string> m_compoundOrderNames;
    std::set<const sql::ColumnRef*> m_strings;
    int m_derived = 0;
};

} // namespace

std::string applyNames(sql::SelectStatement& statement, const RuleContext& context, Uses& uses)
{
    return NameRewriter(context, uses).run(statement);
}

} // namespace sqleq::prove
