// The metrics of one item, each from its own building block: hardness and ESM from
// core/metrics/spider_esm, exec and test-suite accuracy from suite::checkCandidate
// (on the one original database, resp. the imported suite, so both share the
// official comparison, plug-value and keep-distinct), SQL-Eval from runSqlEval on the
// original database, PCM-F1 from the two texts, sqleq from the test suite plus the
// verdict-after-search step `check` takes (inspect::verdictAfterSearch), under the
// same settings. Failures become notes, never errors.
#include "core/evaluation/item_evaluator.h"

#include "core/base/cancellation.h"
#include "core/exec/spider_compat.h"
#include "core/metrics/pcm_f1.h"
#include "core/inspect/inspect.h"
#include "core/inspect/metric_conventions.h"
#include "core/prove/prove.h"

#include <fmt/format.h>

namespace sqleq::evaluation {
namespace {

/// The outcome of checkCandidate as one metric: true/false, or unset with a note when
/// the gold itself failed or the check was cancelled (the verdict then says nothing
/// about the prediction).
void recordVerdict(const suite::CheckResult& checked, Metric metric, std::optional<bool>& value,
                   std::vector<ItemNote>& notes)
{
    if (checked.cancelled) {
        notes.push_back({metric, NoteReason::Cancelled, "cancelled"});
    } else if (checked.verdict == suite::VerdictKind::GoldError) {
        notes.push_back({metric, NoteReason::GoldFailed, checked.message});
    } else {
        value = checked.verdict == suite::VerdictKind::Equivalent;
        // A prediction that does not run (an error, or a budget it ran past) says why.
        if (checked.verdict == suite::VerdictKind::CandidateError)
            notes.push_back({metric, NoteReason::PredictionFailed, checked.message});
    }
}

/// Why `dbId` has nothing loaded: its recorded error, or — for a Scorer asked about a
/// db_id its inputs never named — that it is unknown.
std::string loadError(const std::map<std::string, std::string>& errors, const std::string& dbId)
{
    const auto found = errors.find(dbId);
    return found != errors.end() ? found->second : fmt::format("unknown db_id '{}'", dbId);
}

} // namespace

std::string SearchVerdicts::keyOf(const std::string& dbId, const std::string& gold, const std::string& prediction)
{
    std::string key;
    key.reserve(dbId.size() + gold.size() + prediction.size() + 2);
    key.append(dbId).push_back('\0');
    key.append(gold).push_back('\0');
    key.append(prediction);
    return key;
}

std::optional<SearchVerdicts::Verdict> SearchVerdicts::find(const std::string& dbId, const std::string& gold,
                                                            const std::string& prediction) const
{
    const std::lock_guard lock(m_mutex);
    const auto found = m_verdicts.find(keyOf(dbId, gold, prediction));
    if (found == m_verdicts.end()) return std::nullopt;
    return found->second;
}

void SearchVerdicts::add(const std::string& dbId, const std::string& gold, const std::string& prediction,
                         Verdict verdict)
{
    const std::lock_guard lock(m_mutex);
    m_verdicts.insert_or_assign(keyOf(dbId, gold, prediction), std::move(verdict));
}

ItemEvaluator::ItemEvaluator(const EvaluationContext& context, const EvaluationOptions& options,
                             const std::atomic<bool>* cancel, SearchVerdicts* searched)
    : m_context(context), m_options(options), m_esm(options.esm), m_check(inspect::checkOptions(options.settings, cancel)),
      m_sqlEval{.subset = options.sqlEvalSubset, .orderMatters = std::nullopt,
                .limits = inspect::queryLimits(options.settings, cancel)},
      m_cancel(cancel), m_searched(searched != nullptr ? *searched : m_ownVerdicts)
{
    m_esm.replaceValuePlaceholder = options.valuePlaceholder == ValuePlaceholder::Official;
}

ItemMetrics ItemEvaluator::evaluate(std::size_t index, const suite::GoldItem& gold, const std::string& prediction)
{
    ItemMetrics item;
    item.index = index;
    item.dbId = gold.dbId;
    if (m_context.hardness) addSpiderMetrics(item, gold, prediction);
    // Execution and test suite run the prediction as the official evaluator does;
    // exact match applies the same rewrite itself (m_esm).
    const std::string asRun = m_options.valuePlaceholder == ValuePlaceholder::Official
                                  ? exec::officialValuePlaceholder(prediction)
                                  : prediction;
    if (asRun != prediction && (m_context.computed.exec || m_context.computed.testSuite))
        item.notes.push_back({std::nullopt, NoteReason::ValuePlaceholder,
                              "\"value\" run as \"1\", as the official evaluator does"});
    if (m_context.computed.exec) addExec(item, gold, asRun);
    if (m_context.computed.testSuite) addTestSuite(item, gold, asRun, prediction);
    if (m_context.computed.sqlEval) addSqlEval(item, gold, prediction);
    if (m_context.computed.pcmF1) addPcmF1(item, gold, prediction);
    return item;
}

void ItemEvaluator::addSpiderMetrics(ItemMetrics& item, const suite::GoldItem& gold,
                                     const std::string& prediction) const
{
    const auto& index = *m_context.tables;
    if (m_context.computed.esm) {
        auto matched = metrics::exactSetMatch(gold.sql, prediction, index, gold.dbId, m_esm);
        if (!matched) {
            item.notes.push_back({Metric::Esm, NoteReason::Unscored, matched.error().message});
            return;
        }
        item.hardness = matched->hardness;
        item.esm = matched->exact;
        item.components = matched->components;
        if (!matched->predictionParsed)
            item.notes.push_back({Metric::Esm, NoteReason::PredictionUnparsed,
                                  fmt::format("the official parser rejects the prediction ({}; scored as the "
                                              "empty SQL)", matched->predictionError)});
        return;
    }
    auto hardness = metrics::classifyHardness(gold.sql, index, gold.dbId);
    if (hardness) item.hardness = *hardness;
    else item.notes.push_back({Metric::Hardness, NoteReason::Unscored, hardness.error().message});
}

void ItemEvaluator::addExec(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction)
{
    const auto original = m_context.originals.find(gold.dbId);
    if (original == m_context.originals.end()) {
        item.notes.push_back({Metric::Exec, NoteReason::NoOriginalDatabase, loadError(m_context.originalErrors, gold.dbId)});
        return;
    }
    const auto checked = suite::checkCandidate(gold.sql, prediction, original->second, m_check, m_cancel, &m_remembered);
    recordVerdict(checked, Metric::Exec, item.exec, item.notes);
}

void ItemEvaluator::addTestSuite(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction,
                                 const std::string& written)
{
    const auto found = m_context.suites.find(gold.dbId);
    if (found == m_context.suites.end()) {
        item.notes.push_back({Metric::TestSuite, NoteReason::NoSuite, loadError(m_context.suiteErrors, gold.dbId)});
        return;
    }
    const auto checked = suite::checkCandidate(gold.sql, prediction, found->second, m_check, m_cancel, &m_remembered);
    recordVerdict(checked, Metric::TestSuite, item.testSuite, item.notes);
    if (!checked.cancelled) {
        item.testSuiteVerdict = std::string(suite::verdictKindName(checked.verdict));
        item.separatingDatabase = checked.separatingDatabase;
        if (checked.separatingDatabase >= 0)
            item.separatingDatabaseFile = found->second.databases[static_cast<std::size_t>(checked.separatingDatabase)].label;
    }
    if (m_context.computed.sqleq && item.testSuite.has_value()) addSqleq(item, gold, written, found->second, checked);
}

void ItemEvaluator::addSqleq(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction,
                             const suite::Suite& suite, const suite::CheckResult& checked)
{
    // sqleq judges the texts as written: when the metric's conventions change neither,
    // its `different` stands, and the same text cannot give another result anywhere.
    if (inspect::judgedAsWritten(checked, gold.sql, prediction)
        && (!*item.testSuite || m_options.settings.searchBudget == 0 || checked.goldUsed == checked.candidateUsed)) {
        item.sqleq = item.testSuite;
        // `check` tries to prove a pair no suite database separates; the same texts as run
        // are such a pair, and eval must call it proved exactly when `check` does.
        const auto& settings = m_options.settings;
        if (*item.testSuite && settings.searchBudget > 0 && settings.prove) {
            if (const auto schema = m_context.schemas.find(gold.dbId); schema != m_context.schemas.end())
                item.proved = prove::prove(schema->second, gold.sql, prediction, settings.profile, settings.orderRule).proved;
        }
        return;
    }
    const auto record = [&](const SearchVerdicts::Verdict& verdict) {
        item.sqleq = verdict.equivalent;
        item.proved = verdict.proved;
        item.testSuiteFalsePositive = verdict.testSuiteFalsePositive;
        if (item.testSuiteFalsePositive) {
            item.sqleqFoundBy = verdict.foundBy;
            item.notes.push_back({Metric::Sqleq, NoteReason::TestSuiteFalsePositive,
                                  fmt::format("a test-suite false positive: {} separates them", verdict.foundBy)});
        }
        if (!verdict.conventionNote.empty())
            item.notes.push_back({Metric::Sqleq, NoteReason::Convention, verdict.conventionNote});
    };
    if (const auto known = m_searched.find(gold.dbId, gold.sql, prediction)) {
        record(*known);
        return;
    }
    const auto schema = m_context.schemas.find(gold.dbId);
    if (schema == m_context.schemas.end()) {
        item.notes.push_back({Metric::Sqleq, NoteReason::NoSchema, loadError(m_context.schemaErrors, gold.dbId)});
        return;
    }
    // The search appends the database it finds; the shared suite stays read-only. Items
    // already run in parallel, one per worker: one search thread each keeps the cores busy
    // without oversubscribing them (no verdict depends on the thread count).
    suite::Suite extended = suite;
    inspect::CheckSettings settings = m_options.settings;
    settings.jobs = 1;
    const auto searched = inspect::verdictAfterSearch(schema->second, gold.sql, prediction, extended, checked,
                                                      settings, m_cancel);
    if (searched.cancelled) {
        item.notes.push_back({Metric::Sqleq, NoteReason::Cancelled, "cancelled"});
        return;
    }
    const SearchVerdicts::Verdict verdict{searched.check.verdict == suite::VerdictKind::Equivalent, searched.foundBy,
                                          searched.conventionNote, searched.testSuiteFalsePositive,
                                          searched.proof.has_value()};
    m_searched.add(gold.dbId, gold.sql, prediction, verdict);
    record(verdict);
}

void ItemEvaluator::addSqlEval(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction)
{
    std::string why;
    exec::Connection* conn = originalConnection(gold.dbId, why);
    if (conn == nullptr) {
        item.notes.push_back({Metric::SqlEval, NoteReason::NoOriginalDatabase, why});
        return;
    }
    const void* database = &m_context.originals.find(gold.dbId)->second.databases.front().bytes;
    auto run = metrics::runSqlEval(*conn, gold.sql, prediction, m_sqlEval, &m_remembered, database);
    if (cancelRequested(m_cancel)) {
        item.notes.push_back({Metric::SqlEval, NoteReason::Cancelled, "cancelled"});
    } else if (!run) {
        item.notes.push_back({Metric::SqlEval, NoteReason::Unscored, run.error().message});
    } else {
        item.sqlEval = run->passed;
    }
}

void ItemEvaluator::addPcmF1(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction) const
{
    auto scored = metrics::pcmF1(gold.sql, prediction);
    if (scored) item.pcmF1 = scored->f1;
    else item.notes.push_back({Metric::PcmF1, NoteReason::GoldFailed, "the gold does not parse: " + scored.error().message});
}

exec::Connection* ItemEvaluator::originalConnection(const std::string& dbId, std::string& why)
{
    if (auto open = m_originalConnections.find(dbId); open != m_originalConnections.end()) return &open->second;
    const auto original = m_context.originals.find(dbId);
    if (original == m_context.originals.end()) {
        why = loadError(m_context.originalErrors, dbId);
        return nullptr;
    }
    auto conn = exec::Connection::deserializeCopy(original->second.databases.front().bytes);
    if (!conn) {
        why = conn.error().message;
        return nullptr;
    }
    return &m_originalConnections.emplace(dbId, std::move(conn.value())).first->second;
}

} // namespace sqleq::evaluation
