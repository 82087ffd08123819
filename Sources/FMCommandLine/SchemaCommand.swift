import Foundation
import JSONValues

/// `fm schema object`: writes a JSON Schema for an object from the command line, in the shape
/// Apple's `fm` writes (`title`, `properties`, `required`, `x-order` for the generation order,
/// `additionalProperties: false`), for `fm respond --schema`.
///
/// Each type option starts a property; `--array`, `--optional` and `--description TEXT` apply to
/// the property before them:
///
/// ```bash
/// fm schema object --name Person --string name --int age --string pets --array --optional > person.json
/// fm respond --schema person.json "Invent a person"
/// ```
struct SchemaCommand {
    /// One property as the options declare it.
    struct Property: Equatable {
        var name: String
        var type: String
        /// A nested object's schema (`--object NAME --schema JSON`).
        var objectSchema: JSONValue?
        var isArray = false
        var isOptional = false
        var description: String?
    }

    let title: String
    let properties: [Property]

    static let usage = """
        fm schema object: write a JSON Schema for an object, for fm respond --schema.

        USAGE: fm schema object --name NAME [PROPERTY [MODIFIERS]]…

        PROPERTIES (each starts a property named NAME):
          --string NAME               a string
          --integer NAME, --int NAME  an integer
          --double NAME, --float NAME a number
          --boolean NAME, --bool NAME true or false
          --object NAME --schema JSON an object following JSON (e.g. "$(fm schema object …)")

        MODIFIERS (apply to the property before them):
          --array                     a list of such values
          --optional                  may be left out
          --description TEXT          what the property holds (the model reads it)

        EXAMPLE:
          fm schema object --name Person --string name --int age --string pets --array --optional
        """

    init(arguments: inout CommandLineArguments) throws {
        guard let kind = arguments.next() else { throw CLIError.usage("schema needs a kind: fm schema object --name NAME …") }
        if kind == "-h" || kind == "--help" {
            title = ""
            properties = []
            return
        }
        guard kind == "object" else { throw CLIError.usage("fm schema makes objects: fm schema object --name NAME …, got '\(kind)'") }
        var title: String?
        var properties: [Property] = []
        func modify(_ option: String, _ change: (inout Property) -> Void) throws {
            guard !properties.isEmpty else { throw CLIError.usage("\(option) applies to the property before it; declare one first") }
            change(&properties[properties.count - 1])
        }
        while let word = arguments.next() {
            switch word {
            case "--name": title = try arguments.value(for: word)
            case "--string": properties.append(Property(name: try arguments.value(for: word), type: "string"))
            case "--integer", "--int": properties.append(Property(name: try arguments.value(for: word), type: "integer"))
            case "--double", "--float", "--number": properties.append(Property(name: try arguments.value(for: word), type: "number"))
            case "--boolean", "--bool": properties.append(Property(name: try arguments.value(for: word), type: "boolean"))
            case "--object":
                let name = try arguments.value(for: word)
                guard arguments.next() == "--schema" else { throw CLIError.usage("--object \(name) needs --schema JSON right after it") }
                let text = try arguments.value(for: "--schema")
                let schema: JSONValue
                do {
                    schema = try JSONReader.read(text)
                } catch {
                    throw CLIError.usage("--object \(name): the schema is not valid JSON (\(error))")
                }
                guard schema.objectMembers != nil else { throw CLIError.usage("--object \(name): the schema must be a JSON object") }
                properties.append(Property(name: name, type: "object", objectSchema: schema))
            case "--array": try modify(word) { $0.isArray = true }
            case "--optional": try modify(word) { $0.isOptional = true }
            case "--description":
                let text = try arguments.value(for: word)
                try modify(word) { $0.description = text }
            case "-h", "--help":
                self.title = ""
                self.properties = []
                return
            default: throw CLIError.usage("schema object: unknown option '\(word)'")
            }
        }
        guard let title, !title.isEmpty else { throw CLIError.usage("schema object needs --name NAME") }
        guard !properties.isEmpty else { throw CLIError.usage("schema object needs at least one property (--string NAME, --int NAME, …)") }
        var seen: Set<String> = []
        for property in properties where !seen.insert(property.name).inserted {
            throw CLIError.usage("schema object: the property '\(property.name)' is declared twice")
        }
        self.title = title
        self.properties = properties
    }

    /// The schema.
    var schema: JSONValue {
        var definitions: [JSONMember] = []
        var members: [JSONMember] = []
        for property in properties {
            var value: JSONValue
            if let nested = property.objectSchema {
                let definition = nested["title"]?.stringValue ?? (property.name.prefix(1).uppercased() + property.name.dropFirst())
                if !definitions.contains(where: { $0.key == definition }) { definitions.append(JSONMember(definition, nested)) }
                value = .object([JSONMember("$ref", .string("#/$defs/\(definition)"))])
            } else {
                value = .object([JSONMember("type", .string(property.type))])
            }
            if property.isArray { value = .object([JSONMember("type", .string("array")), JSONMember("items", value)]) }
            if let description = property.description, case .object(var fields) = value {
                fields.append(JSONMember("description", .string(description)))
                value = .object(fields)
            }
            members.append(JSONMember(property.name, value))
        }
        var schema: [JSONMember] = [
            JSONMember("type", .string("object")), JSONMember("title", .string(title)), JSONMember("properties", .object(members)),
            JSONMember("required", .array(properties.filter { !$0.isOptional }.map { .string($0.name) })),
            JSONMember("x-order", .array(properties.map { .string($0.name) })),
            JSONMember("additionalProperties", .bool(false))
        ]
        if !definitions.isEmpty { schema.append(JSONMember("$defs", .object(definitions))) }
        return .object(schema)
    }

    func run() {
        print(title.isEmpty ? Self.usage : schema.jsonText(.indented))
    }
}
