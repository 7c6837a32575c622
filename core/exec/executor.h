// The safe executor: runs ONE untrusted statement (a model's or a user's query)
// under the read-only authorizer, a step budget (deterministic), a wall-clock
// safety net and row/byte caps, and returns its denotation as a QueryOutcome.
// Nothing on disk is written; errors, denials, timeouts and oversize results are
// outcomes, never exceptions or crashes.
#pragma once

#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"

#include <string_view>

namespace sqleq::exec {

/// Runs `sql` on `conn` and collects every row, typed as SQLite stores it.
/// Outcomes: Rows; Error ("exec.denied" for a forbidden operation, naming it;
/// "exec.multiple_statements"; "exec.empty"; "exec.prepare" with SQLite's message
/// and span; "exec.runtime"); Timeout ("exec.timeout" when limits.maxSteps ran
/// out, or "exec.cancelled" when limits.cancel was set); WallClockTimeout
/// ("exec.wall_clock", the safety net; machine-dependent); TooLarge
/// ("exec.too_large": rows, bytes, a value or the SQL text over its length limit;
/// "exec.memory": the heap budget limits.maxHeapBytes). The statement stays prepared in the connection's cache
/// (keyed by the exact text) for the next run; the authorizer and progress
/// handler stay installed but are disarmed and the connection's limits restored
/// before returning, so trusted SQL runs on it as before. Call from the thread
/// that owns `conn`.
QueryOutcome runQuery(Connection& conn, std::string_view sql, const ExecLimits& limits = {});

/// runQuery() with `parameters` bound to ?1, ?2, … (sqleq's own values, e.g. a
/// sampled row under an untrusted CHECK); unbound ones stay NULL.
QueryOutcome runQuery(Connection& conn, std::string_view sql, const ExecLimits& limits, const Row& parameters);

} // namespace sqleq::exec
