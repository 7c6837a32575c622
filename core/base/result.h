// Result<T>: a value or a Diagnostic, the way errors cross core's public API
// (C++20 has no std::expected). Accessing the wrong side is a programmer error
// and asserts; user input never reaches that path.
#pragma once

#include "core/base/diagnostic.h"

#include <cassert>
#include <utility>
#include <variant>

namespace sqleq {

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Result(Diagnostic error) : m_state(std::in_place_index<1>, std::move(error)) {}

    [[nodiscard]] bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { assert(ok()); return std::get<0>(m_state); }
    const T& value() const& { assert(ok()); return std::get<0>(m_state); }
    T&& value() && { assert(ok()); return std::get<0>(std::move(m_state)); }
    const Diagnostic& error() const { assert(!ok()); return std::get<1>(m_state); }

    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Diagnostic> m_state;
};

/// Result of an operation that yields nothing but may fail.
template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Diagnostic error) : m_error(std::move(error)), m_failed(true) {}

    [[nodiscard]] bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const Diagnostic& error() const { assert(m_failed); return m_error; }

private:
    Diagnostic m_error;
    bool m_failed = false;
};

using Status = Result<void>;

} // namespace sqleq
