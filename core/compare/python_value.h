// How the official evaluator sees one SQLite value after Python's sqlite3 fetched it:
// str(x) and str(type(x)) (the per-row sort key of quick_rej), == and a hash that is
// consistent with == (INTEGER 2 and REAL 2.0 hash alike). Internal to core/compare;
// the public surface is compare.h.
#pragma once

#include "core/exec/value.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sqleq::compare::detail {

/// str(type(x)) for the Python type a value of this storage class becomes.
std::string_view pythonTypeString(exec::ValueType type);

/// repr(float): shortest round-trip digits, scientific when the exponent is < -4 or >= 16.
std::string pythonFloatRepr(double value);
void appendFloatRepr(std::string& out, double value);

/// Appends str(x) to `out` without temporaries (the hot path of quick_rej's sort keys).
void appendPythonStr(std::string& out, const exec::Value& value);

/// repr(bytes): b'...' with Python's quote choice and \\, \', \t, \n, \r, \xhh escapes.
std::string pythonBytesRepr(std::string_view bytes);

/// Whether Python's strict UTF-8 decoder accepts the bytes (no surrogates, no overlongs).
bool isValidUtf8(std::string_view bytes);

/// bytes.decode("utf-8", errors="ignore"): every byte outside a valid sequence dropped.
std::string dropInvalidUtf8(std::string_view bytes);

/// Python == on values whose TEXT is already valid UTF-8 (see NormalizedTable).
bool equalNormalized(const exec::Value& a, const exec::Value& b);

/// Whether a REAL equals some INTEGER under Python == (integral and within int64 range,
/// which includes -0.0): the only values whose str() sort key differs from an equal value's.
bool equalsAnInteger(double value);

/// A 64-bit hash consistent with equalNormalized; an integral REAL within int64 range
/// hashes as the INTEGER of the same value.
uint64_t hashNormalized(const exec::Value& value);

/// Order-dependent combination used for row hashes.
uint64_t combineHash(uint64_t seed, uint64_t value);

/// A strong 64-bit finalizer (splitmix64), so that sums of hashes are good fingerprints.
uint64_t mixHash(uint64_t value);

} // namespace sqleq::compare::detail
