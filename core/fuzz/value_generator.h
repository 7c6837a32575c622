// ValueGenerator: draws the values of one column of one sampled database. Its
// style (numeric range, integer or real, date or datetime, word shape, how often
// gold constants appear) is fixed at construction from the Prng, so columns vary
// across databases while each database stays internally consistent.
#pragma once

#include "core/exec/value.h"
#include "core/fuzz/column_kind.h"
#include "core/fuzz/gold_constants.h"
#include "core/fuzz/prng.h"

#include <string>
#include <vector>

namespace sqleq::fuzz {

struct GeneratorInputs {
    ColumnKind kind;
    std::vector<GoldConstant> constants;  ///< attributed to this column
    std::vector<exec::Value> extras;      ///< unattributed constants of a matching type
    std::size_t rowsHint = 1;             ///< rows the table is meant to get (sizes id ranges)
    bool caseVariants = false;            ///< strict profile: vary the case of text constants
    /// Text column a gold uses as a number (avg(age), weight > 20): digit strings,
    /// so aggregates and comparisons over it vary instead of all reading 0.
    bool numericText = false;
};

class ValueGenerator {
public:
    ValueGenerator(GeneratorInputs inputs, Prng& rng);

    /// One value (never NULL). Deterministic in the Prng's state.
    exec::Value next(Prng& rng);
    /// A value drawn from the random part only (no constants); used to widen pools.
    exec::Value randomValue(Prng& rng);
    /// Whether there are gold constants for this column.
    [[nodiscard]] bool hasConstants() const { return !m_in.constants.empty(); }
    /// The kind of the column this generator serves.
    [[nodiscard]] const ColumnKind& columnKind() const { return m_in.kind; }

private:
    void chooseNumericRange(Prng& rng);
    exec::Value constantValue(Prng& rng);
    exec::Value fit(exec::Value value, Prng& rng);
    exec::Value numericTextValue(Prng& rng);
    std::string randomDate(Prng& rng);
    std::string randomClock(Prng& rng);

    GeneratorInputs m_in;
    double m_constantChance = 0;
    double m_extraChance = 0;
    bool m_integral = true;    ///< Number: integers this time, else reals
    bool m_dateOnly = false;   ///< DateTime: dates this time
    bool m_capitalize = false; ///< Text: Capitalized words this time
    int64_t m_lo = 0;
    int64_t m_hi = 100;
    int m_minWord = 3;
    int m_maxWord = 10;
    std::vector<std::string> m_booleanWords;  ///< Boolean compared with text: 'T'/'F' or the gold's words
};

} // namespace sqleq::fuzz
