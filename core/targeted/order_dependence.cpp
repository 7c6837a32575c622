// Order dependence by experiment: SQLite's reverse_unordered_selects makes every scan
// without an ORDER BY run backwards, which changes which of several tied rows comes
// first. The pragma changes plans at prepare time, so each run gets a fresh copy of
// the database (and so a fresh statement cache).

#include "core/targeted/order_dependence.h"

#include "core/compare/compare.h"
#include "core/exec/executor.h"

#include "core/schema/database_content.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <optional>

namespace sqleq::targeted {
namespace {

exec::QueryOutcome runOnCopy(const exec::Bytes& database, std::string_view sql, bool reversed,
                             const exec::ExecLimits& limits)
{
    auto connection = exec::Connection::deserializeCopy(database);
    if (!connection) {
        exec::QueryOutcome failed;
        failed.error = connection.error();
        return failed;
    }
    if (reversed) sqlite3_exec(connection->handle(), "PRAGMA reverse_unordered_selects = ON", nullptr, nullptr, nullptr);
    return exec::runQuery(*connection, sql, limits);
}

} // namespace

/// SQLite's own order of values (NULL, numbers, text, blob), enough to sort rows.
bool valueLess(const exec::Value& a, const exec::Value& b)
{
    const auto rank = [](const exec::Value& v) {
        switch (v.type()) {
        case exec::ValueType::Null: return 0;
        case exec::ValueType::Integer:
        case exec::ValueType::Real: return 1;
        case exec::ValueType::Text: return 2;
        case exec::ValueType::Blob: return 3;
        }
        return 4;
    };
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    const auto number = [](const exec::Value& v) {
        return v.type() == exec::ValueType::Integer ? static_cast<double>(v.asInteger()) : v.asReal();
    };
    switch (a.type()) {
    case exec::ValueType::Integer:
    case exec::ValueType::Real: return number(a) < number(b);
    case exec::ValueType::Text: return a.asText() < b.asText();
    case exec::ValueType::Blob: return a.asBlob() < b.asBlob();
    default: return false;
    }
}

enum class RowOrder { Reversed, Ascending, Descending };

/// The same rows with each table's stored in another order — which changes which of
/// several tied rows a scan, a sort or a group meets first; nothing when it cannot be built.
std::optional<exec::Bytes> reordered(const exec::Bytes& database, const schema::Schema& schema, RowOrder order)
{
    auto connection = exec::Connection::deserializeCopy(database);
    if (!connection) return std::nullopt;
    auto content = schema::readContent(*connection, schema);
    if (!content) return std::nullopt;
    const auto rowLess = [](const exec::Row& a, const exec::Row& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), valueLess);
    };
    for (auto& table : content->tables) {
        switch (order) {
        case RowOrder::Reversed: std::reverse(table.rows.begin(), table.rows.end()); break;
        case RowOrder::Ascending: std::stable_sort(table.rows.begin(), table.rows.end(), rowLess); break;
        case RowOrder::Descending:
            std::stable_sort(table.rows.begin(), table.rows.end(), [&](const exec::Row& a, const exec::Row& b) {
                return rowLess(b, a);
            });
            break;
        }
    }
    auto rebuilt = schema::materialize(schema, *content);
    if (!rebuilt) return std::nullopt;
    auto bytes = rebuilt->serialize();
    return bytes ? std::optional(std::move(*bytes)) : std::nullopt;
}

namespace {

/// A database and its copies with the rows stored in the other orders, each copy built on
/// first use and then read by every query asked of it: a pair's gold and candidate share
/// them, and a gold whose answer does not move needs no candidate runs at all.
class RowOrderings {
public:
    RowOrderings(const exec::Bytes& database, const schema::Schema& schema) : m_database(database), m_schema(schema) {}

    OrderDependence check(std::string_view sql, bool orderMatters, const exec::ExecLimits& limits)
    {
        OrderDependence out;
        out.first = runOnCopy(m_database, sql, false, limits);
        if (!out.first.ok()) return out;
        const auto differs = [&](exec::QueryOutcome other) {
            if (!other.ok() || compare::compareOutcomes(out.first, other, orderMatters).same()) return;
            for (const auto& known : out.others)
                if (compare::compareOutcomes(known, other, orderMatters).same()) return;
            if (!out.detected) out.second = other;
            out.detected = true;
            out.others.push_back(std::move(other));
        };
        differs(runOnCopy(m_database, sql, true, limits));
        for (const RowOrder order : kOrders) {
            if (const auto* copy = copyIn(order)) {
                differs(runOnCopy(*copy, sql, false, limits));
                differs(runOnCopy(*copy, sql, true, limits));
            }
        }
        return out;
    }

private:
    static constexpr std::array<RowOrder, 3> kOrders{RowOrder::Reversed, RowOrder::Ascending, RowOrder::Descending};

    const exec::Bytes* copyIn(RowOrder order)
    {
        auto& slot = m_copies[static_cast<std::size_t>(order)];
        if (!slot) slot = reordered(m_database, m_schema, order);
        return *slot ? &**slot : nullptr;
    }

    const exec::Bytes& m_database;
    const schema::Schema& m_schema;
    /// Per RowOrder: not built yet (nullopt), could not be built (an empty inner), or the copy.
    std::array<std::optional<std::optional<exec::Bytes>>, kOrders.size()> m_copies;
};

} // namespace

OrderDependence checkOrderDependence(const exec::Bytes& database, const schema::Schema& schema, std::string_view sql,
                                     bool orderMatters, const exec::ExecLimits& limits)
{
    return RowOrderings(database, schema).check(sql, orderMatters, limits);
}

bool onlyTieBreaking(const OrderDependence& gold, const OrderDependence& candidate, bool orderMatters)
{
    // Only a gold whose own result moves with row order excuses a difference: when the
    // gold's answer here is fixed, a candidate that returns it under one reading of the
    // rows and something else under the default one (an unordered LIMIT in place of
    // ORDER BY … LIMIT) does not mean the same.
    if (!gold.detected) return false;
    std::vector<const exec::QueryOutcome*> golds{&gold.first};
    for (const auto& other : gold.others) golds.push_back(&other);
    std::vector<const exec::QueryOutcome*> candidates{&candidate.first};
    for (const auto& other : candidate.others) candidates.push_back(&other);
    for (const auto* g : golds)
        for (const auto* c : candidates)
            if (g->ok() && c->ok() && compare::compareOutcomes(*g, *c, orderMatters).same()) return true;
    return false;
}

PairOrderDependence checkPairOrderDependence(const exec::Bytes& database, const schema::Schema& schema,
                                             std::string_view gold, std::string_view candidate, bool orderMatters,
                                             const exec::ExecLimits& limits)
{
    RowOrderings orderings(database, schema);
    PairOrderDependence out;
    out.gold = orderings.check(gold, orderMatters, limits);
    out.candidate = orderings.check(candidate, orderMatters, limits);
    out.tieBreakOnly = onlyTieBreaking(out.gold, out.candidate, orderMatters);
    return out;
}

bool onlyTieBreakingOn(const exec::Bytes& database, const schema::Schema& schema, std::string_view gold,
                       std::string_view candidate, bool orderMatters, const exec::ExecLimits& limits)
{
    RowOrderings orderings(database, schema);
    const OrderDependence goldOrder = orderings.check(gold, orderMatters, limits);
    // onlyTieBreaking excuses nothing when the gold's answer here is fixed.
    if (!goldOrder.detected) return false;
    return onlyTieBreaking(goldOrder, orderings.check(candidate, orderMatters, limits), orderMatters);
}

} // namespace sqleq::targeted
