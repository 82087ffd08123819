public import Foundation
import JSONValues

extension GeneratedContent {
    /// The reasons generated content cannot convert to a Swift value.
    ///
    /// This is an addition to Apple's API: Apple's framework throws an undocumented error here.
    public enum ConversionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
        /// The content is of another kind than the type needs.
        case typeMismatch(expected: String, content: GeneratedContent)
        /// The object lacks a property that the type requires.
        case missingProperty(String, content: GeneratedContent)
        /// A string names none of a type's choices (an enum case or a discriminated case).
        case unknownChoice(String, type: String)
        /// A number cannot be represented by the type, for example a fraction for `Int`.
        case unrepresentableNumber(Double, type: String)
        /// No content can convert to the type (`Never`).
        case uninhabitedType(String)

        /// A sentence describing the error.
        public var description: String {
            switch self {
            case .typeMismatch(let expected, let content):
                "expected \(expected), found \(content.kind.name): \(content.jsonString)"
            case .missingProperty(let property, let content):
                "the object has no property '\(property)': \(content.jsonString)"
            case .unknownChoice(let choice, let type):
                "'\(choice)' is not one of the choices of \(type)"
            case .unrepresentableNumber(let number, let type):
                "\(JSONValue.numberText(number)) cannot be represented as \(type)"
            case .uninhabitedType(let type):
                "no generated content converts to \(type)"
            }
        }

        /// A sentence describing the error.
        public var errorDescription: String? { description }
    }
}
