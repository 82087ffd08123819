public import Foundation
import JSONValues
import LlamaBackend

extension SystemLanguageModel {
    /// A LoRA adapter that specializes the model for a task.
    ///
    /// Apple's adapters are trained for Apple's on-device model and ship as `.fmadapter` packs.
    /// Here an adapter is a LoRA adapter in llama.cpp's GGUF format for the local model (convert a
    /// PEFT adapter with llama.cpp's `convert_lora_to_gguf.py`), either as a bare `.gguf` file or
    /// inside a `.fmadapter` folder next to a `metadata.json` whose `creatorDefined` object becomes
    /// ``creatorDefinedMetadata``.
    ///
    /// ```swift
    /// let adapter = try SystemLanguageModel.Adapter(name: "meeting_notes")
    /// try await adapter.compile()
    /// let session = LanguageModelSession(model: SystemLanguageModel(adapter: adapter))
    /// ```
    ///
    /// Named adapters are looked up in the adapters folder: `FM_ADAPTERS_DIR`, or `adapters` in
    /// the set-up cache (`~/.cache/foundation-models-linux/adapters`).
    public struct Adapter: Sendable {
        /// The adapter's identifier: its file or folder name without the extension.
        let identifier: String
        /// The GGUF file holding the LoRA weights.
        package let weightsPath: String
        /// The architecture the adapter was trained for (`general.architecture`), such as `llama`.
        let architecture: String
        /// The creator's metadata (an object).
        let creatorMetadata: JSONValue

        /// The metadata the adapter's creator defined: the `creatorDefined` object of a
        /// `.fmadapter`'s `metadata.json`, or, for a bare GGUF file, its scalar GGUF metadata
        /// (`general.name`, `adapter.lora.alpha`, …) as strings.
        public var creatorDefinedMetadata: [String: Any] {
            Self.foundationValue(of: creatorMetadata) as? [String: Any] ?? [:]
        }

