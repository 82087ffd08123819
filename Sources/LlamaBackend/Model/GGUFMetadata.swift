internal import CLlama

/// The scalar metadata of a GGUF file (its header's key-value pairs), read without loading any
/// tensor data.
///
/// Arrays (the vocabulary, `general.languages`) are left out; every scalar is given as text:
/// strings as they are, numbers in decimal, booleans as `true` or `false`.
package struct GGUFMetadata: Sendable, Equatable {
    /// The scalar values by key.
    package let values: [String: String]

    /// Reads the header of the GGUF file at `path`.
    ///
    /// - Throws: ``LlamaError/modelFileNotFound(path:)`` or ``LlamaError/notAGGUFFile(path:)``
    ///   when the file is missing or its header cannot be read.
    package init(contentsOfFile path: String) throws(LlamaError) {
        try LlamaModel.validateFile(at: path)
        let parameters = gguf_init_params(no_alloc: true, ctx: nil)
        guard let file = gguf_init_from_file(path, parameters) else {
            throw .notAGGUFFile(path: path)
        }
        defer { gguf_free(file) }
        var values: [String: String] = [:]
        for index in 0..<gguf_get_n_kv(file) {
            guard let key = gguf_get_key(file, index) else { continue }
            if let value = Self.scalar(file, index) { values[String(cString: key)] = value }
        }
        self.values = values
    }

    /// The value for `key`, if it is a scalar in the file.
    package subscript(key: String) -> String? {
        values[key]
    }

    private static func scalar(_ file: OpaquePointer, _ index: Int64) -> String? {
        switch gguf_get_kv_type(file, index) {
        case GGUF_TYPE_STRING: gguf_get_val_str(file, index).map { String(cString: $0) }
        case GGUF_TYPE_UINT8: String(gguf_get_val_u8(file, index))
        case GGUF_TYPE_INT8: String(gguf_get_val_i8(file, index))
        case GGUF_TYPE_UINT16: String(gguf_get_val_u16(file, index))
        case GGUF_TYPE_INT16: String(gguf_get_val_i16(file, index))
        case GGUF_TYPE_UINT32: String(gguf_get_val_u32(file, index))
        case GGUF_TYPE_INT32: String(gguf_get_val_i32(file, index))
        case GGUF_TYPE_UINT64: String(gguf_get_val_u64(file, index))
        case GGUF_TYPE_INT64: String(gguf_get_val_i64(file, index))
        case GGUF_TYPE_FLOAT32: String(gguf_get_val_f32(file, index))
        case GGUF_TYPE_FLOAT64: String(gguf_get_val_f64(file, index))
        case GGUF_TYPE_BOOL: String(gguf_get_val_bool(file, index))
        default: nil
        }
    }
}
