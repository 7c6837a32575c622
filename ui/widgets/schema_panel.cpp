// SchemaPanel: a tables.json holds many schemas, so the db_id picker is filled from the
// file (core's listSpiderDbIds*) and picking one reloads only the tree; resource paths
// (":/examples/...") are read through QFile because core sees only real files. A
// classical `NAME-schema.csv` opens like a tables.json holding the one schema NAME.

#include "ui/widgets/schema_panel.h"

#include "core/dataset/column_descriptions.h"
#include "core/schema/schema_source.h"
#include "ui/models/schema_tree_model.h"
#include "ui/session/schema_source_loader.h"

#include <QComboBox>
#include <QCompleter>
#include <QFile>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

QString kindLabel(const SchemaSourceRef& source)
{
    if (schema::isCsvSchemaPath(source.path.toStdString())) return QObject::tr("Schema CSV (classical dataset)");
    switch (source.kind) {
    case SchemaSourceKind::SqliteFile: return QObject::tr("SQLite database");
    case SchemaSourceKind::DdlFile: return QObject::tr("SQL script");
    case SchemaSourceKind::SpiderTables: return QObject::tr("Spider tables.json");
    }
    return {};
}

Result<std::vector<std::string>> listDbIds(const QString& path)
{
    if (schema::isCsvSchemaPath(path.toStdString())) return std::vector<std::string>{schema::csvSchemaName(path.toStdString())};
    if (!path.startsWith(QLatin1Char(':'))) return schema::listSpiderDbIdsInFile(path.toStdString());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Diagnostic{"schema.tables_json", path.toStdString() + ": " + file.errorString().toStdString(), {}, {}};
    const QByteArray text = file.readAll();
    return schema::listSpiderDbIds(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                                   path.toStdString());
}

} // namespace

SchemaPanel::SchemaPanel(QWidget* parent) : QWidget(parent)
{
    m_model = new SchemaTreeModel(this);
    m_caption = new QLabel(tr("No schema"), this);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_open = new QToolButton(this);
    m_open->setText(tr("Open…"));
    m_open->setToolTip(tr("Open a schema: an SQLite database, an SQL script, a Spider tables.json or a classical NAME-schema.csv"));
    connect(m_open, &QToolButton::clicked, this, [this] { chooseSource(QFileInfo(m_source.path).absolutePath()); });
    m_dbIds = new QComboBox(this);
    m_dbIds->setObjectName(QStringLiteral("dbIdPicker"));
    m_dbIds->setEditable(true);  // typing filters a long list of db_ids (Spider has 200)
    m_dbIds->setInsertPolicy(QComboBox::NoInsert);
    m_dbIds->lineEdit()->setPlaceholderText(tr("type to filter the db_ids"));
    auto* filter = new QCompleter(m_dbIds->model(), m_dbIds);
    filter->setCompletionMode(QCompleter::PopupCompletion);
    filter->setFilterMode(Qt::MatchContains);
    filter->setCaseSensitivity(Qt::CaseInsensitive);
    m_dbIds->setCompleter(filter);
    m_dbIds->setToolTip(tr("The schema (db_id) of the tables.json"));
    m_dbIds->hide();
    connect(m_dbIds, &QComboBox::activated, this, &SchemaPanel::onDbIdPicked);

    m_constraintNote = new QLabel(this);
    m_constraintNote->setObjectName(QStringLiteral("constraintNote"));
    m_constraintNote->setWordWrap(true);
    m_constraintNote->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_constraintNote->hide();

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("schemaView"));
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Schema"));
    m_view->setUniformRowHeights(true);
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(true);

    auto* top = new QHBoxLayout;
    top->addWidget(m_caption, 1);
    top->addWidget(m_open);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_dbIds);
    layout->addWidget(m_constraintNote);
    layout->addWidget(m_view, 1);
}

SchemaSourceKind SchemaPanel::kindForPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("sql")) return SchemaSourceKind::DdlFile;
    if (suffix == QLatin1String("json") || schema::isCsvSchemaPath(path.toStdString()))
        return SchemaSourceKind::SpiderTables;
    return SchemaSourceKind::SqliteFile;
}

bool SchemaPanel::setSource(const SchemaSourceRef& source, QString* error)
{
    // A session names its source even when it cannot be read, so that the queries open
    // and the source can be fixed: the caption shows the file, the tree is empty.
    Loaded loaded;
    const bool ok = load(source, loaded, error);
    if (!ok) loaded.source = source;
    apply(std::move(loaded));
    return ok;
}

bool SchemaPanel::load(const SchemaSourceRef& source, Loaded& loaded, QString* error) const
{
    loaded.source = source;
    if (source.kind == SchemaSourceKind::SpiderTables) {
        Result<std::vector<std::string>> ids = listDbIds(source.path);
        if (!ids) {
            if (error) *error = QString::fromStdString(ids.error().message);
            return false;
        }
        for (const std::string& id : *ids) loaded.dbIds << QString::fromStdString(id);
        loaded.dbIds.sort(Qt::CaseInsensitive);  // file order means nothing to a reader
        if (loaded.dbIds.isEmpty()) {
            if (error) *error = tr("%1 lists no schema").arg(source.path);
            return false;
        }
        if (source.dbId.isEmpty()) {
            // The db_id shown before, when this file has it: opening another copy of a
            // tables.json keeps the schema one was working on.
            const bool keep = m_source.kind == SchemaSourceKind::SpiderTables && loaded.dbIds.contains(m_source.dbId);
            loaded.source.dbId = keep ? m_source.dbId : loaded.dbIds.constFirst();
        } else if (!loaded.dbIds.contains(source.dbId)) {
            if (error) *error = tr("%1 has no db_id \"%2\"").arg(source.path, source.dbId);
            return false;
        }
    }
    auto schema = SchemaSourceLoader::load(loaded.source);
    if (auto* message = std::get_if<QString>(&schema)) {
        if (error) *error = *message;
        return false;
    }
    auto& opened = std::get<LoadedSchemaSource>(schema);
    for (const std::string& note : opened.constraintNotes) loaded.constraintNotes << QString::fromStdString(note);
    loaded.schema = std::make_shared<const schema::Schema>(std::move(opened.schema));
    loadDescriptions(loaded);
    return true;
}

