// What the prover's rules share: walking every SELECT core, the table behind each
// binding, AND/OR chains, and which columns the profile keeps free of NULL.

#include "core/prove/rules.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace sqleq::prove {

void Uses::add(std::string fact)
{
    if (std::find(m_facts.begin(), m_facts.end(), fact) == m_facts.end()) m_facts.push_back(std::move(fact));
}

void forEachCore(sql::Node& root, const std::function<void(sql::SelectCore&)>& visit)
{
    sql::walk(root, [&](sql::Node& node) {
        if (auto* core = node.tryAs<sql::SelectCore>()) visit(*core);
        return true;
    });
}

std::vector<std::pair<sql::SelectCore*, sql::SelectStatement*>> coresWithOwners(sql::SelectStatement& statement)
{
    std::vector<std::pair<sql::SelectCore*, sql::SelectStatement*>> cores;
    sql::walk(statement, [&](sql::Node& node) {
        if (auto* owner = node.tryAs<sql::SelectStatement>()) {
            if (auto* core = owner->body ? owner->body->tryAs<sql::SelectCore>() : nullptr) cores.emplace_back(core, owner);
        } else if (auto* core = node.tryAs<sql::SelectCore>()) {
            // A statement's own core was already taken with its owner.
            if (std::none_of(cores.begin(), cores.end(), [&](const auto& taken) { return taken.first == core; }))
                cores.emplace_back(core, nullptr);
        }
        return true;
    });
    return cores;
}

std::map<std::string, const schema::Table*> tableBindings(sql::Node& root, const schema::Schema& schema)
{
    std::map<std::string, const schema::Table*> tables;
    sql::walk(root, [&](sql::Node& node) {
        if (const auto* table = node.tryAs<sql::TableRef>()) {
            const std::string name = asciiLower(table->alias ? table->alias->name : table->name.name);
            tables[name] = schema.findTable(table->name.name);
        }
        return true;
    });
    return tables;
}

void flattenChain(sql::ExprPtr expr, sql::BinaryOp op, std::vector<sql::ExprPtr>& out)
{
    if (!expr) return;
    if (auto* binary = expr->tryAs<sql::BinaryExpr>(); binary && binary->op == op) {
        flattenChain(std::move(binary->left), op, out);
        flattenChain(std::move(binary->right), op, out);
        return;
    }
    out.push_back(std::move(expr));
}

sql::ExprPtr joinChain(std::vector<sql::ExprPtr> operands, sql::BinaryOp op)
{
    sql::ExprPtr joined;
    for (auto& operand : operands) {
        if (!joined) {
            joined = std::move(operand);
            continue;
        }
        auto binary = std::make_unique<sql::BinaryExpr>();
        binary->op = op;
        binary->left = std::move(joined);
        binary->right = std::move(operand);
        joined = std::move(binary);
    }
    return joined;
}

std::string bindingOf(const sql::ColumnRef& ref)
{
    return ref.table ? asciiLower(ref.table->name) : std::string();
}

bool isAggregateCall(const sql::FunctionCall& call)
{
    if (call.over || call.overName) return false;
    const std::string name = asciiLower(call.name.name);
    static const std::set<std::string> kAggregates{"count", "sum", "avg", "min", "max", "total", "group_concat",
                                                   "string_agg", "json_group_array", "json_group_object"};
    // min and max of two or more arguments are scalar functions.
    if ((name == "min" || name == "max") && call.args.size() != 1) return false;
    return kAggregates.count(name) > 0;
}

namespace {

bool isRowidAlias(const schema::Table& table, const schema::Column& column)
{
    return !table.withoutRowid && table.primaryKey.size() == 1 && schema::sameIdentifier(table.primaryKey[0], column.name)
        && asciiUpper(column.declaredType) == "INTEGER";
}

} // namespace

bool columnHoldsNoNull(const sql::ColumnRef& ref, const RuleContext& context,
                       const std::map<std::string, const schema::Table*>& tables,
                       const std::vector<std::string>& nullable, std::string& fact)
{
    const std::string binding = bindingOf(ref);
    const auto found = tables.find(binding);
    if (found == tables.end() || !found->second) return false;  // a derived table's column may be NULL
    if (std::find(nullable.begin(), nullable.end(), binding) != nullable.end()) return false;
    const schema::Table& table = *found->second;
    const schema::Column* column = table.findColumn(ref.column.name);
    if (!column) return false;
    if (context.profile == fuzz::Profile::Spider) {
        fact = "no column holds NULL (spider profile)";
        return true;
    }
    if (column->notNull) {
        fact = fmt::format("{}.{} is declared NOT NULL", table.name, column->name);
        return true;
    }
    if (isRowidAlias(table, *column)) {
        fact = fmt::format("{}.{} is an INTEGER PRIMARY KEY (the rowid: never NULL)", table.name, column->name);
        return true;
    }
    return false;
}

bool keyColumnNeverNull(const schema::Table& table, const schema::Column& column, fuzz::Profile profile)
{
    return profile == fuzz::Profile::Spider || column.notNull || isRowidAlias(table, column);
}

std::vector<std::string> nullPaddedBindings(sql::Node& root)
{
    std::vector<std::string> padded;
    sql::walk(root, [&](sql::Node& node) {
        const auto* term = node.tryAs<sql::JoinTerm>();
        if (!term || term->op.kind != sql::JoinKind::Left) return true;
        const auto& source = *term->source;
        if (source.alias) {
            padded.push_back(asciiLower(source.alias->name));
        } else if (const auto* table = source.tryAs<sql::TableRef>()) {
            padded.push_back(asciiLower(table->name.name));
        }
        return true;
    });
    return padded;
}

} // namespace sqleq::prove
