// `CGImagePropertyOrientation` lives in its own module so that the Vision requests share it
// without depending on FoundationModels; `import FoundationModels` still gives it.
@_exported public import ImageOrientation
