// ConstructShares: where a distillation's undistinguished neighbors are, by the SQL
// constructs their golds use — CAST, IIF, CASE, strftime, substr, window functions,
// `||`, LIKE, IS NULL, … — so that a dataset's remaining share points at the
// constructs no targeted database aims at yet. A gold counts towards every construct
// it uses, and towards "none of these" when it uses none.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::suite {

/// The constructs of the breakdown `sql` uses, each once, in the order of
/// constructNames(); read from its tokens, so it never fails (an unreadable query
/// simply uses fewer).
std::vector<std::string_view> constructsUsed(std::string_view sql);

/// Every construct of the breakdown, in report order, then "none of these".
const std::vector<std::string_view>& constructNames();

struct ConstructShare {
    std::string_view construct;
    std::size_t golds = 0;            ///< gold queries using it
    std::size_t neighbors = 0;        ///< their neighbors (targets of the suite)
    std::size_t undistinguished = 0;  ///< of which no suite database tells apart from their gold
};

class ConstructShares {
public:
    /// One gold with its neighbor counts.
    void add(std::string_view goldSql, std::size_t neighbors, std::size_t undistinguished);

    /// Every construct some gold used, in constructNames() order.
    [[nodiscard]] std::vector<ConstructShare> shares() const;

private:
    std::map<std::string_view, ConstructShare> m_byConstruct;
};

} // namespace sqleq::suite
