public import Foundation

extension GenerationSchema {
    /// The errors ``GenerationSchema/init(root:dependencies:)`` throws for dynamic schemas that do not
    /// fit together.
    public enum SchemaError: Error, LocalizedError {
        /// The context of a schema error.
        public struct Context: Sendable {
            /// A description of what went wrong, for debugging.
            public let debugDescription: String

            /// Creates a context.
            ///
            /// - Parameter debugDescription: A description of what went wrong.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// Two schemas share a type name.
        case duplicateType(schema: String?, type: String, context: GenerationSchema.SchemaError.Context)
        /// An object schema has two properties with the same name.
        case duplicateProperty(schema: String, property: String, context: GenerationSchema.SchemaError.Context)
        /// A choice schema offers no choices.
        case emptyTypeChoices(schema: String, context: GenerationSchema.SchemaError.Context)
        /// References name schemas that are not among the dependencies.
        case undefinedReferences(schema: String?, references: [String], context: GenerationSchema.SchemaError.Context)

        /// A sentence describing the error.
        public var errorDescription: String? {
            switch self {
            case .duplicateType(_, let type, _):
                "More than one schema is named '\(type)'."
            case .duplicateProperty(let schema, let property, _):
                "The schema '\(schema)' has more than one property named '\(property)'."
            case .emptyTypeChoices(let schema, _):
                "The schema '\(schema)' offers no choices."
            case .undefinedReferences(_, let references, _):
                "No dependency is named \(references.map { "'\($0)'" }.joined(separator: ", "))."
            }
        }

        /// A sentence suggesting how to fix the error.
        public var recoverySuggestion: String? {
            switch self {
            case .duplicateType:
                "Give each dynamic schema a unique name."
            case .duplicateProperty:
                "Give each property of the schema a unique name."
            case .emptyTypeChoices:
                "Pass at least one choice to the anyOf initializer."
            case .undefinedReferences:
                "Pass every schema named by `DynamicGenerationSchema(referenceTo:)` in `dependencies`."
            }
        }
    }
}
