// Spider's official exact set match (ESM) without values, its component
// (partial) scores and its hardness classes, conformant with
// taoyds/test-suite-sql-eval evaluation.py + process_sql.py (DISABLE_VALUE and
// DISABLE_DISTINCT on). Works on the official parser's structure, not on our
// AST, because the metric is defined by that parser's quirks.
#pragma once

#include "core/base/result.h"
#include "core/metrics/spider_schema_index.h"

#include <array>
#include <string_view>

namespace sqleq::metrics {

enum class Hardness { Easy, Medium, Hard, Extra };

/// "easy", "medium", "hard", "extra" — the official labels.
std::string_view hardnessName(Hardness hardness);

struct EsmOptions {
    /// The official metric never compares join predicates (FROM ... ON); set
    /// this to also require the same multiset of ON conditions (columns before
    /// foreign-key unification, sides unordered).
    bool fixJoinPredicates = false;
    /// The official driver runs `pred.replace("value", "1")` before parsing
    /// (exec::officialValuePlaceholder).
    bool replaceValuePlaceholder = true;
};

/// The ten official partial-match components, in evaluation.py's order.
enum class Component {
    Select, SelectNoAgg, Where, WhereNoOp, GroupNoHaving, Group, Order, AndOr, Iuen, Keywords
};
inline constexpr size_t kComponentCount = 10;

/// "select", "select(no AGG)", ... — evaluation.py's keys.
std::string_view componentName(Component component);

/// One entry of evaluator.partial_scores: totals, matched count and acc/rec/f1 (0 or 1).
struct ComponentScore {
    int labelTotal = 0;
    int predTotal = 0;
    double acc = 0;
    double rec = 0;
    double f1 = 0;
    [[nodiscard]] bool matched() const { return f1 == 1; }
};

struct ComponentScores {
    std::array<ComponentScore, kComponentCount> scores{};
    [[nodiscard]] const ComponentScore& operator[](Component c) const {
        return scores[static_cast<size_t>(c)];
    }
    ComponentScore& operator[](Component c) { return scores[static_cast<size_t>(c)]; }
};

struct EsmResult {
    bool exact = false;            ///< the official verdict (or the fixed one with fixJoinPredicates)
    bool officialExact = false;    ///< the official verdict, whatever the options
    bool predictionParsed = false; ///< false: scored as the official empty SQL
    std::string predictionError;   ///< why the official parser rejected the prediction
    Hardness hardness = Hardness::Easy; ///< of the gold
    ComponentScores components;
};

/// Hardness of a gold query on `dbId`. Errors: unknown db ("metrics.unknown_db"),
/// gold the official parser rejects ("metrics.spider_parse"). Thread-safe.
Result<Hardness> classifyHardness(std::string_view goldSql, const SpiderSchemaIndex& index,
                                  std::string_view dbId);

/// ESM of `pred` against `gold` on `dbId`. A prediction the official parser
/// rejects is not an error: it scores 0 with predictionParsed = false. Errors
/// are an unknown db or an unparsable gold. Thread-safe.
Result<EsmResult> exactSetMatch(std::string_view gold, std::string_view pred,
                                const SpiderSchemaIndex& index, std::string_view dbId,
                                const EsmOptions& options = {});

} // namespace sqleq::metrics
