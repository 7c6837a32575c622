// audit: the annotation store of an audit project — a `.sqleq-audit` file that is a
// SQLite database holding the batch's sources, every item with its metrics, the
// growing list of reasons, and the annotators' verdicts — plus its exchange formats
// (the TSV layout of TestSuiteEval's esm_false_negatives.tsv, JSON) and the
// agreement between two annotators. The store runs in WAL mode and commits one
// transaction per edit (synchronous=FULL), so a process killed at any moment loses
// nothing that a call had returned success for. No Qt, nothing thrown.
#pragma once

#include "core/base/result.h"
#include "core/evaluation/evaluation.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::audit {

namespace detail {
class Connection;
}

/// What an audit project may hold. A project file is untrusted input (it travels
/// between annotators): open() refuses one beyond these bounds, and every store call
/// runs under a step and memory budget, so no file can hang or exhaust a command.
struct StoreLimits {
    static constexpr std::uint64_t kMaxFileBytes = 128ull << 20;  ///< the file plus its -wal
    static constexpr std::size_t kMaxItems = 200'000;
    static constexpr std::size_t kMaxAnnotations = 500'000;
    static constexpr std::size_t kMaxReasons = 10'000;
    static constexpr std::size_t kMaxProjectKeys = 1'000;
    static constexpr int kMaxValueBytes = 16 << 20;               ///< one text in the store
    static constexpr std::uint64_t kStepBudget = 50'000'000;      ///< SQLite VM steps per store call
    static constexpr std::int64_t kHeapBudget = 256ll << 20;      ///< SQLite heap growth per store call
    static constexpr std::uint64_t kMaxExportBytes = 256ull << 20;  ///< text of an export, before escaping
};

enum class Verdict { Equivalent, NotEquivalent, Unsure };

/// "equivalent", "not_equivalent", "unsure".
std::string_view verdictName(Verdict verdict);
std::optional<Verdict> verdictFromName(std::string_view name);

/// Where the batch came from, as given when the project was created (paths as given).
struct ProjectSources {
    std::string gold;
    std::string predictions;
    std::string tables;
    std::string originalDatabases;  ///< may be empty
    std::string suites;             ///< may be empty
    std::string questions;          ///< dev_questions.tsv style `index db_id question`; may be empty
    /// Every setting the project's metrics and sqleq verdicts were computed under, and
    /// the inspector opens its items with: stored whole, in their JSON form, under the
    /// project key `settings`. Older projects kept plug_value, keep_distinct, profile,
    /// seed and search_budget as keys of their own; they are read into it.
    inspect::CheckSettings settings{};
    /// A multi-turn (SParC, CoSQL) gold: the turns of each interaction, in order (see
    /// evaluation::SubmissionInputs::interactionTurns); empty for a single-turn one.
    /// Kept under the project key `interaction_turns`, which older projects lack.
    std::vector<uint32_t> interactionTurns{};
};

/// One item of the batch as the store keeps it. In a multi-turn project
/// `metrics.turn` gives its interaction and turn (from the sources' interactionTurns).
struct AuditItem {
    std::size_t index = 0;
    std::string dbId;
    std::string question;  ///< empty when no questions file was given
    std::string gold;
    std::string prediction;
    evaluation::ItemMetrics metrics;
};

struct Annotation {
    std::size_t itemIndex = 0;
    std::string annotator;
    Verdict verdict = Verdict::Unsure;
    std::string reason;     ///< one of the store's reasons, or empty
    std::string note;       ///< free text
    std::string updatedAt;  ///< UTC, ISO 8601 ("2026-11-21T10:04:05Z"); set by the store
};

/// The reasons every new project starts with (the list grows with addReason).
const std::vector<std::string>& defaultReasons();

/// An open project file. Move-only; owns one SQLite connection. Calls must not
/// overlap: use a store from one thread at a time, or open a second store on the
/// same file in another thread or process (WAL lets readers run beside a writer;
/// a writer waits up to 5 s for another's transaction). Every error names the file.
class AnnotationStore {
public:
    /// Creates a new project file (an existing file is an error, nothing is touched)
    /// holding the sources, the items and the default reasons, in one transaction.
    /// On any failure the half-made file is removed ("audit.create", naming the file
    /// and, for a bad item such as a duplicate index, the item).
    static Result<AnnotationStore> create(const std::filesystem::path& path, const ProjectSources& sources,
                                          const std::vector<AuditItem>& items);
    /// Opens an existing project for reading and writing, after verifying it (see
    /// StoreLimits and detail::verifyProject): errors "audit.open" name the file and
    /// what is wrong (no such file, not a project, newer format, a table missing,
    /// replaced by a view or redefined, a trigger, an orphan annotation, too large,
    /// corrupt per PRAGMA quick_check). A refused file is left exactly as it was. A
    /// project of an older format is upgraded in one transaction.
    static Result<AnnotationStore> open(const std::filesystem::path& path);
    /// Opens a project for reading only, verified as open() does (an older format is
    /// read as it is, not upgraded). Neither the file nor its directory changes: when
    /// no other connection has the project open (no -wal file), SQLite reads it as
    /// immutable and every read checks afterwards that the file did not change
    /// meanwhile (if it did, the read is repeated on a fresh connection); otherwise
    /// it shares the existing -wal/-shm like any reader. Edits fail ("audit.sql").
    static Result<AnnotationStore> openReadOnly(const std::filesystem::path& path);

