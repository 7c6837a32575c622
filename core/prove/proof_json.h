// The proof as a file: what `sqleq-cli check --json` puts under evidence.proof, what
// `sqleq-cli check-proof` and Python's check_proof() read back. It carries the schema
// facts the rules may cite (tables, columns, NOT NULL, collations, keys), so that a
// checker needs nothing but the file. docs/proofs.md describes the format.
#pragma once

#include "core/prove/prove.h"

#include <nlohmann/json.hpp>

namespace sqleq::prove {

inline constexpr std::string_view kProofFormat = "sqleq-proof";
inline constexpr int kProofFormatVersion = 1;

/// The schema as a proof file carries it: {tables: [{name, columns: [{name, type,
/// not_null, collation}], primary_key, unique, without_rowid}]}.
nlohmann::json schemaFactsJson(const schema::Schema& schema);

/// {format, version, profile, proved, gold, candidate, gold_form, candidate_form,
/// rewrites, steps: [{side, rule, before, after, uses}], schema}.
nlohmann::json proofJson(const Proof& proof, const schema::Schema& schema);

} // namespace sqleq::prove
