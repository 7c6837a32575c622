// What every GUI test sets up first: Qt's test mode and a private configuration and
// data directory, so the user's recent files, window geometry, saved audit places and
// settings never leak into a test, nor a test's into the user's.
#pragma once

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtGlobal>

namespace sqleq::test {

inline void useTestSettings(const QTemporaryDir& dir)
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
}

} // namespace sqleq::test
