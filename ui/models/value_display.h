// How a SQLite value appears in sqleq's item models: the display variant (numbers stay
// numbers for sorting and alignment, NULL is the text "NULL", a BLOB its x'..' literal)
// and its storage class name. Shared by every model that shows rows; no SQL runs here.
#pragma once

#include "core/exec/value.h"

#include <QString>
#include <QVariant>

namespace sqleq::ui {

/// NULL, INTEGER, REAL, TEXT or BLOB.
QString storageClassName(exec::ValueType type);

/// The value for Qt::DisplayRole.
QVariant displayValue(const exec::Value& value);

} // namespace sqleq::ui
