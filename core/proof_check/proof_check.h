// proof_check: the independent checker of a proof file (docs/proofs.md, "Checking a
// proof"). It re-applies every step with its own implementation of the rules, under the
// profile and the schema facts the file carries, and accepts the proof only when each
// side's chain starts at its query as the evaluator runs it, every step gives exactly
// the text it claims, no plan-changing rule touches a query whose rows depend on read
// order, and both chains end in one normal form. It shares no code with core/prove (the
// layering test keeps the two apart) and reads nothing but the file.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sqleq::proof_check {

/// The checker's answer.
struct CheckedProof {
    bool accepted = false;
    /// Why the proof is rejected, one sentence ("step 3 (distinct_key, candidate): the
    /// schema declares no key of singer among the selected columns"); empty when accepted.
    std::string reason;
    /// The 1-based number of the step at fault, when the fault is a step's.
    std::optional<std::size_t> step;
    /// How many steps the file holds (0 when it could not be read that far).
    std::size_t steps = 0;
};

/// Checks a proof file: the object `sqleq-cli check --json` puts under evidence.proof,
/// or that whole output (its evidence.proof is taken). Pure and thread-safe; never
/// throws: a file of the wrong shape is rejected with the field at fault named.
CheckedProof checkProof(const nlohmann::json& file);

/// The same from the file's text; text that is not JSON is rejected with the position
/// of the first error.
CheckedProof checkProofText(std::string_view text);

/// {accepted, reason, step, steps}: what `check-proof --json` prints and Python returns
/// (reason and step null when not applicable).
nlohmann::json checkedProofJson(const CheckedProof& checked);

} // namespace sqleq::proof_check
