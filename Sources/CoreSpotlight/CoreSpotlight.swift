// What `import CoreSpotlight` gives on Linux: Apple's index and queries (the `SpotlightIndex`
// module, on SQLite FTS5), `UTType` (as Apple's CoreSpotlight headers bring it), and, because
// Foundation Models is part of this package, what Apple ships in the
// `_CoreSpotlight_FoundationModels` overlay: `SpotlightSearchTool` and its configuration.
@_exported public import SpotlightIndex
@_exported public import UniformTypeIdentifiers
