// Profile: the assumptions the sampled databases make (DESIGN.md, "Profiles").
// `Spider` is the paper's: no NULLs, every foreign key resolves, no empty tables;
// `Strict` also produces NULLs, empty tables and case variants of constants.
#pragma once

#include <optional>
#include <string_view>

namespace sqleq::fuzz {

enum class Profile { Spider, Strict };

/// "spider" or "strict" — the names used on the command line and in files.
std::string_view profileName(Profile profile);

/// The profile of a name (ASCII case-insensitive); nullopt for anything else.
std::optional<Profile> parseProfile(std::string_view name);

} // namespace sqleq::fuzz
