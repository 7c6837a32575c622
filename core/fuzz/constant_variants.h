// Close variants of gold constants (the paper's "34 and 35", "Alice" and
// "aAlicegg"): values equal to, just beside, or partly overlapping a constant,
// so that random databases straddle the gold's comparisons and patterns.
// Pure functions of their inputs and the Prng; no schema knowledge.
#pragma once

#include "core/exec/value.h"
#include "core/fuzz/gold_constants.h"
#include "core/fuzz/prng.h"

#include <string>
#include <string_view>

namespace sqleq::fuzz {

/// A random lowercase word of `minLength`..`maxLength` letters (maxLength ≥ minLength ≥ 1).
std::string randomWord(Prng& rng, int minLength, int maxLength);

/// `value` itself most often, else value ± 1, ± a few, or (when `fractional`)
/// ± 0.01 / ± 0.5. Integers stay integers unless `fractional`.
exec::Value numericVariant(const exec::Value& value, bool fractional, Prng& rng);

/// For Compare use: the text itself most often, else a prefix, a suffix, the
/// text extended or wrapped in random letters; for Pattern use: mostly the piece
/// wrapped in random letters (so LIKE '%x%' matches), sometimes bare, one-sided
/// or with one letter changed (a near miss). `caseVariants` adds upper/lower/
/// flipped-initial spellings (strict profile only).
std::string textVariant(std::string_view text, ConstantUse use, bool caseVariants, Prng& rng);

/// A 'YYYY-MM-DD…' text moved by a day or two (the time part, if any, kept);
/// other texts come back unchanged.
std::string dateVariant(std::string_view text, Prng& rng);

} // namespace sqleq::fuzz
