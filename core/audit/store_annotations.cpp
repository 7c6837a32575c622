// AnnotationStore's annotation and reason edits and reads: each edit is one
// BEGIN IMMEDIATE … COMMIT, so success is reported only once the edit is durable.

#include "core/audit/audit.h"

#include "core/audit/store_connection.h"
#include "core/audit/store_rows.h"
#include "core/audit/store_sql.h"

#include <fmt/format.h>

namespace sqleq::audit {
namespace {

constexpr const char* kAnnotationColumns = "item_index, annotator, verdict, reason, note, updated_at";

Diagnostic annotationError(const std::filesystem::path& file, std::size_t item, std::string_view why)
{
    return Diagnostic{"audit.annotation", fmt::format("{}: item {}: {}", file.string(), item, why), {}, {}};
}

Result<std::vector<Annotation>> readAnnotations(detail::StoreStatement& select, const std::filesystem::path& file)
{
    std::vector<Annotation> annotations;
    for (;;) {
        auto row = select.step();
        if (!row) return row.error();
        if (!*row) break;
        if (annotations.size() == StoreLimits::kMaxAnnotations) {
            return detail::tooManyRows(file, "annotations", annotations.size());
        }
        Annotation annotation;
        annotation.itemIndex = static_cast<std::size_t>(select.integer(0));
        annotation.annotator = select.text(1);
        // The table's CHECK admits only known names; Unsure is the safe reading.
        annotation.verdict = verdictFromName(select.text(2)).value_or(Verdict::Unsure);
        annotation.reason = select.text(3);
        annotation.note = select.text(4);
        annotation.updatedAt = select.text(5);
        annotations.push_back(std::move(annotation));
    }
    return annotations;
}

// One upsert inside the caller's transaction: validates, adds a new reason, and
// returns the row as stored (RETURNING gives the store's own timestamp).
Result<Annotation> upsertAnnotation(sqlite3* db, const std::filesystem::path& file, const Annotation& annotation)
{
    if (annotation.annotator.empty()) {
        return annotationError(file, annotation.itemIndex, "the annotator's name is empty");
    }
    auto exists = detail::itemExists(db, file, annotation.itemIndex);
    if (!exists) return exists.error();
    if (!*exists) return annotationError(file, annotation.itemIndex, "no such item in the project");
    // A new reason joins the list in the same transaction, so the list always
    // holds every reason in use.
    if (!annotation.reason.empty()) {
        if (auto added = detail::insertReason(db, file, annotation.reason); !added) return added.error();
    }
    auto upsert = detail::StoreStatement::prepare(
        db, file,
        "INSERT INTO annotations (item_index, annotator, verdict, reason, note, updated_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) "
        "ON CONFLICT (item_index, annotator) DO UPDATE SET verdict = excluded.verdict, "
        "reason = excluded.reason, note = excluded.note, updated_at = excluded.updated_at "
        "RETURNING updated_at");
    if (!upsert) return upsert.error();
    upsert->bindInt(1, static_cast<std::int64_t>(annotation.itemIndex));
    upsert->bindText(2, annotation.annotator);
    upsert->bindText(3, verdictName(annotation.verdict));
    upsert->bindText(4, annotation.reason);
    upsert->bindText(5, annotation.note);
    auto row = upsert->step();
    if (!row) return row.error();
    Annotation stored = annotation;
    if (*row) stored.updatedAt = upsert->text(0);
    // Step to the end: a statement still running would keep COMMIT from succeeding.
    while (*row) {
        row = upsert->step();
        if (!row) return row.error();
    }
    return stored;
}

} // namespace

Result<Annotation> AnnotationStore::setAnnotation(const Annotation& annotation)
{
    const auto call = m_connection->beginCall();
    sqlite3* const db = m_connection->db();
    auto transaction = detail::WriteTransaction::begin(db, m_path);
    if (!transaction) return transaction.error();
    auto stored = upsertAnnotation(db, m_path, annotation);
    if (!stored) return stored.error();
    if (auto committed = transaction->commit(); !committed) return committed.error();
    return stored;
}

Result<std::vector<Annotation>> AnnotationStore::setAnnotations(const std::vector<Annotation>& annotations)
{
    const auto call = m_connection->beginCall();
    sqlite3* const db = m_connection->db();
    auto transaction = detail::WriteTransaction::begin(db, m_path);
    if (!transaction) return transaction.error();
    std::vector<Annotation> stored;
    stored.reserve(annotations.size());
    for (const Annotation& annotation : annotations) {
        // Any failure returns before commit: the transaction rolls back as a whole.
        auto one = upsertAnnotation(db, m_path, annotation);
        if (!one) return one.error();
        stored.push_back(std::move(*one));
    }
    if (auto committed = transaction->commit(); !committed) return committed.error();
    return stored;
}

Result<bool> AnnotationStore::clearAnnotation(std::size_t itemIndex, const std::string& annotator)
{
    const auto call = m_connection->beginCall();
    sqlite3* const db = m_connection->db();
    auto transaction = detail::WriteTransaction::begin(db, m_path);
    if (!transaction) return transaction.error();
    auto exists = detail::itemExists(db, m_path, itemIndex);
    if (!exists) return exists.error();
    if (!*exists) return annotationError(m_path, itemIndex, "no such item in the project");
    auto remove = detail::StoreStatement::prepare(
        db, m_path, "DELETE FROM annotations WHERE item_index = ?1 AND annotator = ?2 RETURNING item_index");
    if (!remove) return remove.error();
    remove->bindInt(1, static_cast<std::int64_t>(itemIndex));
    remove->bindText(2, annotator);
    bool removed = false;
    for (;;) {
        auto row = remove->step();
        if (!row) return row.error();
        if (!*row) break;
        removed = true;
    }
    if (auto committed = transaction->commit(); !committed) return committed.error();
    return removed;
}

Result<std::vector<Annotation>> AnnotationStore::annotations() const
{
    return m_connection->read([&](sqlite3* db) -> Result<std::vector<Annotation>> {
        auto select = detail::StoreStatement::prepare(
            db, m_path, fmt::format("SELECT {} FROM annotations ORDER BY item_index, annotator", kAnnotationColumns));
        if (!select) return select.error();
        return readAnnotations(*select, m_path);
    });
}

Result<std::vector<Annotation>> AnnotationStore::annotationsBy(const std::string& annotator) const
{
    return m_connection->read([&](sqlite3* db) -> Result<std::vector<Annotation>> {
        auto select = detail::StoreStatement::prepare(
            db, m_path,
            fmt::format("SELECT {} FROM annotations WHERE annotator = ?1 ORDER BY item_index", kAnnotationColumns));
        if (!select) return select.error();
        select->bindText(1, annotator);
        return readAnnotations(*select, m_path);
    });
}

Result<std::vector<std::string>> AnnotationStore::reasons() const
{
    return m_connection->read([&](sqlite3* db) -> Result<std::vector<std::string>> {
        auto select = detail::StoreStatement::prepare(db, m_path, "SELECT text FROM reasons ORDER BY position");
        if (!select) return select.error();
        std::vector<std::string> reasons;
        for (;;) {
            auto row = select->step();
            if (!row) return row.error();
            if (!*row) break;
            if (reasons.size() == StoreLimits::kMaxReasons) return detail::tooManyRows(m_path, "reasons", reasons.size());
            reasons.push_back(select->text(0));
        }
        return reasons;
    });
}

Status AnnotationStore::addReason(const std::string& reason)
{
    const auto call = m_connection->beginCall();
    sqlite3* const db = m_connection->db();
    auto transaction = detail::WriteTransaction::begin(db, m_path);
    if (!transaction) return transaction.error();
    if (auto added = detail::insertReason(db, m_path, reason); !added) return added;
    return transaction->commit();
}

} // namespace sqleq::audit
