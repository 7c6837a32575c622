// Process exit codes of sqleq-cli, documented in `--help`; scripts rely on them.
#pragma once

namespace sqleq::cli {

enum ExitCode : int {
    kExitSuccess = 0,     ///< done; for compare: the two queries have the same denotation
    kExitDifferent = 1,   ///< compare: the denotations differ (a failing candidate included); check-proof: rejected
    kExitUsage = 2,       ///< bad command-line arguments
    kExitInputError = 3,  ///< unreadable file, bad schema, SQL that does not parse or run
    kExitInternal = 4,    ///< a bug in sqleq: please report it
};

inline constexpr const char* kExitCodeHelp =
    "\nExit codes: 0 success (compare: same denotation), 1 compare: different (check-proof: rejected), "
    "2 usage error, 3 input error (file, schema, SQL), 4 internal error.";

} // namespace sqleq::cli
