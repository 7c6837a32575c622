// minimizeCounterexample: verify the input, ddmin over rows, a 1-minimality pass,
// value simplification, and — when values changed — a second 1-minimality pass,
// since a simpler value can make another row redundant; last, references pointed at
// parents that stay anyway (reference_repointer.h), when that frees a row.

#include "core/minimize/minimize.h"

#include "core/minimize/reference_repointer.h"
#include "core/minimize/row_graph.h"
#include "core/minimize/row_reducer.h"
#include "core/minimize/separation_oracle.h"
#include "core/minimize/value_simplifier.h"

#include <algorithm>

namespace sqleq::minimize {
namespace {

// Returns the number of cells changed; keeps `reducer` in step with the new values.
std::size_t simplifyValues(RowGraph& graph, SeparationOracle& oracle, RowReducer& reducer,
                           const MinimizeRequest& request)
{
    oracle.setPhase(MinimizePhase::Values);
    compare::Comparison comparison = reducer.comparison();
    ValueSimplifier simplifier(graph, oracle, reducer.kept(), request.maxValueRuns);
    const std::size_t changed = simplifier.run(comparison);
    if (changed == 0) return 0;
    reducer.valuesChanged(std::move(comparison));
    if (!oracle.cancelled() && !oracle.budgetExhausted()) {
        oracle.setPhase(MinimizePhase::OneMinimal);
        reducer.makeOneMinimal();
    }
    return changed;
}

} // namespace

Result<MinimizeResult> minimizeCounterexample(const schema::DatabaseContent& separating,
                                              const MinimizeRequest& request)
{
    if (request.schema == nullptr) {
        return Diagnostic{"minimize.invalid_request", "minimization needs the database's schema", {}, {}};
    }
    const schema::Schema& keys = request.keySchema != nullptr ? *request.keySchema : *request.schema;
    auto graph = RowGraph::build(keys, separating, request.nonEmptyTables);
    if (!graph) return graph.error();
    SeparationOracle oracle(request);
    oracle.setRowsKept(graph->rowCount());
    auto initial = oracle.establish(graph->contentOf(graph->allRows()));
    if (!initial) return initial.error();

    const RowClasses classes(*graph, request.goldSql, request.candidateSql);
    RowReducer reducer(*graph, oracle, classes, graph->allRows(), std::move(*initial));
    oracle.setPhase(MinimizePhase::Rows);
    reducer.reduce();
    oracle.setPhase(MinimizePhase::OneMinimal);
    reducer.makeOneMinimal();

    MinimizeResult result;
    if (request.simplifyValues && !reducer.stopped()) {
        result.valuesSimplified = simplifyValues(*graph, oracle, reducer, request);
    }
    result.content = graph->contentOf(reducer.kept());
    result.sourceRows = graph->sourceRowsOf(reducer.kept());
    result.comparison = reducer.comparison();
    result.oneMinimal = reducer.oneMinimal();
    if (result.oneMinimal && !reducer.stopped()) {
        oracle.setPhase(MinimizePhase::OneMinimal);
        const auto repointed = repointReferences(keys, request, oracle, result.content, result.sourceRows,
                                                 result.comparison, request.maxRepointRuns);
        if (repointed.repointed > 0) result.oneMinimal = repointed.oneMinimal;
    }
    result.rowsBefore = separating.rowCount();
    result.rowsAfter = result.content.rowCount();
    result.queryRuns = oracle.runs();
    result.cancelled = oracle.cancelled();
    result.budgetExhausted = !result.cancelled && oracle.budgetExhausted();
    return result;
}

} // namespace sqleq::minimize
