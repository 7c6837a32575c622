// Value, Row and ResultSet: query results exactly as SQLite stores them
// (NULL, INTEGER, REAL, TEXT, BLOB). Plain data shared by the executor, the
// denotation comparison and every later stage; no SQLite handle lives here.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace sqleq::exec {

enum class ValueType { Null, Integer, Real, Text, Blob };

/// Bytes of a BLOB value; a distinct type so that a BLOB never equals a TEXT.
struct Blob {
    std::string bytes;
    friend bool operator==(const Blob&, const Blob&) = default;
};

/// One SQLite value. Equality here is storage equality (INTEGER 2 != REAL 2.0);
/// the denotation comparison applies its own, Python-like rule on top.
class Value {
public:
    Value() = default;  // NULL
    static Value null() { return {}; }
    static Value integer(int64_t v) { Value out; out.m_data = v; return out; }
    static Value real(double v) { Value out; out.m_data = v; return out; }
    static Value text(std::string v) { Value out; out.m_data = std::move(v); return out; }
    static Value blob(std::string bytes) { Value out; out.m_data = Blob{std::move(bytes)}; return out; }

    [[nodiscard]] ValueType type() const { return static_cast<ValueType>(m_data.index()); }
    [[nodiscard]] bool isNull() const { return type() == ValueType::Null; }
    [[nodiscard]] int64_t asInteger() const { return std::get<int64_t>(m_data); }
    [[nodiscard]] double asReal() const { return std::get<double>(m_data); }
    [[nodiscard]] const std::string& asText() const { return std::get<std::string>(m_data); }
    [[nodiscard]] const std::string& asBlob() const { return std::get<Blob>(m_data).bytes; }

    friend bool operator==(const Value&, const Value&) = default;

private:
    std::variant<std::monostate, int64_t, double, std::string, Blob> m_data;
};

using Row = std::vector<Value>;

struct ResultSet {
    std::vector<std::string> columnNames;
    std::vector<Row> rows;
};

} // namespace sqleq::exec