    AnnotationStore(AnnotationStore&&) noexcept;
    AnnotationStore& operator=(AnnotationStore&&) noexcept;
    ~AnnotationStore();

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }
    [[nodiscard]] Result<ProjectSources> sources() const;
    [[nodiscard]] Result<std::vector<AuditItem>> items() const;

    /// Inserts or replaces the annotation of (itemIndex, annotator); one transaction,
    /// durable when this returns success. A reason not yet in the list is added to it
    /// in the same transaction. `updatedAt` is ignored and set to the current time.
    /// Returns the annotation as stored (with its `updatedAt`), so callers need not
    /// read the store back. Errors: unknown item, empty annotator ("audit.annotation").
    Result<Annotation> setAnnotation(const Annotation& annotation);
    /// setAnnotation for many annotations in ONE transaction: all are stored or none
    /// (an import must not stop halfway). A later (item, annotator) replaces an earlier
    /// one. Returns them as stored, in the given order. Errors as setAnnotation's, for
    /// the first annotation at fault; the store is then unchanged.
    Result<std::vector<Annotation>> setAnnotations(const std::vector<Annotation>& annotations);
    /// Removes the annotation of (itemIndex, annotator), if any; one transaction.
    /// True when there was one to remove. Errors: unknown item ("audit.annotation").
    Result<bool> clearAnnotation(std::size_t itemIndex, const std::string& annotator);
    /// Every annotation, ordered by item then annotator.
    [[nodiscard]] Result<std::vector<Annotation>> annotations() const;
    /// Annotations by one annotator, ordered by item.
    [[nodiscard]] Result<std::vector<Annotation>> annotationsBy(const std::string& annotator) const;

    /// The reason list, defaults first then in order of addition.
    [[nodiscard]] Result<std::vector<std::string>> reasons() const;
    /// Adds a reason (a duplicate is not an error, nothing changes; an empty reason
    /// is, "audit.reason"); one transaction.
    Status addReason(const std::string& reason);

    /// Replaces the stored metrics of items (e.g. recomputed with other options),
    /// matched by ItemMetrics::index; one transaction, all or nothing. Errors: an
    /// index that is no item ("audit.metrics").
    Status updateMetrics(const std::vector<evaluation::ItemMetrics>& metrics);

private:
    AnnotationStore(std::filesystem::path path, std::unique_ptr<detail::Connection> connection);
    std::filesystem::path m_path;
    std::unique_ptr<detail::Connection> m_connection;
};

/// A project built from a submission (buildProject).
struct ProjectBuild {
    evaluation::Evaluation evaluation;     ///< every item's metrics, as computed
    std::optional<AnnotationStore> store;  ///< the new project; unset when cancelled
    std::size_t questions = 0;             ///< items that got their question
    std::vector<std::string> warnings;     ///< questions naming another database, or no item
    std::string distilledSuites;           ///< the suites directory distilled for it; empty when none was
    std::size_t suiteDatabases = 0;        ///< databases over the distilled suites
    double distillSeconds = 0;
};

/// Suites buildProject distills itself when the sources name none, under the sources'
/// settings (inspect::distillOptions: the suites `check` would distill).
struct SuiteDistillation {
    std::string into;                ///< a directory that must not exist yet; empty: no distillation
};

/// Questions by item index from a questions file (dev_questions.tsv layout; empty
/// `path`: none). A question whose db_id differs from its item's is dropped with a
/// warning: the file belongs to another ordering of the dataset. Errors name the file
/// and line.
Result<std::map<std::size_t, std::string>> matchQuestions(const std::string& path,
                                                          const std::vector<suite::GoldItem>& gold,
                                                          std::vector<std::string>& warnings);

