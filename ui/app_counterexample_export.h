// CounterexampleExport: turns the counterexample of a run (the minimal one, else the
// whole separating database) into files a user can share — an SQLite database or an SQL
// script of CREATE TABLE + INSERT statements. No dialogs here; callers show the errors.
#pragma once

#include "ui/session/run_result.h"

#include <QString>

#include <optional>

namespace sqleq::ui {

class CounterexampleExport {
public:
    /// The rows to export: the minimal counterexample, or the separating database when
    /// minimizing failed; nullopt when the run has no separating database.
    static std::optional<schema::DatabaseContent> contentOf(const RunResult& result);

    /// "CREATE TABLE …;" for every table, then one INSERT per row, in an order that keeps
    /// foreign keys resolvable, inside one transaction. Empty without a counterexample.
    static QString sqlScript(const RunResult& result);

    /// Writes the counterexample as an SQLite database file, atomically. False with
    /// `error` naming the file or the row at fault.
    static bool writeSqlite(const RunResult& result, const QString& path, QString* error);
    /// Writes sqlScript() atomically.
    static bool writeSqlScript(const RunResult& result, const QString& path, QString* error);

    /// An SQL literal for `value` as SQLite reads it back (REAL keeps a '.', BLOB is X'…').
    static std::string sqlLiteral(const exec::Value& value);
};

} // namespace sqleq::ui
