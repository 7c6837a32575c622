// counted: "1 row", "2 rows". Qt's %n plural forms need a loaded translator to choose
// between singular and plural; without one "%n row(s)" is shown literally, so the
// English forms are chosen here, by the number.
#pragma once

#include <QString>

namespace sqleq::ui {

inline QString counted(qint64 count, const QString& singular, const QString& plural)
{
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? singular : plural);
}

inline QString countedRows(qint64 count) { return counted(count, QStringLiteral("row"), QStringLiteral("rows")); }

inline QString countedDatabases(qint64 count)
{
    return counted(count, QStringLiteral("database"), QStringLiteral("databases"));
}

} // namespace sqleq::ui
