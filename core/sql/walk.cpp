// Walk implementation over Node::appendChildren.

#include "core/sql/walk.h"

namespace sqleq::sql {

std::vector<const Node*> childrenOf(const Node& node)
{
    std::vector<ChildRef> slots;
    node.appendChildren(slots);
    std::vector<const Node*> children;
    children.reserve(slots.size());
    for (const auto& slot : slots) {
        if (slot.node) children.push_back(slot.node);
    }
    return children;
}

void walk(const Node& root, const std::function<bool(const Node&)>& visit)
{
    std::vector<const Node*> stack{&root};
    std::vector<ChildRef> slots;
    while (!stack.empty()) {
        const Node* node = stack.back();
        stack.pop_back();
        if (!visit(*node)) continue;
        slots.clear();
        node->appendChildren(slots);
        for (auto it = slots.rbegin(); it != slots.rend(); ++it) {
            if (it->node) stack.push_back(it->node);
        }
    }
}

void walk(Node& root, const std::function<bool(Node&)>& visit)
{
    // Children are reported through const pointers; the tree itself is mutable
    // (we hold it by non-const reference), so casting the constness away is sound.
    walk(static_cast<const Node&>(root), [&](const Node& node) { return visit(const_cast<Node&>(node)); });
}

} // namespace sqleq::sql
