// The constant families: every numeric literal (a leading minus included) and
// every string — single-quoted, or a double-quoted name SQLite reads as a
// string — replaced by nearby and random values. All randomness comes from the
// project PRNG, one forked stream per constant, so a seed replays exactly.
#pragma once

#include "core/fuzz/prng.h"
#include "core/neighbors/gold_query.h"

namespace sqleq::neighbors {

/// NumericConstant: random integers in [-|v|-1, |v|+1] and v±1; reals: random
/// values in the same range and v±0.001.
void appendNumericMutations(const GoldQuery& gold, const fuzz::Prng& prng, Candidates& out);

/// StringConstant: a random string, substrings, concatenations with random
/// strings; for LIKE/GLOB patterns also leading/trailing `%` added or removed.
void appendStringMutations(const GoldQuery& gold, const fuzz::Prng& prng, Candidates& out);

} // namespace sqleq::neighbors
