// Value → QVariant for display; kept in one place so every table shows values alike.

#include "ui/models/value_display.h"

#include <QByteArray>

namespace sqleq::ui {

QString storageClassName(exec::ValueType type)
{
    switch (type) {
    case exec::ValueType::Null: return QStringLiteral("NULL");
    case exec::ValueType::Integer: return QStringLiteral("INTEGER");
    case exec::ValueType::Real: return QStringLiteral("REAL");
    case exec::ValueType::Text: return QStringLiteral("TEXT");
    case exec::ValueType::Blob: return QStringLiteral("BLOB");
    }
    return {};
}

QVariant displayValue(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return QStringLiteral("NULL");
    case exec::ValueType::Integer: return QVariant::fromValue<qlonglong>(value.asInteger());
    case exec::ValueType::Real: return value.asReal();
    case exec::ValueType::Text: return QString::fromUtf8(value.asText());
    case exec::ValueType::Blob:
        return QStringLiteral("x'%1'").arg(QString::fromLatin1(QByteArray::fromStdString(value.asBlob()).toHex()));
    }
    return {};
}

} // namespace sqleq::ui
