// How the inspector's tables size their rows: one row height from the view's font, and a
// minimum height that keeps a few rows in sight, so that layouts and splitters take
// space from elsewhere rather than squeeze a table to a sliver on a desktop whose font
// is taller than ours. Geometry only: no model, no content.
#pragma once

class QTableView;

namespace sqleq::ui {

/// The view property fitRows records its row count in, so that a zoom can fit it again.
inline constexpr const char* kFittedRows = "sqleqFittedRows";

/// Sets `view`'s default row height from its font and its minimum height to the frame,
/// the header and `rows` rows (and its horizontal scroll bar). Call again when the
/// view's font changes; GUI thread.
void fitRows(QTableView* view, int rows);

} // namespace sqleq::ui
