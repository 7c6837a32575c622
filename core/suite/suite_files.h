// Suite files: a suite on disk in the layout of released test suites
// (DIR/<db_id>/<db_id>_<n>.sqlite), written atomically and read back in the same order.
#pragma once

#include "core/base/result.h"
#include "core/suite/suite_database.h"

#include <filesystem>
#include <string>
#include <vector>

namespace sqleq::suite {

/// Writes the suite as DIR/<db_id>/<db_id>_<n>.sqlite (n from 0), each file written
/// atomically (temp file, fsync, rename); existing files of that layout are replaced,
/// and stale <db_id>_<m>.sqlite files with m >= the suite's size are removed (an
/// evaluator would otherwise read them as part of the suite). Other files are left
/// alone. Errors ("suite.export") name the directory or file.
Status exportSuite(const Suite& suite, const std::filesystem::path& dir);

/// Reads DIR/<db_id>/*.sqlite (every file with ".sqlite" in its name, sorted by name,
/// as test-suite-sql-eval does) into a suite; files are opened read-only.
/// Sorting is by name with digit runs compared as numbers, so db_2 comes before db_10
/// and an export reads back in its order. Errors ("suite.import") name the directory
/// or the file at fault; a folder without any .sqlite file is an error too.
Result<Suite> importSuite(const std::filesystem::path& dir, const std::string& dbId);

/// The files importSuite reads, in its order (dataset::DatasetLayout::suiteFiles with
/// `dir` as the suites folder): database n of the imported suite is file n. Cheap (a
/// directory listing); errors as importSuite's.
Result<std::vector<std::filesystem::path>> listSuiteFiles(const std::filesystem::path& dir, const std::string& dbId);

} // namespace sqleq::suite
