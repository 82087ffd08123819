import Foundation
package import FoundationModelsCore

/// A model the server offers under an id: the base model, or the base model with one adapter.
package struct ServedModel: Sendable {
    /// The id clients name in `model` (the GGUF file's name without extension).
    package let id: String
    /// The model.
    package let model: SystemLanguageModel

    /// A served model.
    package init(id: String, model: SystemLanguageModel) {
        self.id = id
        self.model = model
    }

    /// The base model at `settings` (refusal detection off: a server returns what the model
    /// wrote), and one model per adapter file, each named by its file.
    ///
    /// - Throws: The adapter's error when an adapter file cannot be used.
    package static func models(settings: LocalModelSettings, adapterPaths: [String]) throws -> [ServedModel] {
        var base = settings
        base.detectsRefusals = false
        var models = [ServedModel(id: id(forFile: base.modelPath), model: SystemLanguageModel(settings: base))]
        for path in adapterPaths {
            let adapter = try SystemLanguageModel.Adapter(fileURL: URL(fileURLWithPath: path))
            var adapted = base
            adapted.adapterPath = adapter.weightsPath
            models.append(ServedModel(id: id(forFile: path), model: SystemLanguageModel(settings: adapted)))
        }
        return models
    }

    /// The id of a model or adapter file: its name without the extension.
    package static func id(forFile path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent.lowercased()
    }
}
