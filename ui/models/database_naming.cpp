// The one formatting of a database's name, shared with the CLI through core.

#include "ui/models/database_naming.h"

#include "core/inspect/inspect.h"

namespace sqleq::ui {

QString databaseName(int index, const QString& label)
{
    if (index < 0) return {};
    return QString::fromStdString(inspect::databaseName(static_cast<std::size_t>(index), label.toStdString()));
}

QString databaseName(const RunResult& result, int index)
{
    if (index >= 0 && static_cast<std::size_t>(index) < result.databases.size())
        return databaseName(index, result.databases[static_cast<std::size_t>(index)].label);
    const auto& suite = result.distilled.suite.databases;
    if (index >= 0 && static_cast<std::size_t>(index) < suite.size())
        return databaseName(index, QString::fromStdString(suite[static_cast<std::size_t>(index)].label));
    return databaseName(index, QString());
}

int separatingDatabaseOnScreen(const RunResult& result)
{
    if (result.counterexample && result.counterexampleDatabase >= 0) return result.counterexampleDatabase;
    return result.check.separatingDatabase;
}

QString separatingDatabaseOnScreenName(const RunResult& result)
{
    const int index = separatingDatabaseOnScreen(result);
    return index < 0 ? QString() : databaseName(result, index);
}

} // namespace sqleq::ui
