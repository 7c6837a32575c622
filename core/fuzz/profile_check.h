// Profile check: whether a database's content keeps the promises of a profile
// (DESIGN.md, "Profiles") — under `spider` every table has a row, no value is
// NULL and every foreign key names an existing row; under `strict` every foreign
// key whose columns are all set names an existing row. Sampled and built databases
// keep them by construction; the user's original database and a prebuilt suite's
// files need not, and a counterexample shrunk from one of them says so instead of
// claiming a profile it breaks.
#pragma once

#include "core/fuzz/profile.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <optional>
#include <string>

namespace sqleq::fuzz {

/// The first promise of `profile` that `content` breaks, in words naming the table,
/// column or key ("NULL in Addresses.line_3", "table Courses has no row",
/// "Students.address_id = 7 names no row of Addresses", "the rows break the schema's
/// constraints (UNIQUE constraint failed: …)"); nothing when it keeps them all.
std::optional<std::string> profileViolation(const schema::Schema& schema, const schema::DatabaseContent& content,
                                            Profile profile);

} // namespace sqleq::fuzz
