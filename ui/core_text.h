// core's strings (UTF-8) as Qt's: one conversion for every adapter of ui/.
#pragma once

#include <QString>

#include <string_view>

namespace sqleq::ui {

inline QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace sqleq::ui
