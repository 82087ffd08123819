// What `import Vision` gives on Linux: Apple's Vision requests (the `VisionRequests` module, on
// Tesseract and ZBar) and, because Foundation Models is part of this package, the two tools that
// Apple ships in the `_Vision_FoundationModels` overlay: `OCRTool` and `BarcodeReaderTool`.
@_exported public import VisionRequests
