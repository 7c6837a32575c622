// toJson over Node::describeFields and Node::appendChildren; recursion depth is
// the tree height, which the parser bounds.

#include "core/sql/json_dump.h"

#include <new>

namespace sqleq::sql {
namespace {

std::string_view quoteName(QuoteStyle quote)
{
    switch (quote) {
    case QuoteStyle::None: return "none";
    case QuoteStyle::Double: return "double";
    case QuoteStyle::Bracket: return "bracket";
    case QuoteStyle::Backtick: return "backtick";
    case QuoteStyle::Single: return "single";
    }
    return "none";
}

nlohmann::json spanJson(SourceSpan span)
{
    if (!span.valid()) return nullptr;
    return {{"begin", span.begin}, {"end", span.end}};
}

nlohmann::json identifierJson(const Identifier& id)
{
    return {{"name", id.name}, {"quote", quoteName(id.quote)}, {"span", spanJson(id.span)}};
}

class JsonFields : public FieldVisitor {
public:
    explicit JsonFields(nlohmann::json& out) : m_out(out) {}
    void field(std::string_view name, std::string_view value) override { m_out[std::string(name)] = value; }
    void field(std::string_view name, bool value) override { m_out[std::string(name)] = value; }
    void field(std::string_view name, int64_t value) override { m_out[std::string(name)] = value; }
    void field(std::string_view name, const Identifier& value) override
    {
        m_out[std::string(name)] = identifierJson(value);
    }
    void field(std::string_view name, const std::vector<Identifier>& value) override
    {
        auto list = nlohmann::json::array();
        for (const auto& id : value) list.push_back(identifierJson(id));
        m_out[std::string(name)] = std::move(list);
    }

private:
    nlohmann::json& m_out;
};

nlohmann::json nodeJson(const Node& node)
{
    nlohmann::json out;
    out["kind"] = nodeKindName(node.kind());
    out["span"] = spanJson(node.span());
    nlohmann::json fields = nlohmann::json::object();
    JsonFields visitor(fields);
    node.describeFields(visitor);
    out["fields"] = std::move(fields);
    std::vector<ChildRef> slots;
    node.appendChildren(slots);
    nlohmann::json children = nlohmann::json::array();
    for (const auto& slot : slots) {
        if (!slot.node) continue;
        nlohmann::json child = nodeJson(*slot.node);
        child["role"] = slot.role;
        children.push_back(std::move(child));
    }
    out["children"] = std::move(children);
    return out;
}

} // namespace

nlohmann::json toJson(const Node& node)
{
    try {
        return nodeJson(node);
    } catch (const std::bad_alloc&) {
        return {{"error", "out of memory"}};
    }
}

} // namespace sqleq::sql
