// Apple's `import Vision` makes ImageIO's `CGImagePropertyOrientation` visible, which every
// `perform(on:orientation:)` takes; so does this module, with the Linux copy of the type.
@_exported public import ImageOrientation
