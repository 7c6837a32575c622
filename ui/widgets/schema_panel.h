// SchemaPanel: where the schema comes from — an SQLite file (opened read-only), an SQL
// DDL script, or a Spider tables.json with a db_id picker — and the schema itself as a
// tree (tables, columns, keys; column descriptions as tooltips when a BIRD-style
// database_description folder sits beside the source). Loading goes through
// SchemaSourceLoader; the panel only chooses the source and shows what was loaded.
#pragma once

#include "ui/session/session.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QToolButton;
class QTreeView;

namespace sqleq::schema {
struct Schema;
}
namespace sqleq::dataset {
struct ColumnDescriptions;
}

namespace sqleq::ui {

class SchemaTreeModel;

class SchemaPanel : public QWidget {
    Q_OBJECT

public:
    explicit SchemaPanel(QWidget* parent = nullptr);

    /// Shows `source` (a session's): fills the db_id picker for a tables.json and loads the
    /// schema into the tree. False (with `error`) when the source cannot be loaded; the
    /// panel then names the source with an empty tree, so the session can still be fixed.
    bool setSource(const SchemaSourceRef& source, QString* error = nullptr);
    /// Switches to `source` only if it loads (emitting sourceChanged); otherwise false with
    /// `error` and the schema shown stays the working one.
    bool trySource(const SchemaSourceRef& source, QString* error = nullptr);
    [[nodiscard]] const SchemaSourceRef& source() const { return m_source; }

    /// The kind of schema source a file name suggests (.sqlite/.db, .sql, .json).
    static SchemaSourceKind kindForPath(const QString& path);

    /// Opens a file dialog in `directory`; true when the user picked a source that loaded.
    bool chooseSource(const QString& directory);
    /// Switches to the schema file at `path` (as if picked in the dialog). A tables.json
    /// opens on the db_id shown before when it has one, else on the first in sorted order.
    bool openPath(const QString& path, QString* error);

    [[nodiscard]] QTreeView* view() const { return m_view; }
    [[nodiscard]] QComboBox* dbIdPicker() const { return m_dbIds; }
    /// The sentences under the picker saying which constraints come from the original
    /// database's DDL rather than tables.json; empty when they agree.
    [[nodiscard]] QString constraintNote() const;

signals:
    /// The user picked another file or db_id and it loaded (trySource succeeded).
    void sourceChanged(const sqleq::ui::SchemaSourceRef& source);
    /// A picked source could not be loaded; the message names the file or db_id at fault
    /// and the previous schema is still shown.
    void loadFailed(const QString& message);

private:
    /// A source read completely before anything on screen changes.
    struct Loaded {
        SchemaSourceRef source;  ///< with the db_id resolved
        QStringList dbIds;       ///< a tables.json's schemas
        std::shared_ptr<const schema::Schema> schema;
        /// From dataset::descriptionFolderFor(source); null when there is no such folder.
        std::shared_ptr<const dataset::ColumnDescriptions> descriptions;
        QString descriptionsNote;  ///< where they came from and what could not be read
        /// Where tables.json and the original database's DDL disagreed (the DDL is used).
        QStringList constraintNotes;
    };
    static void loadDescriptions(Loaded& loaded);
    bool load(const SchemaSourceRef& source, Loaded& loaded, QString* error) const;
    void apply(Loaded loaded);
    void onDbIdPicked(int index);

    SchemaSourceRef m_source;
    SchemaTreeModel* m_model = nullptr;
    QLabel* m_caption = nullptr;
    QLabel* m_constraintNote = nullptr;
    QToolButton* m_open = nullptr;
    QComboBox* m_dbIds = nullptr;
    QTreeView* m_view = nullptr;
};

} // namespace sqleq::ui
