// Deep equality and list slicing helpers of the Spider evaluator's SQL structure.
// Mirrors Python's == on the parsed dicts; no normalisation happens here.
#include "core/metrics/spider_sql_tree.h"

namespace sqleq::metrics {

bool SpiderSqlPtr::operator==(const SpiderSqlPtr& other) const {
    if (!ptr || !other.ptr)
        return !ptr && !other.ptr;
    return ptr == other.ptr || *ptr == *other.ptr;
}

bool SpiderValue::operator==(const SpiderValue& other) const {
    if (kind != other.kind)
        return false;
    switch (kind) {
    case Kind::None: return true;
    case Kind::Number: return number == other.number;
    case Kind::String: return text == other.text;
    case Kind::Column: return column == other.column;
    case Kind::Subquery: return sql == other.sql;
    }
    return false;
}

std::vector<const SpiderCondUnit*> condUnits(const SpiderCondition& condition) {
    std::vector<const SpiderCondUnit*> units;
    for (size_t i = 0; i < condition.size(); i += 2)
        if (!condition[i].isConnector)
            units.push_back(&condition[i].unit);
    return units;
}

std::vector<std::string> condConnectors(const SpiderCondition& condition) {
    std::vector<std::string> connectors;
    for (size_t i = 1; i < condition.size(); i += 2)
        connectors.push_back(condition[i].isConnector ? condition[i].connector : std::string("?"));
    return connectors;
}

} // namespace sqleq::metrics
