// The vocabulary in which node_table.cpp describes every AST node once, and the
// three algorithms derived from a description: deep copy, child slots in source
// order, and the report of scalar fields (for JSON and structural equality).
// Private to core/sql: other stages reach nodes through Node's members only.
//
// A description is a list of field descriptors, in source order. Each descriptor
// says how clone copies its field, which child slots it contributes and which
// scalar facts it reports; `when` limits the last two, never the copy, so that a
// clone keeps even the fields that its kind does not show.
#pragma once

#include "core/sql/ast_node.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace sqleq::sql::fields {

/// Names the node type whose description `descriptionOf(Of<T>)` returns.
template <typename T> struct Of {};

template <typename... Fields> struct NodeDescription {
    std::string_view kindName; ///< nodeKindName(): stable, used in JSON and messages
    std::tuple<Fields...> fields;
};

template <typename... Fields> constexpr NodeDescription<Fields...> node(std::string_view kindName, Fields... fields)
{
    return {kindName, {fields...}};
}

// One overload per value type a node may report; anything else (an enum, a
// size_t) fails to compile and must be spelled or converted in the table. A bare
// C string would quietly become `true`, so it is refused outright.
void report(FieldVisitor& visitor, std::string_view name, const char* value) = delete;
inline void report(FieldVisitor& visitor, std::string_view name, const std::string& value)
{
    visitor.field(name, std::string_view(value));
}
inline void report(FieldVisitor& visitor, std::string_view name, std::string_view value) { visitor.field(name, value); }
inline void report(FieldVisitor& visitor, std::string_view name, bool value) { visitor.field(name, value); }
inline void report(FieldVisitor& visitor, std::string_view name, int64_t value) { visitor.field(name, value); }
inline void report(FieldVisitor& visitor, std::string_view name, const Identifier& value)
{
    visitor.field(name, value);
}
inline void report(FieldVisitor& visitor, std::string_view name, const std::vector<Identifier>& value)
{
    visitor.field(name, value);
}
/// An absent optional name is not reported at all.
inline void report(FieldVisitor& visitor, std::string_view name, const std::optional<Identifier>& value)
{
    if (value) visitor.field(name, *value);
}

inline int64_t countOf(size_t size) { return static_cast<int64_t>(size); }

template <typename Tuple, typename F> void forEachField(const Tuple& fields, F&& f)
{
    std::apply([&](const auto&... field) { (f(field), ...); }, fields);
}

template <typename S, typename Tuple> void copyAll(const Tuple& fields, const S& from, S& to)
{
    forEachField(fields, [&](const auto& field) { field.copy(from, to); });
}

template <typename Root, typename S, typename Tuple>
void childrenAll(const Tuple& fields, const Root& root, const S& object, std::vector<ChildRef>& out)
{
    forEachField(fields, [&](const auto& field) { field.children(root, object, out); });
}

template <typename Root, typename S, typename Tuple>
void describeAll(const Tuple& fields, const Root& root, const S& object, FieldVisitor& visitor)
{
    forEachField(fields, [&](const auto& field) { field.describe(root, object, visitor); });
}

// --- descriptors -----------------------------------------------------------------
// `Member` is a pointer to a data member of the node (or of a base, or of the
// plain struct an `each`, `optional` or `member` descriptor opens).

/// A value that is copied and reported as it is (text, flag, name, names).
template <typename Member> struct Plain {
    std::string_view name;
    Member member;
    template <typename S> void copy(const S& from, S& to) const { to.*member = from.*member; }
    template <typename Root, typename S> void children(const Root&, const S&, std::vector<ChildRef>&) const {}
    template <typename Root, typename S> void describe(const Root&, const S& object, FieldVisitor& visitor) const
    {
        report(visitor, name, object.*member);
    }
};
template <typename Member> constexpr Plain<Member> plain(std::string_view name, Member member)
{
    return {name, member};
}

