// The DropTokens family, the paper's span drops: every contiguous run of 1 to
// `maxSpan` tokens removed, except runs that cannot change the meaning (ASC,
// AS, ';', a `T1.` qualifier). Most runs leave text that does not parse; the
// filter discards those, so this family is cheap to propose and cheap to reject.
#pragma once

#include "core/neighbors/gold_query.h"

#include <cstddef>

namespace sqleq::neighbors {

/// The default longest run, chosen so that Spider queries get about as many
/// neighbors as the paper reports.
inline constexpr std::size_t kDefaultMaxTokenSpan = 5;

void appendTokenDrops(const GoldQuery& gold, std::size_t maxSpan, Candidates& out);

} // namespace sqleq::neighbors
