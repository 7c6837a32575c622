// Query results as text lines, one per row, for tests that compare two results
// independently of the comparison code under test.
#pragma once

#include "core/exec/value.h"

#include <string>
#include <vector>

/// Each row as "cell|cell|…": integers and reals as numbers, texts quoted, NULL as NULL.
inline std::vector<std::string> rowTexts(const std::vector<sqleq::exec::Row>& rows)
{
    std::vector<std::string> out;
    for (const auto& row : rows) {
        std::string line;
        for (const auto& value : row) {
            switch (value.type()) {
            case sqleq::exec::ValueType::Integer: line += std::to_string(value.asInteger()); break;
            case sqleq::exec::ValueType::Real: line += std::to_string(value.asReal()); break;
            case sqleq::exec::ValueType::Text: line += "'" + value.asText() + "'"; break;
            default: line += "NULL"; break;
            }
            line += "|";
        }
        out.push_back(std::move(line));
    }
    return out;
}
