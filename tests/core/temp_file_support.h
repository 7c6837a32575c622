// Small input files written byte for byte into a test's temporary folder, for the
// tests of the readers (gold, predictions, BIRD's JSON, size caps).
#pragma once

#include <QTemporaryDir>

#include <fstream>
#include <string>

/// Writes `text` to `dir`/`name` and returns the file's path.
inline std::string writeTestFile(const QTemporaryDir& dir, const char* name, const std::string& text)
{
    const auto path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}
