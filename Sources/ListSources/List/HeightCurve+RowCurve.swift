import CellLayout
import RowHeightCache

/// A `HeightCurve` is what a `HeightCache` keeps for a row over its curve widths.
extension HeightCurve: RowCurve {}
