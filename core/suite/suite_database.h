// A test suite S_g as data: the databases it holds, each serialized (the SQLite file
// format) with where it came from. Built by distillation (distill.h), read and written
// by suite_files.h, judged against by checker.h; plain values, no behaviour.
#pragma once

#include "core/exec/connection.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sqleq::suite {

enum class DatabaseOrigin { Original, Sampled, Imported, Targeted };

/// One database of a suite, serialized (the SQLite file format): cheap to copy into a
/// connection on any thread with exec::Connection::deserializeCopy.
struct SuiteDatabase {
    DatabaseOrigin origin = DatabaseOrigin::Sampled;
    std::string label;          ///< "original", "sample 17", "targeted: …", or the imported file's name
    uint64_t sampleIndex = 0;   ///< for Sampled: the fuzz stream index it came from
    exec::Bytes bytes;
};

struct Suite {
    std::string dbId;                       ///< the schema's name
    std::vector<SuiteDatabase> databases;   ///< the original one first, when given
};

} // namespace sqleq::suite
