/// The scalar metadata of a GGUF file (its header's key-value pairs), read without loading any
/// tensor data.
///
/// Arrays (the vocabulary, `general.languages`) are left out; every scalar is given as text:
/// strings as they are (up to a first zero byte, as llama.cpp's accessors give them), numbers in
/// decimal, booleans as `true` or `false`. The header is walked by ``GGUFHeaderReader``, which
/// steps over the arrays instead of building them.
package struct GGUFMetadata: Sendable, Equatable {
    /// The scalar values by key.
    package let values: [String: String]

    /// Reads the header of the GGUF file at `path`.
    ///
    /// - Throws: ``LlamaError/modelFileNotFound(path:)`` or ``LlamaError/notAGGUFFile(path:)``
    ///   when the file is missing or its header cannot be read.
    package init(contentsOfFile path: String) throws(LlamaError) {
        try LlamaModel.validateFile(at: path)
        guard var walk = GGUFHeaderReader(fileAt: path) else { throw .notAGGUFFile(path: path) }
        defer { walk.close() }
        var values: [String: String] = [:]
        while let pair = walk.next() {
            if pair.type != GGUFHeaderReader.ValueType.array, let value = walk.scalarText() { values[pair.key] = value }
        }
        guard walk.isComplete else { throw .notAGGUFFile(path: path) }
        self.values = values
    }

    /// The value for `key`, if it is a scalar in the file.
    package subscript(key: String) -> String? {
        values[key]
    }
}