void SchemaPanel::loadDescriptions(Loaded& loaded)
{
    // Descriptions only add tooltips: a folder that cannot be read is named in the
    // caption's tooltip and never stops the schema from loading.
    const QString& path = loaded.source.path;
    if (path.isEmpty() || path.startsWith(QLatin1Char(':'))) return;
    const auto folder = dataset::descriptionFolderFor(QFile::encodeName(path).toStdString(),
                                                      loaded.source.dbId.toStdString());
    if (!folder) return;
    const QString where = QFile::decodeName(folder->string().c_str());
    auto read = dataset::readColumnDescriptions(*folder);
    if (!read) {
        loaded.descriptionsNote = tr("Column descriptions: %1").arg(QString::fromStdString(read.error().message));
        return;
    }
    QStringList lines{tr("Column descriptions: %1 (%n columns)", nullptr, static_cast<int>(read->columns.size())).arg(where)};
    for (const auto& problem : read->problems) lines << tr("Not read: %1").arg(QString::fromStdString(problem.message));
    loaded.descriptionsNote = lines.join(QLatin1Char('\n'));
    loaded.descriptions = std::make_shared<const dataset::ColumnDescriptions>(std::move(*read));
}

void SchemaPanel::apply(Loaded loaded)
{
    m_source = std::move(loaded.source);
    {
        const QSignalBlocker blocker(m_dbIds);
        m_dbIds->clear();
        m_dbIds->addItems(loaded.dbIds);
        m_dbIds->setCurrentIndex(static_cast<int>(loaded.dbIds.indexOf(m_source.dbId)));
    }
    m_dbIds->setVisible(m_source.kind == SchemaSourceKind::SpiderTables);
    // A bundled example's schema is named by its folder ("people"), not by the file
    // every example shares ("database.sql"), and says that it is one.
    const bool bundled = m_source.path.startsWith(QStringLiteral(":/"));
    const QString name = bundled ? tr("%1 (bundled example)").arg(QFileInfo(m_source.path).dir().dirName())
                                 : QFileInfo(m_source.path).fileName();
    QString kind = kindLabel(m_source);
    if (loaded.descriptions) kind += tr(" · column descriptions");
    m_caption->setText(QStringLiteral("<b>%1</b><br/>%2").arg(name.toHtmlEscaped(), kind));
    m_caption->setToolTip(loaded.descriptionsNote.isEmpty() ? m_source.path
                                                            : m_source.path + QLatin1Char('\n') + loaded.descriptionsNote);
    // Said where the keys are shown: the tree is the original's constraints, not tables.json's.
    m_constraintNote->setText(loaded.constraintNotes.isEmpty()
                                  ? QString()
                                  : tr("Constraints from the original database: %1.")
                                        .arg(loaded.constraintNotes.join(QStringLiteral("; "))));
    m_constraintNote->setVisible(!loaded.constraintNotes.isEmpty());
    m_model->setSchema(loaded.schema, loaded.descriptions);
    if (loaded.schema) m_view->expandAll();
}

QString SchemaPanel::constraintNote() const { return m_constraintNote->text(); }

bool SchemaPanel::trySource(const SchemaSourceRef& source, QString* error)
{
    Loaded loaded;
    if (!load(source, loaded, error)) return false;
    apply(std::move(loaded));
    emit sourceChanged(m_source);
    return true;
}

void SchemaPanel::onDbIdPicked(int index)
{
    if (index < 0 || m_dbIds->itemText(index) == m_source.dbId) return;
    SchemaSourceRef picked = m_source;
    picked.dbId = m_dbIds->itemText(index);
    QString error;
    if (trySource(picked, &error)) return;
    // The schema shown stays the working one: put the picker back on it.
    const QSignalBlocker blocker(m_dbIds);
    m_dbIds->setCurrentIndex(m_dbIds->findText(m_source.dbId));
    emit loadFailed(error);
}

bool SchemaPanel::openPath(const QString& path, QString* error) { return trySource({kindForPath(path), path, {}}, error); }

bool SchemaPanel::chooseSource(const QString& directory)
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open schema"), directory,
        tr("Schemas (*.sqlite *.sqlite3 *.db *.sql *.json *-schema.csv);;SQLite databases (*.sqlite *.sqlite3 *.db);;"
           "SQL scripts (*.sql);;Spider tables.json (*.json);;Classical schema CSV (*-schema.csv);;All files (*)"));
    if (path.isEmpty()) return false;
    QString error;
    if (openPath(path, &error)) return true;
    emit loadFailed(tr("%1\nThe schema shown is still %2.").arg(error, QFileInfo(m_source.path).fileName()));
    return false;
}

} // namespace sqleq::ui
