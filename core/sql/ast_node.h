// Node: the base of every AST node — a kind tag, the exact source span, deep
// clone, and a uniform view of children and scalar fields that walk, printing to
// JSON and structural equality are built on. Nodes own their children through
// unique_ptr and never point at their parent. Those three generic members are
// derived from one description per node type (node_table.cpp), not written per type.
#pragma once

#include "core/base/source_span.h"

#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::sql {

/// Every concrete node type. Expressions come first, then select-level nodes,
/// then FROM items, so that families can be tested by range.
enum class NodeKind : uint8_t {
    // expressions (expr.h)
    Literal, Parameter, ColumnRef, Unary, Binary, Like, Between, In, NullTest,
    Exists, Subquery, Case, Cast, Collate, FunctionCall, RowValue,
    // statement structure (select.h)
    SelectStatement, CommonTableExpr, CompoundSelect, SelectCore, ValuesSelect,
    ResultColumn, OrderingTerm, WindowDef, NamedWindow, FromClause, JoinTerm,
    // FROM items (select.h)
    TableRef, TableFunctionRef, SubqueryRef, JoinGroup,
};

/// "Binary", "SelectCore", … — stable names used in JSON and messages.
std::string_view nodeKindName(NodeKind kind);

/// How a name was written; kept so later stages can apply SQLite's rule that a
/// double-quoted name that resolves to no column is a string literal.
enum class QuoteStyle : uint8_t { None, Double, Bracket, Backtick, Single };

/// A name as written: unquoted text plus its quote style and span (the span
/// includes the quotes).
struct Identifier {
    std::string name;
    QuoteStyle quote = QuoteStyle::None;
    SourceSpan span;

    /// Same name and quote style; spans are ignored.
    [[nodiscard]] bool sameAs(const Identifier& other) const { return name == other.name && quote == other.quote; }
};

class Node;

/// One child slot: a role name ("left", "where", "column") and the child, which
/// is null when an optional slot is empty.
struct ChildRef {
    std::string_view role;
    const Node* node = nullptr;
};

/// Receives the scalar (non-child) fields of a node, in a fixed order per kind.
class FieldVisitor {
public:
    virtual ~FieldVisitor() = default;
    virtual void field(std::string_view name, std::string_view value) = 0;
    virtual void field(std::string_view name, bool value) = 0;
    virtual void field(std::string_view name, int64_t value) = 0;
    virtual void field(std::string_view name, const Identifier& value) = 0;
    virtual void field(std::string_view name, const std::vector<Identifier>& value) = 0;
};

class Node {
public:
    virtual ~Node() = default;
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;

    [[nodiscard]] NodeKind kind() const { return m_kind; }
    /// First token merged with last; invalid for nodes synthesized by mutation.
    [[nodiscard]] SourceSpan span() const { return m_span; }
    void setSpan(SourceSpan span) { m_span = span; }

    template <typename T> [[nodiscard]] bool is() const { return T::classof(m_kind); }
    template <typename T> T& as()
    {
        assert(is<T>());
        return static_cast<T&>(*this);
    }
    template <typename T> const T& as() const
    {
        assert(is<T>());
        return static_cast<const T&>(*this);
    }
    /// nullptr when the node is not a T.
    template <typename T> T* tryAs() { return is<T>() ? static_cast<T*>(this) : nullptr; }
    template <typename T> const T* tryAs() const { return is<T>() ? static_cast<const T*>(this) : nullptr; }

    /// Deep copy, spans included.
    [[nodiscard]] std::unique_ptr<Node> cloneNode() const;
    /// Appends every child slot in source order (null for empty optional slots).
    void appendChildren(std::vector<ChildRef>& out) const;
    /// Reports the scalar fields; two nodes of one kind with the same fields and
    /// structurally equal children are structurally equal.
    void describeFields(FieldVisitor& visitor) const;

protected:
    explicit Node(NodeKind kind) : m_kind(kind) {}

private:
    NodeKind m_kind;
    SourceSpan m_span;
};

/// Deep copy with the static type kept; null stays null.
template <typename T> std::unique_ptr<T> cloneOf(const std::unique_ptr<T>& node)
{
    if (!node) return nullptr;
    return std::unique_ptr<T>(static_cast<T*>(node->cloneNode().release()));
}

template <typename T> std::vector<std::unique_ptr<T>> cloneAll(const std::vector<std::unique_ptr<T>>& nodes)
{
    std::vector<std::unique_ptr<T>> copies;
    copies.reserve(nodes.size());
    for (const auto& node : nodes) copies.push_back(cloneOf(node));
    return copies;
}

/// Base for the concrete node types: fixes the kind and provides classof().
template <NodeKind K, typename Base> class NodeOf : public Base {
public:
    static constexpr NodeKind kKind = K;
    static bool classof(NodeKind kind) { return kind == K; }

protected:
    NodeOf() : Base(K) {}
};

} // namespace sqleq::sql
