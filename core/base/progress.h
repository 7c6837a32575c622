// Progress: what a long job of core (distillation, a batch, an evaluation) reports
// while it runs, and the callback that receives it. Plain data shared by every stage
// that reports progress; the caller decides how to show it (a terminal line, a Qt
// signal). Calls come from the thread that called the job, never from a worker.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace sqleq {

/// Work reported by long jobs. Called from the thread that called the job.
struct Progress {
    std::string phase;          ///< "neighbors", "sampling", "checking", "minimizing", ...
    std::size_t done = 0;
    std::size_t total = 0;      ///< 0 when unknown
    std::size_t suiteSize = 0;
    std::size_t undistinguished = 0;
    std::string dbId;             ///< distillBatch: the schema being distilled
    std::size_t schemaIndex = 0;  ///< distillBatch: its position among the schemas
    std::size_t schemaCount = 0;  ///< distillBatch: how many schemas; 0 outside a batch
};
using ProgressCallback = std::function<void(const Progress&)>;

} // namespace sqleq
