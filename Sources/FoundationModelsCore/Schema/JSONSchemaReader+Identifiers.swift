import ConstrainedDecoding
import JSONValues

// References by identifier: `#name` (an `$anchor`, or an `$id` of the form `#name`) and
// `base#fragment` (a schema of the document whose `$id` is, or ends with, `base`). The decoder's
// resolver (`JSONSchemaReferenceResolver`) finds the schema they lead to; the reader maps them to
// its JSON Pointer, so that they become references like any other (and work in Apple's dialect,
// which has neither anchors nor identifiers).

extension JSONSchemaReader {
    /// Reads a reference by identifier as the reference by JSON Pointer it stands for.
    mutating func readIdentifiedReference(_ reference: String, path: String) throws(ImportError) -> SchemaReference {
        guard dialect == .jsonSchema, let tokens = JSONSchemaReferenceResolver(document: document).resolve(reference)?.tokens else {
            throw .unresolvedReference(reference, path: path)
        }
        if tokens.isEmpty { return .root }
        return try readReference(to: tokens, written: "#" + JSONPointer.pointer(tokens), path: path)
    }
}
