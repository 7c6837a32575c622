// Keyboard navigation of the main window: a Tab order that follows the inspection
// (question → gold → candidate → suite databases → separating database → results),
// window shortcuts that never collide with
// audit mode's, and the menus and toolbars following audit mode (dock toggles in View,
// no session toolbar while auditing). Set once, after the window and its audit mode are
// built; it adds no widgets and runs no engine code.
#pragma once

namespace sqleq::ui {

class MainWindow;

/// Called once from MainWindow's constructor, after AuditMode is created.
void setUpKeyboardNavigation(MainWindow& window);

} // namespace sqleq::ui
