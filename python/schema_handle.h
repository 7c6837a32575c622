// SchemaHandle: what a Python sqleq.Schema holds — a loaded schema and, when the
// source held rows, its serialized database (a check tries it first, as the CLI's
// --db does). Immutable once built, so Python threads share it without locks.
#pragma once

#include "core/schema/schema_source.h"

#include <memory>

namespace sqleq::python {

struct SchemaHandle {
    std::shared_ptr<const schema::SchemaSource> source;
};

} // namespace sqleq::python
