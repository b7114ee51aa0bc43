// The front door: `import TemplateLayout` gives a list developer every layer a height needs, so
// no user has to know how the engine is split into modules.
@_exported import CellsFormat
@_exported import DynamicType
@_exported import CellLayout
@_exported import RowHeightCache
@_exported import ListSources
@_exported import TemplateLayoutFonts
