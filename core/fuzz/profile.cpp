// Profile names, stable because they appear in files and on the command line.

#include "core/fuzz/profile.h"

#include "core/schema/schema.h"

namespace sqleq::fuzz {

std::string_view profileName(Profile profile)
{
    switch (profile) {
    case Profile::Spider: return "spider";
    case Profile::Strict: return "strict";
    }
    return "spider";
}

std::optional<Profile> parseProfile(std::string_view name)
{
    for (const Profile profile : {Profile::Spider, Profile::Strict})
        if (schema::sameIdentifier(name, profileName(profile))) return profile;
    return std::nullopt;
}

} // namespace sqleq::fuzz
