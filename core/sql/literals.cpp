// collectLiterals over walk().

#include "core/sql/literals.h"

#include "core/sql/walk.h"

namespace sqleq::sql {

std::vector<const Literal*> collectLiterals(const Node& root)
{
    std::vector<const Literal*> literals;
    walk(root, [&](const Node& node) {
        if (const auto* literal = node.tryAs<Literal>()) literals.push_back(literal);
        return true;
    });
    return literals;
}

std::vector<Literal*> collectLiterals(Node& root)
{
    std::vector<Literal*> literals;
    walk(root, [&](Node& node) {
        if (auto* literal = node.tryAs<Literal>()) literals.push_back(literal);
        return true;
    });
    return literals;
}

} // namespace sqleq::sql
