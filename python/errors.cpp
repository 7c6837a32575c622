// sqleq's exception classes and the translation of core diagnostics into them. The
// class is chosen by the diagnostic's kind, which core sets where the error arises
// (Syntax → ParseError, Schema → SchemaError, Query → QueryError, Suite → SuiteError,
// Input → InputError); every one carries `code`, `message` and `subject` (the input at
// fault: "gold", "schema", "suite", …, or None), a ParseError also line, column,
// offset and expected.
#include "python/bindings.h"

#include <string_view>

namespace sqleq::python {
namespace {

// Created once at import and kept for the life of the interpreter.
struct ExceptionClasses {
    py::object error, parse, schema, query, suite, input;
};

ExceptionClasses& classes()
{
    static auto* instance = new ExceptionClasses();
    return *instance;
}

py::object classFor(DiagnosticKind kind)
{
    auto& all = classes();
    switch (kind) {
    case DiagnosticKind::Syntax: return all.parse;
    case DiagnosticKind::Schema: return all.schema;
    case DiagnosticKind::Query: return all.query;
    case DiagnosticKind::Suite: return all.suite;
    case DiagnosticKind::Input: return all.input;
    }
    return all.input;
}

void raise(const DiagnosticError& error)
{
    const auto& diagnostic = error.diagnostic();
    const py::object type = classFor(diagnostic.kind);
    std::string text = diagnostic.message;
    py::object line = py::none(), column = py::none(), offset = py::none();
    if (diagnostic.span.valid() && !error.source().empty()) {
        const auto position = lineColumnAt(error.source(), diagnostic.span.begin);
        line = py::int_(position.line);
        column = py::int_(position.column);
        offset = py::int_(diagnostic.span.begin);
        text = formatDiagnostic(error.source(), diagnostic);
    }
    py::object instance = type(text);
    instance.attr("code") = diagnostic.code;
    instance.attr("message") = diagnostic.message;
    const std::string_view subject = diagnosticSubjectName(diagnostic.subject);
    instance.attr("subject") = subject.empty() ? py::object(py::none()) : py::str(std::string(subject));
    instance.attr("line") = line;
    instance.attr("column") = column;
    instance.attr("offset") = offset;
    instance.attr("expected") = diagnostic.expected.empty() ? py::object(py::none()) : py::str(diagnostic.expected);
    PyErr_SetObject(type.ptr(), instance.ptr());
}

py::object newClass(py::module_& module, const char* name, const py::object& base, const char* doc)
{
    const std::string qualified = std::string("sqleq.") + name;
    py::object type = py::reinterpret_steal<py::object>(
        PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base.ptr(), nullptr));
    module.attr(name) = type;
    return type;
}

} // namespace

DiagnosticError::DiagnosticError(Diagnostic diagnostic, std::string source)
    : std::runtime_error(diagnostic.message), m_diagnostic(std::move(diagnostic)), m_source(std::move(source))
{
}

void throwArgumentError(std::string message)
{
    throw DiagnosticError(Diagnostic{"python.argument", std::move(message), {}, {}});
}

void bindErrors(py::module_& module)
{
    auto& all = classes();
    const py::object exception = py::reinterpret_borrow<py::object>(PyExc_Exception);
    all.error = newClass(module, "Error", exception,
                         "Base of every sqleq error; attributes code (a stable tag such as 'parse.syntax') and message.");
    all.parse = newClass(module, "ParseError", all.error,
                         "SQL that does not parse; line, column (1-based) and offset point into the query as parsed.");
    all.schema = newClass(module, "SchemaError", all.error,
                          "A schema that cannot be loaded: tables.json, DDL or SQLite file, or an unknown db_id.");
    all.query = newClass(module, "QueryError", all.error, "A query SQLite refuses to prepare or run (the gold's).");
    all.suite = newClass(module, "SuiteError", all.error, "A test suite that cannot be built, read or written.");
    all.input = newClass(module, "InputError", all.error,
                         "Input files or arguments at fault: a missing file or directory, mismatched lengths.");
    py::register_exception_translator([](std::exception_ptr pointer) {
        try {
            if (pointer) std::rethrow_exception(pointer);
        } catch (const DiagnosticError& error) {
            raise(error);
        }
    });
}

} // namespace sqleq::python
