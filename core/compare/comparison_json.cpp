// toJson(Comparison): the stable machine-readable form used by the CLI and reports.
// Text goes out as Python would have decoded it (invalid UTF-8 dropped), which also
// keeps nlohmann::json's dump() from throwing on invalid UTF-8.
#include "core/compare/compare.h"

#include "core/base/hex.h"
#include "core/compare/python_value.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace sqleq::compare {

nlohmann::json valueToJson(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return nullptr;
    case exec::ValueType::Integer: return value.asInteger();
    case exec::ValueType::Real:
        if (!std::isfinite(value.asReal()))  // JSON has no inf; never NaN (SQLite makes it NULL)
            return nlohmann::json{{"real", detail::pythonFloatRepr(value.asReal())}};
        return value.asReal();
    case exec::ValueType::Text: return pythonStr(value);
    case exec::ValueType::Blob: return nlohmann::json{{"blob_hex", toHex(value.asBlob())}};
    }
    return nullptr;
}

nlohmann::json rowsToJson(const std::vector<exec::Row>& rows)
{
    nlohmann::json out = nlohmann::json::array();
    for (const exec::Row& row : rows) {
        nlohmann::json cells = nlohmann::json::array();
        for (const exec::Value& value : row) cells.push_back(valueToJson(value));
        out.push_back(std::move(cells));
    }
    return out;
}

nlohmann::json toJson(const Comparison& comparison)
{
    nlohmann::json out;
    out["verdict"] = verdictName(comparison.verdict);
    out["reason"] = reasonName(comparison.reason);
    // A message may quote an executor error, which may quote bytes of the SQL text.
    out["message"] = detail::dropInvalidUtf8(comparison.message);
    out["order_matters"] = comparison.orderMatters;
    out["rounding_only"] = comparison.roundingOnly;
    out["column_permutation"] = comparison.columnPermutation;
    out["only_in_gold"] = rowsToJson(comparison.onlyInGold);
    out["only_in_candidate"] = rowsToJson(comparison.onlyInCandidate);
    out["only_in_gold_indices"] = comparison.onlyInGoldIndices;
    out["only_in_candidate_indices"] = comparison.onlyInCandidateIndices;
    out["first_differing_row"] = comparison.firstDifferingRow
                                     ? nlohmann::json(*comparison.firstDifferingRow)
                                     : nlohmann::json(nullptr);
    return out;
}

} // namespace sqleq::compare
