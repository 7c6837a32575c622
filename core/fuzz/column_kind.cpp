// Column classification. Spider schemas say little (NUMERIC, TEXT, DATETIME,
// BOOLEAN, BLOB for "others"), so names fill the gaps: ids, years and is_/if_
// flags are common there and worth their own value shapes.

#include "core/fuzz/column_kind.h"

#include "core/base/ascii_case.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>

namespace sqleq::fuzz {
namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

/// id, *_id, or a camel-case *ID/*Id ("StuID", "PetId") — not "paid".
bool isIdName(std::string_view name)
{
    if (name.size() < 2) return false;
    const std::string tail = asciiLower(name.substr(name.size() - 2));
    if (tail != "id") return false;
    if (name.size() == 2) return true;
    const char before = name[name.size() - 3];
    return before == '_' || name[name.size() - 2] == 'I';
}

bool isFlagName(std::string_view name)
{
    const std::string low = asciiLower(name);
    return low.starts_with("is_") || low.starts_with("if_") || low.starts_with("has_");
}

/// The numbers inside "(p, s)" of a declared type; missing ones stay 0.
void typeArguments(std::string_view type, int& first, int& second)
{
    const auto open = type.find('(');
    if (open == std::string_view::npos) return;
    const std::string rest(type.substr(open + 1));
    char* end = nullptr;
    first = static_cast<int>(std::strtol(rest.c_str(), &end, 10));
    if (end != nullptr && *end == ',') second = static_cast<int>(std::strtol(end + 1, nullptr, 10));
}

bool isRowidAlias(const schema::Table& table, const schema::Column& column)
{
    return !table.withoutRowid && table.primaryKey.size() == 1
           && schema::sameIdentifier(table.primaryKey.front(), column.name)
           && asciiUpper(column.declaredType) == "INTEGER";
}

std::optional<ColumnKind> strictKind(const schema::Column& column)
{
    const std::string type = asciiUpper(column.declaredType);
    if (type == "INT" || type == "INTEGER") return ColumnKind{ValueKind::Integer, 0, 0, 0, true};
    if (type == "REAL") return ColumnKind{ValueKind::Real, 0, 0, 0, false};
    if (type == "BLOB") return ColumnKind{ValueKind::Blob, 0, 0, 0, false};
    return std::nullopt;
}

/// Kinds spelled out by the declared type itself.
std::optional<ColumnKind> declaredKind(const schema::Column& column)
{
    const std::string type = asciiUpper(column.declaredType);
    if (contains(type, "BOOL")) return ColumnKind{ValueKind::Boolean, 0, 0, 0, false};
    if (contains(type, "DATETIME") || contains(type, "TIMESTAMP")) return ColumnKind{ValueKind::DateTime, 0, 0, 0, false};
    if (contains(type, "DATE")) return ColumnKind{ValueKind::Date, 0, 0, 0, false};
    if (contains(type, "TIME")) return ColumnKind{ValueKind::Time, 0, 0, 0, false};
    if (contains(type, "YEAR")) return ColumnKind{ValueKind::Year, 0, 0, 0, false};
    if (contains(type, "DEC") || contains(type, "NUMERIC(") || contains(type, "NUMBER(")) {
        ColumnKind kind{ValueKind::Decimal, 0, 10, 2, false};
        int precision = 0;
        int scale = 0;
        typeArguments(type, precision, scale);
        if (precision > 0) kind.precision = std::min(precision, 15);
        kind.scale = std::clamp(scale, 0, std::max(0, kind.precision - 1));
        if (precision > 0 && scale == 0) kind.kind = ValueKind::Integer;
        return kind;
    }
    return std::nullopt;
}

ColumnKind numericKind(std::string_view name, ValueKind fallback)
{
    if (isIdName(name)) return {ValueKind::Id, 0, 0, 0, false};
    if (contains(asciiLower(name), "year")) return {ValueKind::Year, 0, 0, 0, false};
    return {fallback, 0, 0, 0, false};
}

} // namespace

ColumnKind classifyColumn(const schema::Table& table, const schema::Column& column)
{
    ColumnKind kind;
    if (table.strict) {
        if (auto strict = strictKind(column)) kind = *strict;
    }
    if (!table.strict || !strictKind(column)) {
        if (auto declared = declaredKind(column)) {
            kind = *declared;
        } else {
            switch (column.affinity) {
            case schema::Affinity::Integer: kind = numericKind(column.name, ValueKind::Integer); break;
            case schema::Affinity::Real: kind = {ValueKind::Real, 0, 0, 0, false}; break;
            case schema::Affinity::Numeric: kind = numericKind(column.name, ValueKind::Number); break;
            case schema::Affinity::Text: {
                kind = {ValueKind::Text, 0, 0, 0, false};
                int length = 0;
                int unused = 0;
                typeArguments(column.declaredType, length, unused);
                kind.maxLength = std::max(length, 0);
                break;
            }
            case schema::Affinity::Blob:
                if (column.logicalType == schema::LogicalType::Boolean || isFlagName(column.name))
                    kind = {ValueKind::Boolean, 0, 0, 0, false};
                else if (column.logicalType == schema::LogicalType::Number)
                    kind = numericKind(column.name, ValueKind::Number);
                else if (column.logicalType == schema::LogicalType::Time)
                    kind = {ValueKind::DateTime, 0, 0, 0, false};
                else
                    kind = {ValueKind::Text, 0, 0, 0, false};
                break;
            }
        }
    }
    if (isRowidAlias(table, column)) {
        kind = {ValueKind::Id, 0, 0, 0, true};
    } else if (table.strict && kind.integersOnly && isIdName(column.name)) {
        kind.kind = ValueKind::Id;
    }
    return kind;
}

bool isNumericKind(ValueKind kind)
{
    switch (kind) {
    case ValueKind::Id: case ValueKind::Integer: case ValueKind::Real: case ValueKind::Number:
    case ValueKind::Decimal: case ValueKind::Year: case ValueKind::Boolean: return true;
    default: return false;
    }
}

} // namespace sqleq::fuzz