/// An enum, reported through its spelling: a function, or an array of names
/// indexed by the enum (which decays to a pointer here).
template <typename Member, typename Spelling> struct Spelled {
    std::string_view name;
    Member member;
    Spelling spelling;
    template <typename S> void copy(const S& from, S& to) const { to.*member = from.*member; }
    template <typename Root, typename S> void children(const Root&, const S&, std::vector<ChildRef>&) const {}
    template <typename Root, typename S> void describe(const Root&, const S& object, FieldVisitor& visitor) const
    {
        const auto value = object.*member;
        if constexpr (std::is_invocable_v<Spelling, decltype(value)>)
            visitor.field(name, std::string_view(spelling(value)));
        else
            visitor.field(name, spelling[static_cast<size_t>(value)]);
    }
};
template <typename Member, typename Spelling>
constexpr Spelled<Member, Spelling> spelled(std::string_view name, Member member, Spelling spelling)
{
    return {name, member, spelling};
}

/// Copied, never reported: spans of operators and clauses, which equality ignores.
template <typename Member> struct Copied {
    Member member;
    template <typename S> void copy(const S& from, S& to) const { to.*member = from.*member; }
    template <typename Root, typename S> void children(const Root&, const S&, std::vector<ChildRef>&) const {}
    template <typename Root, typename S> void describe(const Root&, const S&, FieldVisitor&) const {}
};
template <typename Member> constexpr Copied<Member> copied(Member member) { return {member}; }

/// One child slot (a unique_ptr), reported as a slot even when empty.
template <typename Member> struct Child {
    std::string_view role;
    Member member;
    template <typename S> void copy(const S& from, S& to) const { to.*member = cloneOf(from.*member); }
    template <typename Root, typename S>
    void children(const Root&, const S& object, std::vector<ChildRef>& out) const
    {
        out.push_back({role, (object.*member).get()});
    }
    template <typename Root, typename S> void describe(const Root&, const S&, FieldVisitor&) const {}
};
template <typename Member> constexpr Child<Member> child(std::string_view role, Member member)
{
    return {role, member};
}

/// A list of children, one slot each; with a `countName`, the length is reported too.
template <typename Member> struct Children {
    std::string_view role;
    Member member;
    std::string_view countName;
    template <typename S> void copy(const S& from, S& to) const { to.*member = cloneAll(from.*member); }
    template <typename Root, typename S>
    void children(const Root&, const S& object, std::vector<ChildRef>& out) const
    {
        for (const auto& node : object.*member) out.push_back({role, node.get()});
    }
    template <typename Root, typename S> void describe(const Root&, const S& object, FieldVisitor& visitor) const
    {
        if (!countName.empty()) visitor.field(countName, countOf((object.*member).size()));
    }
};
template <typename Member>
constexpr Children<Member> children(std::string_view role, Member member, std::string_view countName = {})
{
    return {role, member, countName};
}

/// A list of plain structs (CASE's WHEN/THEN pairs, VALUES rows), each element
/// described by `fields`; the length is reported under `countName`.
template <typename Member, typename... Fields> struct Each {
    Member member;
    std::string_view countName;
    std::tuple<Fields...> fields;
    template <typename S> void copy(const S& from, S& to) const
    {
        auto& copies = to.*member;
        copies.clear();
        copies.reserve((from.*member).size());
        for (const auto& element : from.*member) copyAll(fields, element, copies.emplace_back());
    }
    template <typename Root, typename S>
    void children(const Root& root, const S& object, std::vector<ChildRef>& out) const
    {
        for (const auto& element : object.*member) childrenAll(fields, root, element, out);
    }
    template <typename Root, typename S> void describe(const Root& root, const S& object, FieldVisitor& visitor) const
    {
        visitor.field(countName, countOf((object.*member).size()));
        for (const auto& element : object.*member) describeAll(fields, root, element, visitor);
    }
};
template <typename Member, typename... Fields>
constexpr Each<Member, Fields...> each(Member member, std::string_view countName, Fields... fields)
{
    return {member, countName, {fields...}};
}

