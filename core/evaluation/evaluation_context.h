// EvaluationContext: everything the metrics of a batch read besides the two queries,
// loaded once before the workers start — the Spider schema index, one imported suite
// per db_id, and each original database as a one-database suite. Read-only while the
// workers run, so they share it without locks. Internal to core/evaluation.
#pragma once

#include "core/evaluation/evaluation.h"
#include "core/evaluation/scorer.h"
#include "core/schema/schema.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace sqleq::evaluation {

/// An "evaluation.input" diagnostic: the inputs (files, folders, their pairing) are at fault.
Diagnostic inputError(std::string message);

struct EvaluationContext {
    MetricSelection computed;  ///< selection ∧ inputs given
    bool hardness = false;     ///< tables.json was given
    std::optional<metrics::SpiderSchemaIndex> tables;
    /// By db_id; a db_id whose suite could not be imported is in suiteErrors instead.
    std::map<std::string, suite::Suite> suites;
    std::map<std::string, std::string> suiteErrors;
    /// By db_id: DIR/<db_id>/<db_id>.sqlite as a suite of that one database, so that
    /// single-denotation exec is suite::checkCandidate with the test suite's semantics.
    std::map<std::string, suite::Suite> originals;
    std::map<std::string, std::string> originalErrors;
    /// By db_id, for sqleq's search: the schema from tables.json.
    std::map<std::string, schema::Schema> schemas;
    std::map<std::string, std::string> schemaErrors;
};

/// Loads what `inputs` points to for the metrics `selection` asks for, for the db_ids
/// in `dbIds`. Errors
/// ("evaluation.input") only for an unreadable tables.json or a directory that does
/// not exist; a missing db_id is recorded per db_id for the items to note.
Result<EvaluationContext> loadEvaluationContext(const ScoringInputs& inputs, const MetricSelection& selection,
                                                const std::set<std::string>& dbIds);

} // namespace sqleq::evaluation
