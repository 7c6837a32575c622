// Table copy: a data table is recognised by its CellDelegate (only the database and
// results tables have one); its model's IsNullRole and StorageClassRole have the same
// values in TableRowsModel and ResultTableModel, which the static_asserts hold, and
// TableRowsModel's ValueRole gives the stored value where its display adds the
// counterexample's original.

#include "ui/widgets/table_copy.h"

#include "ui/models/result_table_model.h"
#include "ui/models/table_rows_model.h"
#include "ui/widgets/cell_delegate.h"

#include <QAbstractItemView>
#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QLocale>
#include <QMenu>
#include <QSet>

#include <cmath>
#include <map>
#include <set>

namespace sqleq::ui {
namespace {

static_assert(int(TableRowsModel::IsNullRole) == int(ResultTableModel::IsNullRole));
static_assert(int(TableRowsModel::StorageClassRole) == int(ResultTableModel::StorageClassRole));

CopiedCell::Type typeNamed(const QString& storageClass)
{
    if (storageClass == QLatin1String("NULL")) return CopiedCell::Type::Null;
    if (storageClass == QLatin1String("INTEGER")) return CopiedCell::Type::Integer;
    if (storageClass == QLatin1String("REAL")) return CopiedCell::Type::Real;
    if (storageClass == QLatin1String("BLOB")) return CopiedCell::Type::Blob;
    return CopiedCell::Type::Text;
}

CopiedCell cellAt(const QModelIndex& index, bool dataTable)
{
    if (!dataTable) return {CopiedCell::Type::Text, index.data().toString()};
    if (index.data(TableRowsModel::IsNullRole).toBool()) return {};
    const CopiedCell::Type type = typeNamed(index.data(TableRowsModel::StorageClassRole).toString());
    const QVariant value = qobject_cast<const TableRowsModel*>(index.model()) != nullptr
        ? index.data(TableRowsModel::ValueRole)
        : index.data(Qt::DisplayRole);
    if (type == CopiedCell::Type::Real)
        return {type, QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest)};
    return {type, value.toString()};
}

/// A CSV or TSV field, quoted when it holds the separator, a quote or a line break.
QString delimited(const CopiedCell& cell, QChar separator, bool quoteEmptyText)
{
    if (cell.type == CopiedCell::Type::Null) return {};
    const QString& text = cell.text;
    const bool quote = text.contains(separator) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n'))
        || text.contains(QLatin1Char('\r')) || (quoteEmptyText && text.isEmpty());
    if (!quote) return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString markdownCell(const QString& text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('|'), QStringLiteral("\\|"));
    escaped.replace(QStringLiteral("\r\n"), QStringLiteral("<br>")).replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return escaped;
}

QString sqlIdentifier(const QString& name)
{
    QString escaped = name;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString sqlLiteral(const CopiedCell& cell)
{
    switch (cell.type) {
    case CopiedCell::Type::Null: return QStringLiteral("NULL");
    case CopiedCell::Type::Integer: return cell.text;
    case CopiedCell::Type::Real: {
        const double value = cell.text.toDouble();
        if (std::isnan(value)) return QStringLiteral("NULL");  // SQLite stores NaN as NULL
        if (std::isinf(value)) return value > 0 ? QStringLiteral("9e999") : QStringLiteral("-9e999");
        // A REAL must stay REAL: "2" would come back an INTEGER.
        const bool looksReal = cell.text.contains(QLatin1Char('.')) || cell.text.contains(QLatin1Char('e'));
        return looksReal ? cell.text : cell.text + QStringLiteral(".0");
    }
    case CopiedCell::Type::Blob: return cell.text;  // already x'…'
    case CopiedCell::Type::Text: {
        QString escaped = cell.text;
        escaped.replace(QLatin1Char('\''), QStringLiteral("''"));
        return QLatin1Char('\'') + escaped + QLatin1Char('\'');
    }
    }
    return QStringLiteral("NULL");
}

QString formatSql(const CopiedGrid& grid)
{
    // A result may name two columns alike ("SELECT a, a"): then no column list.
    const bool distinct = QSet<QString>(grid.columns.begin(), grid.columns.end()).size() == grid.columns.size();
    QString target = sqlIdentifier(grid.table.isEmpty() ? QStringLiteral("result") : grid.table);
    if (distinct && !grid.columns.isEmpty()) {
        QStringList names;
        for (const QString& column : grid.columns) names << sqlIdentifier(column);
        target += QStringLiteral(" (") + names.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    QStringList statements;
    for (const auto& row : grid.rows) {
        QStringList values;
        for (const CopiedCell& cell : row) values << sqlLiteral(cell);
        statements << QStringLiteral("INSERT INTO %1 VALUES (%2);").arg(target, values.join(QStringLiteral(", ")));
    }
    return statements.join(QLatin1Char('\n'));
}

} // namespace

CopiedGrid selectedCells(const QAbstractItemView* view)
{
    CopiedGrid grid;
    const QAbstractItemModel* model = view->model();
    if (model == nullptr || view->selectionModel() == nullptr) return grid;
    QModelIndexList indexes = view->selectionModel()->selectedIndexes();
    if (indexes.isEmpty() && view->currentIndex().isValid()) indexes << view->currentIndex();
    if (indexes.isEmpty()) return grid;
    const bool dataTable = qobject_cast<const CellDelegate*>(view->itemDelegate()) != nullptr;
    if (const auto* rows = qobject_cast<const TableRowsModel*>(model)) grid.table = rows->tableName();
    std::set<int> columns;
    std::map<int, std::map<int, QModelIndex>> cells;
    for (const QModelIndex& index : indexes) {
        columns.insert(index.column());
        cells[index.row()][index.column()] = index;
    }
    for (const int column : columns) grid.columns << model->headerData(column, Qt::Horizontal).toString();
    for (const auto& [row, selected] : cells) {
        QList<CopiedCell> values;
        for (const int column : columns) {
            const auto found = selected.find(column);
            values << (found == selected.end() ? CopiedCell{} : cellAt(found->second, dataTable));
        }
        grid.rows << values;
    }
    return grid;
}

QString formatCells(const CopiedGrid& grid, CopyFormat format)
{
    QStringList lines;
    switch (format) {
    case CopyFormat::Tsv:
    case CopyFormat::Csv: {
        const QChar separator = format == CopyFormat::Tsv ? QLatin1Char('\t') : QLatin1Char(',');
        QStringList header;
        for (const QString& column : grid.columns) header << delimited({CopiedCell::Type::Text, column}, separator, false);
        lines << header.join(separator);
        for (const auto& row : grid.rows) {
            QStringList fields;
            for (const CopiedCell& cell : row) fields << delimited(cell, separator, format == CopyFormat::Csv);
            lines << fields.join(separator);
        }
        // CSV ends its records with CRLF (RFC 4180); a spreadsheet paste takes newlines.
        return lines.join(format == CopyFormat::Csv ? QStringLiteral("\r\n") : QStringLiteral("\n"));
    }
    case CopyFormat::Markdown: {
        QStringList header;
        QStringList rule;
        for (const QString& column : grid.columns) {
            header << markdownCell(column);
            rule << QStringLiteral("---");
        }
        lines << QStringLiteral("| %1 |").arg(header.join(QStringLiteral(" | ")));
        lines << QStringLiteral("| %1 |").arg(rule.join(QStringLiteral(" | ")));
        for (const auto& row : grid.rows) {
            QStringList fields;
            for (const CopiedCell& cell : row)
                fields << (cell.type == CopiedCell::Type::Null ? QStringLiteral("NULL") : markdownCell(cell.text));
            lines << QStringLiteral("| %1 |").arg(fields.join(QStringLiteral(" | ")));
        }
        return lines.join(QLatin1Char('\n'));
    }
    case CopyFormat::SqlInsert: return formatSql(grid);
    }
    return {};
}

bool copySelection(const QAbstractItemView* view, CopyFormat format)
{
    const CopiedGrid grid = selectedCells(view);
    if (grid.rows.isEmpty()) return false;
    QGuiApplication::clipboard()->setText(formatCells(grid, format));
    return true;
}

void addCopyMenu(QAbstractItemView* view)
{
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view, [view](const QPoint& position) {
        QMenu menu(view);
        const struct { QString text; CopyFormat format; } entries[] = {
            {QObject::tr("&Copy"), CopyFormat::Tsv},
            {QObject::tr("Copy as C&SV"), CopyFormat::Csv},
            {QObject::tr("Copy as &Markdown"), CopyFormat::Markdown},
            {QObject::tr("Copy as SQL &INSERT"), CopyFormat::SqlInsert},
        };
        for (const auto& entry : entries) {
            QAction* action = menu.addAction(entry.text);
            const CopyFormat format = entry.format;
            QObject::connect(action, &QAction::triggered, view, [view, format] { copySelection(view, format); });
        }
        menu.actions().constFirst()->setShortcut(QKeySequence::Copy);
        menu.exec(view->viewport()->mapToGlobal(position));
    });
}

} // namespace sqleq::ui
