// The database sampler: the `index`-th random database of the stream named by a
// seed, for a schema and the gold constants (the paper's distribution I_g).
// Databases respect the schema's keys and NOT NULL, vary in size and in value
// diversity across the stream, and are a pure function of their inputs, so any
// thread can sample any index. No exception leaves these functions.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/fuzz/gold_constants.h"
#include "core/fuzz/profile.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <cstdint>

namespace sqleq::fuzz {

struct SampleSpec {
    Profile profile = Profile::Spider;
    uint64_t seed = 0;   ///< names the stream
    uint64_t index = 0;  ///< which database of the stream; independent of the others
    /// Budgets for evaluating the schema's CHECK bodies (untrusted SQL), shared by
    /// all the rows of one table; a CHECK past them fails the sampling ("fuzz.check").
    exec::ExecLimits checkLimits{};
};

/// The spec.index-th database of the stream: every table of the schema (in an
/// order parents-first, schema order when the keys allow), up to ~300 rows in
/// all. Spider profile: no NULLs, no empty tables, every foreign key resolves.
/// Rows failing a CHECK are redrawn. Strict: also NULLs in nullable non-key and foreign-key columns, sometimes
/// empty tables, and case variants of text constants. Constraints that cannot be
/// met shrink a table rather than fail (a key cycle with NOT NULL on every edge
/// leaves a table empty; a cycle's nullable key is NULL even under Spider).
/// Identical inputs give identical content on every run and machine.
/// Thread-safe: shares no state.
Result<schema::DatabaseContent> sampleDatabase(const schema::Schema& schema, const GoldConstants& constants,
                                               const SampleSpec& spec);

/// sampleDatabase() materialized into a new in-memory database (see
/// materializableSchema()). Errors are materialize()'s ("schema.materialize",
/// "schema.build"); rows are drawn to satisfy keys, NOT NULL and CHECKs, so an
/// error means a constraint the sampler cannot see (e.g. a CHECK that SQLite
/// cannot evaluate outside its table, or a collation other than BINARY/NOCASE).
Result<exec::Connection> sampleConnection(const schema::Schema& schema, const GoldConstants& constants,
                                          const SampleSpec& spec);

/// The schema to materialize sampled content with: `schema` without the foreign
/// keys SQLite cannot enforce because their parent columns are neither the
/// parent's primary key nor UNIQUE (Spider's voter_1 and car_1 have them; with
/// enforcement on, SQLite refuses every child row with "foreign key mismatch").
/// The sampler honours those keys anyway: their values all exist in the parent.
schema::Schema materializableSchema(const schema::Schema& schema);

/// sampleConnection() for the many databases of one schema: `materializer`, built once
/// over materializableSchema(schema), starts each from the empty schema's image instead
/// of running the DDL again. The same databases, byte for byte.
Result<exec::Connection> sampleConnection(const schema::Schema& schema, const GoldConstants& constants,
                                          const SampleSpec& spec, const schema::Materializer& materializer);

/// Whether SQLite can enforce `key` of a table of `schema` (see above).
bool isEnforceable(const schema::Schema& schema, const schema::ForeignKey& key);

} // namespace sqleq::fuzz
