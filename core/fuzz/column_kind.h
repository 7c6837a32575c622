// ColumnKind: what sort of values a column holds, read from its declared type,
// affinity, Spider logical type and name (e.g. "*_id" gets small integers,
// "year" plausible years). The sampler's value generators switch on it.
#pragma once

#include "core/schema/schema.h"

#include <cstdint>

namespace sqleq::fuzz {

enum class ValueKind : uint8_t {
    Id,        ///< small positive integers (names like id, *_id, code numbers)
    Integer,
    Real,
    Number,    ///< NUMERIC without more detail: integers or reals, chosen per database
    Decimal,   ///< DECIMAL(p, s): reals with `scale` digits after the point
    Text,
    Date,      ///< 'YYYY-MM-DD'
    DateTime,  ///< 'YYYY-MM-DD HH:MM:SS' (or a date, chosen per database)
    Time,      ///< 'HH:MM:SS'
    Year,
    Boolean,   ///< 0/1, or 'T'/'F' when the gold compares it with text
    Blob,
};

struct ColumnKind {
    ValueKind kind = ValueKind::Text;
    int maxLength = 0;   ///< Text: the n of VARCHAR(n), 0 when unbounded
    int precision = 0;   ///< Decimal only
    int scale = 0;       ///< Decimal only
    /// SQLite requires exact integers here (INTEGER PRIMARY KEY, STRICT INTEGER).
    bool integersOnly = false;
};

/// The kind of `column` of `table`. Pure; never fails (unknown types are Text).
ColumnKind classifyColumn(const schema::Table& table, const schema::Column& column);

/// True for Id, Integer, Real, Number, Decimal, Year and Boolean.
bool isNumericKind(ValueKind kind);

} // namespace sqleq::fuzz
