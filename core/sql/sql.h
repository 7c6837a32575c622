// The SQL front end's public face: include this one header to parse SQLite
// SELECT statements (parse), print them back (print), dump them (toJson),
// compare them (structurallyEqual), walk them, list their constants, and lex a
// text into tokens (lex, for highlighting).
#pragma once

#include "core/sql/json_dump.h"
#include "core/sql/lexer.h"
#include "core/sql/literals.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/structural_equal.h"
#include "core/sql/walk.h"
