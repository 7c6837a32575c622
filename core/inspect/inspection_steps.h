// The steps of one inspection after the verdict, each on the calling thread and
// internal to core/inspect: both queries on every database (the GUI's view) and the
// nearest-neighbor diagnosis. inspect.cpp sequences them; nothing else calls them.
#pragma once

#include "core/inspect/inspect.h"

namespace sqleq::inspect {

/// Runs check.goldUsed and check.candidateUsed on every database of the inspection's
/// suite and reads each database back; fills `inspection.databases`. Stops on cancel.
void runEveryDatabase(Inspection& inspection, const schema::Schema& schema, const exec::ExecLimits& limits,
                      const std::atomic<bool>* cancel);

/// The gold's neighbors whose results equal the candidate's (as judged) on every suite
/// database and on the counterexample; fills `inspection.diagnosis.nearestNeighbors`.
/// The smallest databases are tried first (a neighbor that differs there is not run on a
/// large original); the runs stop at kDiagnosisWorkBudgets query budgets. `progress`
/// gets "diagnosing" with the neighbors tried, after each one.
void diagnoseNearestNeighbors(Inspection& inspection, const schema::Schema& schema, const exec::ExecLimits& limits,
                              const std::atomic<bool>* cancel, const ProgressCallback& progress = {});

/// Runs gold and candidate (as judged) on the separating database with rows read in
/// reverse too; fills `inspection.diagnosis.nondeterminism`. `readable` is the schema
/// as fuzz::materializableSchema gives it.
void diagnoseNondeterminism(Inspection& inspection, const schema::Schema& readable, const exec::ExecLimits& limits);

/// The inspection of a pair the rewrites prove (proof_first.cpp), without distilling a
/// suite: the metric and sqleq judged on the databases sqleq did not build (the original,
/// a prebuilt suite) and by the proof on every other. Nullopt when the pair is not proved
/// (as written and, unless keep-distinct, with DISTINCT removed) or a supplied database
/// separates it or a query does not run: then the whole inspection decides.
std::optional<Inspection> inspectByProof(const schema::SchemaSource& source, const CheckRequest& request,
                                         const std::optional<suite::Suite>& prebuilt, const std::atomic<bool>* cancel);

/// A proved pair's CheckResult::message: "4 rewrites bring gold and candidate to one
/// normal form: equivalent on every database the spider profile allows".
std::string provedMessage(const prove::Proof& proof);

/// Database `index` of `suite` was sampled or built by sqleq, so it keeps the profile it
/// was made under; the user's original and a prebuilt suite's files need not.
bool madeBySqleq(const suite::Suite& suite, int index);

/// What the other profile makes of the pair (inspection.otherProfile), from the
/// counterexample when it keeps the other profile's promises, else from one more search
/// of the other profile's own databases. `settings` are the inspection's.
void judgeUnderOtherProfile(Inspection& inspection, const schema::Schema& schema, const CheckSettings& settings,
                            const std::atomic<bool>* cancel);

} // namespace sqleq::inspect