/// An optional plain struct (WITH, a window frame): its presence is reported
/// under `name`, then, when present, its own fields.
template <typename Member, typename... Fields> struct OptionalGroup {
    std::string_view name;
    Member member;
    std::tuple<Fields...> fields;
    template <typename S> void copy(const S& from, S& to) const
    {
        const auto& source = from.*member;
        auto& target = to.*member;
        if (!source) {
            target.reset();
            return;
        }
        copyAll(fields, *source, target.emplace());
    }
    template <typename Root, typename S>
    void children(const Root& root, const S& object, std::vector<ChildRef>& out) const
    {
        if (const auto& group = object.*member) childrenAll(fields, root, *group, out);
    }
    template <typename Root, typename S> void describe(const Root& root, const S& object, FieldVisitor& visitor) const
    {
        const auto& group = object.*member;
        visitor.field(name, group.has_value());
        if (group) describeAll(fields, root, *group, visitor);
    }
};
template <typename Member, typename... Fields>
constexpr OptionalGroup<Member, Fields...> optionalGroup(std::string_view name, Member member, Fields... fields)
{
    return {name, member, {fields...}};
}

/// A plain struct held by value (a join operator, a frame bound), described in place.
template <typename Member, typename... Fields> struct Nested {
    Member member;
    std::tuple<Fields...> fields;
    template <typename S> void copy(const S& from, S& to) const { copyAll(fields, from.*member, to.*member); }
    template <typename Root, typename S>
    void children(const Root& root, const S& object, std::vector<ChildRef>& out) const
    {
        childrenAll(fields, root, object.*member, out);
    }
    template <typename Root, typename S> void describe(const Root& root, const S& object, FieldVisitor& visitor) const
    {
        describeAll(fields, root, object.*member, visitor);
    }
};
template <typename Member, typename... Fields>
constexpr Nested<Member, Fields...> nested(Member member, Fields... fields)
{
    return {member, {fields...}};
}

/// Fields that only some variants of a node show (IN's subquery, t.* 's table):
/// always copied, reported and walked only when `applies(node)`.
template <typename Predicate, typename... Fields> struct When {
    Predicate applies;
    std::tuple<Fields...> fields;
    template <typename S> void copy(const S& from, S& to) const { copyAll(fields, from, to); }
    template <typename Root, typename S>
    void children(const Root& root, const S& object, std::vector<ChildRef>& out) const
    {
        if (applies(root)) childrenAll(fields, root, object, out);
    }
    template <typename Root, typename S> void describe(const Root& root, const S& object, FieldVisitor& visitor) const
    {
        if (applies(root)) describeAll(fields, root, object, visitor);
    }
};
template <typename Predicate, typename... Fields>
constexpr When<Predicate, Fields...> when(Predicate applies, Fields... fields)
{
    return {applies, {fields...}};
}

/// A fact computed from the node and reported only (VALUES' column count).
template <typename Compute> struct Derived {
    std::string_view name;
    Compute compute;
    template <typename S> void copy(const S&, S&) const {}
    template <typename Root, typename S> void children(const Root&, const S&, std::vector<ChildRef>&) const {}
    template <typename Root, typename S> void describe(const Root& root, const S&, FieldVisitor& visitor) const
    {
        report(visitor, name, compute(root));
    }
};
template <typename Compute> constexpr Derived<Compute> derived(std::string_view name, Compute compute)
{
    return {name, compute};
}

// --- the algorithms over a node type's description ---------------------------------

template <typename T> std::unique_ptr<Node> clone(const T& original)
{
    static constexpr auto kDescription = descriptionOf(Of<T>{});
    auto copy = std::make_unique<T>();
    copy->setSpan(original.span());
    copyAll(kDescription.fields, original, *copy);
    return copy;
}

template <typename T> void appendChildren(const T& node, std::vector<ChildRef>& out)
{
    static constexpr auto kDescription = descriptionOf(Of<T>{});
    childrenAll(kDescription.fields, node, node, out);
}

template <typename T> void describeFields(const T& node, FieldVisitor& visitor)
{
    static constexpr auto kDescription = descriptionOf(Of<T>{});
    describeAll(kDescription.fields, node, node, visitor);
}

} // namespace sqleq::sql::fields