/// The one way CLI and GUI make a project: refuses an existing `output` before any
/// work, reads sources.gold and sources.predictions (and sources.questions, matched
/// to items by index and db_id), computes every metric the sources allow with
/// evaluateSubmission (plug-value and keep-distinct from `sources`), then creates
/// the store in one transaction. On cancel nothing is written. Errors name the file,
/// line or path at fault.
/// When sources.suites is empty and `distillation.into` is given, the suites are first
/// distilled (suite::distillDataset, progress tagged with its schemas) into a staging
/// directory beside `into`, which becomes `into` — recorded as the project's suites —
/// only once the project is written; on cancel or error it is removed.
Result<ProjectBuild> buildProject(const std::filesystem::path& output, const ProjectSources& sources, unsigned jobs = 0,
                                  const suite::ProgressCallback& progress = {},
                                  const std::atomic<bool>* cancel = nullptr,
                                  const SuiteDistillation& distillation = {});

/// TSV in the layout of esm_false_negatives.tsv: header `database name, gold, pred,
/// equivalent reason, note`, then three extra columns `verdict, annotator, index`
/// (readers of the original five columns ignore them). One row per annotation.
/// The layout has no quoting: tabs, carriage returns and newlines inside a field
/// are written as single spaces. The reason column holds the reason whatever the
/// verdict; only the verdict column says which way it points.
std::string exportAnnotationsTsv(const std::vector<AuditItem>& items, const std::vector<Annotation>& annotations);
/// JSON array: one object per annotation with index, db_id, question, gold, pred,
/// verdict, reason, note, annotator, updated_at and the item's metrics.
std::string exportAnnotationsJson(const std::vector<AuditItem>& items, const std::vector<Annotation>& annotations);

enum class ExportFormat { Tsv, Json };

/// exportAnnotationsTsv or exportAnnotationsJson, refused ("audit.limit", naming the
/// limit and the size) when the texts it would write exceed `maxBytes`: each
/// annotation repeats its item's SQL, so a small project can ask for a huge export.
/// The size is summed before anything is built.
Result<std::string> exportAnnotations(const std::vector<AuditItem>& items, const std::vector<Annotation>& annotations,
                                      ExportFormat format, std::uint64_t maxBytes = StoreLimits::kMaxExportBytes);

struct ImportReport {
    std::vector<Annotation> annotations;  ///< matched rows, ready for setAnnotations
    std::size_t rows = 0;                 ///< data rows read
    std::size_t matched = 0;              ///< rows that matched at least one item
    std::size_t unmatched = 0;            ///< rows whose (database, gold, pred) is no item
    std::size_t withoutVerdict = 0;       ///< rows with neither a verdict column nor a reason
    std::vector<std::string> warnings;    ///< "line 17: no item has this database, gold and pred"
    std::size_t warningsNotListed = 0;    ///< warnings past the first 1,000, counted only
};

/// Reads a TSV in that layout (the 5 columns are required, the 3 extras optional)
/// and matches rows to items by database, gold and pred (whitespace-collapsed,
/// case kept). A row without a verdict column counts as `equivalent` when it has a
/// reason (the meaning of esm_false_negatives.tsv) and is skipped otherwise. Rows
/// without an annotator column get `defaultAnnotator`. A pair that occurs at several
/// items annotates each of them, unless an `index` column picks one. When two rows
/// give the same (item, annotator), the later wins with a warning. Errors: a
/// missing column in the header, a malformed line (wrong field count, unknown
/// verdict, non-numeric index), no annotator at all; hostile input: a text over
/// 64 MiB, a line over 4 MiB, over 64 fields, a NUL byte, invalid UTF-8, more
/// annotations than StoreLimits allows ("audit.import", naming `source`, the line
/// and, for a bad byte, its position in the line and `span` in the text).
Result<ImportReport> importAnnotationsTsv(std::string_view tsvText, const std::vector<AuditItem>& items,
                                          const std::string& defaultAnnotator, std::string_view source = "tsv");

struct Disagreement {
    std::size_t itemIndex = 0;
    Verdict first = Verdict::Unsure;
    Verdict second = Verdict::Unsure;
};

struct Agreement {
    std::size_t onlyFirst = 0;     ///< items annotated by the first only
    std::size_t onlySecond = 0;
    std::size_t both = 0;          ///< items annotated by both
    std::size_t agreeing = 0;      ///< of those, same verdict
    double rate = 0;               ///< agreeing / both (0 when both == 0)
    double cohenKappa = 0;         ///< over the items annotated by both, three verdict classes
    std::vector<Disagreement> disagreements;  ///< ordered by item
};

/// Agreement of two annotation lists (e.g. two annotators' project files, or two
/// annotators in one), matched by item index. Each list should hold one annotator's
/// annotations; an item listed twice counts with its later verdict. Kappa is 0 when
/// no item was annotated by both, and 1 when both used one single class and agree.
Agreement compareAnnotators(const std::vector<Annotation>& first, const std::vector<Annotation>& second);

} // namespace sqleq::audit
