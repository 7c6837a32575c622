// Running the sqleq-cli under test (SQLEQ_CLI_PATH) from the source directory, with
// its exit code and both output streams, for the CLI test programs.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList& arguments, int timeoutMs = 120000)
{
    QProcess process;
    process.setWorkingDirectory(QStringLiteral(SQLEQ_SOURCE_DIR));
    process.start(QStringLiteral(SQLEQ_CLI_PATH), arguments);
    process.waitForFinished(timeoutMs);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}
