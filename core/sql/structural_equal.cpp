// structurallyEqual: compares field reports rendered to strings, then child
// slots pairwise (empty optional slots included, so shapes must match too).

#include "core/sql/structural_equal.h"

#include <new>
#include <string>

namespace sqleq::sql {
namespace {

class FieldRecorder : public FieldVisitor {
public:
    void field(std::string_view name, std::string_view value) override { add(name, 's', value); }
    void field(std::string_view name, bool value) override { add(name, 'b', value ? "1" : "0"); }
    void field(std::string_view name, int64_t value) override { add(name, 'i', std::to_string(value)); }
    void field(std::string_view name, const Identifier& value) override { addIdentifier(name, value); }
    void field(std::string_view name, const std::vector<Identifier>& value) override
    {
        add(name, 'n', std::to_string(value.size()));
        for (const auto& id : value) addIdentifier(name, id);
    }
    const std::string& text() const { return m_text; }

private:
    void add(std::string_view name, char type, std::string_view value)
    {
        // Length-prefixed so that no value can imitate a separator.
        m_text += name;
        m_text += type;
        m_text += std::to_string(value.size());
        m_text += ':';
        m_text += value;
    }
    void addIdentifier(std::string_view name, const Identifier& id)
    {
        add(name, static_cast<char>('A' + static_cast<int>(id.quote)), id.name);
    }

    std::string m_text;
};

bool equalNodes(const Node& a, const Node& b)
{
    if (a.kind() != b.kind()) return false;
    FieldRecorder fieldsA, fieldsB;
    a.describeFields(fieldsA);
    b.describeFields(fieldsB);
    if (fieldsA.text() != fieldsB.text()) return false;
    std::vector<ChildRef> childrenA, childrenB;
    a.appendChildren(childrenA);
    b.appendChildren(childrenB);
    if (childrenA.size() != childrenB.size()) return false;
    for (size_t i = 0; i < childrenA.size(); ++i) {
        const Node* x = childrenA[i].node;
        const Node* y = childrenB[i].node;
        if ((x == nullptr) != (y == nullptr)) return false;
        if (x && !equalNodes(*x, *y)) return false;
    }
    return true;
}

} // namespace

bool structurallyEqual(const Node& a, const Node& b)
{
    try {
        return equalNodes(a, b);
    } catch (const std::bad_alloc&) {
        return false;
    }
}

} // namespace sqleq::sql
