// Core's plain data as Python values, and the LongCall guard. JSON is converted
// directly (no text round trip), so a per-item result costs microseconds.
#include "python/bindings.h"

namespace sqleq::python {

namespace {

py::str decodeText(const std::string& text)
{
    PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
    if (decoded == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(decoded);
}

} // namespace

py::object toPython(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null: return py::none();
    case nlohmann::json::value_t::boolean: return py::bool_(value.get<bool>());
    case nlohmann::json::value_t::number_integer: return py::int_(value.get<int64_t>());
    case nlohmann::json::value_t::number_unsigned: return py::int_(value.get<uint64_t>());
    case nlohmann::json::value_t::number_float: return py::float_(value.get<double>());
    case nlohmann::json::value_t::string: return decodeText(value.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
        py::list list(value.size());
        std::size_t i = 0;
        for (const auto& element : value) list[i++] = toPython(element);
        return list;
    }
    case nlohmann::json::value_t::object: {
        py::dict dict;
        for (const auto& [key, element] : value.items()) dict[decodeText(key)] = toPython(element);
        return dict;
    }
    case nlohmann::json::value_t::binary:
    case nlohmann::json::value_t::discarded: break;
    }
    return py::none();
}

py::dict progressDict(const suite::Progress& progress)
{
    py::dict dict;
    dict["phase"] = progress.phase;
    dict["done"] = progress.done;
    dict["total"] = progress.total;
    dict["suite_size"] = progress.suiteSize;
    dict["undistinguished"] = progress.undistinguished;
    dict["db_id"] = progress.dbId;
    dict["schema_index"] = progress.schemaIndex;
    dict["schema_count"] = progress.schemaCount;
    return dict;
}

LongCall::LongCall(py::object progress) : m_progress(std::move(progress)) {}

suite::ProgressCallback LongCall::callback()
{
    return [this](const suite::Progress& progress) {
        if (m_cancel.load(std::memory_order_relaxed)) return;
        py::gil_scoped_acquire gil;
        try {
            if (!m_progress.is_none()) m_progress(progressDict(progress));
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        } catch (py::error_already_set& error) {
            m_error.emplace(std::move(error));
            m_cancel.store(true);
        }
    };
}

void LongCall::finish()
{
    if (m_error) {
        py::error_already_set error = std::move(*m_error);
        m_error.reset();
        throw error;
    }
    // A signal that arrived after the last progress report still interrupts the call.
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

} // namespace sqleq::python
