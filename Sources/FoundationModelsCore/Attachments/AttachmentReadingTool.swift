/// A tool that reads the request's attachments itself, through ``ToolAttachments/current`` (an
/// extra of this implementation).
///
/// A model without the ``LanguageModelCapabilities/Capability/vision`` capability refuses a
/// prompt with an image, unless one of the tools it is offered reads attachments: then the model
/// is given a placeholder that names each image by its label, and the tool reads the image when
/// the model calls it. Vision's `OCRTool` and `BarcodeReaderTool` conform.
public protocol AttachmentReadingTool: Tool {}