        /// Opens the adapter at a file URL: a LoRA `.gguf` file, or a `.fmadapter` folder holding
        /// one.
        ///
        /// - Throws: ``AssetError/invalidAsset(_:)`` when nothing is there, or it is not a LoRA
        ///   adapter in GGUF format.
        public init(fileURL: URL) throws {
            let path = fileURL.standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw AssetError.invalidAsset(.init(debugDescription: "No adapter at \(path)."))
            }
            identifier = fileURL.deletingPathExtension().lastPathComponent
            var creatorDefined: JSONValue?
            if isDirectory.boolValue {
                weightsPath = try Self.weightsFile(inPack: path)
                creatorDefined = try Self.creatorDefinedMetadata(inPack: path)
            } else {
                weightsPath = path
            }
            let metadata: GGUFMetadata
            do {
                metadata = try GGUFMetadata(contentsOfFile: weightsPath)
            } catch {
                throw AssetError.invalidAsset(.init(debugDescription: "The adapter at \(weightsPath) is not a GGUF file: \(error)."))
            }
            guard metadata["general.type"] == "adapter", metadata["adapter.type"] == "lora" else {
                throw AssetError.invalidAsset(
                    .init(
                        debugDescription:
                            "\(weightsPath) is a GGUF file but not a LoRA adapter (general.type \(metadata["general.type"] ?? "missing"), "
                            + "adapter.type \(metadata["adapter.type"] ?? "missing"))."))
            }
            architecture = metadata["general.architecture"] ?? ""
            creatorMetadata =
                creatorDefined ?? .object(metadata.values.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .string($0.value)) })
        }

        /// Opens the adapter with this name from the adapters folder: the first one, by
        /// identifier, that is compatible with the model (see ``compatibleAdapterIdentifiers(name:)``).
        ///
        /// - Throws: ``AssetError/invalidAdapterName(_:)`` when the name is not letters, digits and
        ///   underscores; ``AssetError/compatibleAdapterNotFound(_:)`` when no compatible adapter
        ///   has the name.
        public init(name: String) throws {
            guard Self.isValidName(name) else {
                throw AssetError.invalidAdapterName(
                    .init(
                        debugDescription:
                            "'\(name)' is not a valid adapter name: use letters, digits and underscores only."))
            }
            guard let identifier = Self.compatibleAdapterIdentifiers(name: name).first,
                let url = AdapterFolder.url(of: identifier)
            else {
                throw AssetError.compatibleAdapterNotFound(
                    .init(
                        debugDescription:
                            "No adapter named \(name) for the model \(LocalModelSettings.current.modelPath) in \(AdapterFolder.url.path)."))
            }
            try self.init(fileURL: url)
        }

        /// Loads the adapter for the model, so that the first request does not wait for it.
        ///
        /// - Throws: ``AssetError/invalidAsset(_:)`` when llama.cpp rejects the adapter for the
        ///   current model (another architecture, or tensors whose shapes do not match).
        @concurrent
        public func compile() async throws {
            let modelPath = LocalModelSettings.current.modelPath
            do {
                let model = try await LlamaModelStore.shared.model(at: modelPath)
                _ = try model.adapter(at: weightsPath)
            } catch {
                throw AssetError.invalidAsset(
                    .init(
                        debugDescription:
                            "The adapter \(identifier) cannot be used with the model \(modelPath): \(error)."))
            }
        }

        /// The identifiers of the adapters in the adapters folder with this name (the name itself,
        /// or the name followed by `_` and a version) that were trained for the current model's
        /// architecture, sorted.
        public static func compatibleAdapterIdentifiers(name: String) -> [String] {
            guard isValidName(name) else { return [] }
            let baseArchitecture = AdapterFolder.baseArchitecture
            return AdapterFolder.identifiers().filter { identifier in
                guard identifier == name || identifier.hasPrefix(name + "_"),
                    let url = AdapterFolder.url(of: identifier),
                    let adapter = try? Adapter(fileURL: url)
                else { return false }
                return adapter.architecture == baseArchitecture
            }
        }

        /// Deletes the adapters in the adapters folder that cannot run on the current model
        /// (trained for another architecture, or not LoRA adapters at all).
        ///
        /// - Throws: The file system's error when an obsolete adapter cannot be removed.
        public static func removeObsoleteAdapters() throws {
            let baseArchitecture = AdapterFolder.baseArchitecture
            guard !baseArchitecture.isEmpty else { return }  // without the model, nothing is known to be obsolete
            for identifier in AdapterFolder.identifiers() {
                guard let url = AdapterFolder.url(of: identifier) else { continue }
                let adapter = try? Adapter(fileURL: url)
                if adapter?.architecture != baseArchitecture {
                    try FileManager.default.removeItem(at: url)
                }
            }
        }

        static func isValidName(_ name: String) -> Bool {
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
        }

        private static func weightsFile(inPack path: String) throws -> String {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            guard let weights = files.first(where: { $0.hasSuffix(".gguf") }) else {
                throw AssetError.invalidAsset(
                    .init(
                        debugDescription:
                            "The adapter pack \(path) holds no GGUF LoRA weights. Packs trained for Apple's model "
                            + "(adapter_weights.bin) cannot run on a local model; convert a PEFT LoRA with llama.cpp's convert_lora_to_gguf.py."))
            }
            return path + "/" + weights
        }

        private static func creatorDefinedMetadata(inPack path: String) throws -> JSONValue? {
            guard let data = FileManager.default.contents(atPath: path + "/metadata.json") else { return nil }
            guard let object = try? JSONReader.read(utf8: Array(data)).mergingDuplicateKeys(), object.objectMembers != nil else {
                throw AssetError.invalidAsset(.init(debugDescription: "\(path)/metadata.json is not a JSON object."))
            }
            if let creatorDefined = object["creatorDefined"], creatorDefined.objectMembers != nil { return creatorDefined }
            return .object([])
        }

        /// A JSON value as `JSONSerialization` gives it: `String`, `Bool`, `Int` (a number without
        /// a fraction or exponent that fits), `Double`, `[Any]`, `[String: Any]`, `NSNull`.
        private static func foundationValue(of value: JSONValue) -> Any {
            switch value {
            case .null: NSNull()
            case .bool(let flag): flag
            case .number(let text): Int(text).map { $0 as Any } ?? Double(text).map { $0 as Any } ?? 0
            case .string(let text): text
            case .array(let elements): elements.map(foundationValue(of:))
            case .object(let members):
                Dictionary(members.map { ($0.key, foundationValue(of: $0.value)) }, uniquingKeysWith: { _, last in last })
            }
        }
    }
}
