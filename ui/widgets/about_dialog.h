// AboutDialog: Help ▸ About sqleq — what sqleq is, its version, the versions of Qt,
// SQLite, fmt and nlohmann-json it runs with, and its licence, so a bug report can quote
// them. The text is built separately from the box so that it can be checked.
#pragma once

#include <QString>

class QWidget;

namespace sqleq::ui {

class AboutDialog {
public:
    /// Rich text: versions at run time (qVersion, sqlite3_libversion through core) and
    /// the Qt build sqleq was compiled against.
    static QString text();
    /// A modal QMessageBox::about titled "About sqleq".
    static void show(QWidget* parent);
};

} // namespace sqleq::ui
