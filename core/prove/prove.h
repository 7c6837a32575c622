// prove: gold and candidate brought to one normal form by named, sound rewrites on
// the parsed tree. When the two normal forms print the same, the pair is *proved*
// equivalent under the profile's promises, and the chain of rewrites is the proof: each
// step names its rule, the query before and after it, and the schema facts it relies
// on. The steps are plain text so that an independent checker (core/proof_check) can
// re-apply them; docs/proofs.md states every rule. The prover never guesses: a query it
// cannot resolve (an unknown or ambiguous name, a construct no rule knows) is left
// unproved, and the search decides.
#pragma once

#include "core/compare/compare.h"
#include "core/fuzz/profile.h"
#include "core/schema/schema.h"

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::prove {

/// Which query a step rewrites.
enum class Side { Gold, Candidate };

/// "gold" or "candidate".
std::string_view sideName(Side side);

/// One rewrite of one query: a rule applied everywhere it fires, once.
struct ProofStep {
    Side side = Side::Gold;
    std::string rule;               ///< "names", "inner_joins", "count_star", … (docs/proofs.md)
    std::string before;             ///< the query before the step, as sqleq prints it
    std::string after;              ///< the query after it
    /// The schema facts and promises the step relies on, in words: "singer.Singer_ID is
    /// the key of singer (PRIMARY KEY)", "no column holds NULL (spider profile)".
    std::vector<std::string> uses;
};

/// The proof of one pair, or why there is none.
struct Proof {
    bool proved = false;
    fuzz::Profile profile = fuzz::Profile::Spider;  ///< the promises the rules relied on
    std::string gold;       ///< the texts the proof starts from, as given
    std::string candidate;
    /// Gold steps first, then the candidate's; each side's chain starts at the query as
    /// judged (postprocessed as the evaluator runs it) and ends at `goldForm` /
    /// `candidateForm`.
    std::vector<ProofStep> steps;
    std::string goldForm;
    std::string candidateForm;
    /// When not proved: why, in words ("the normal forms differ", "the candidate names
    /// no column `x`"). Empty when proved.
    std::string reason;

    /// The steps past `syntax` (which only prints the query as sqleq does): the "4" of
    /// "proved: 4 rewrites".
    [[nodiscard]] std::size_t rewrites() const;
};

/// Brings both queries to the normal form under `profile` and compares them. `orderRule`
/// says when the comparison reads rows as a list (then only the rules that leave the
/// plan alone run). Pure, thread-safe and fast (no database is built or run); never throws.
Proof prove(const schema::Schema& schema, std::string_view gold, std::string_view candidate, fuzz::Profile profile,
            compare::OrderRule orderRule = compare::OrderRule::TopLevelOrderBy);

/// The normal form of one query with its steps (all of one side), for tests and the
/// soundness check: `proved` means the query could be normalized, `goldForm` holds it.
Proof normalize(const schema::Schema& schema, std::string_view query, fuzz::Profile profile);

/// The rule names, in the order the prover applies them.
const std::vector<std::string_view>& ruleNames();

} // namespace sqleq::prove
