import ConstrainedDecoding
import Foundation
import JSONValues
import Testing

/// The shared keyword table: complete for both readers, and consistent with what each does.
@Suite struct JSONSchemaKeywordTests {
    /// The package's root, found from this file (`Tests/ConstrainedDecodingTests/…`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The sources of the two JSON Schema readers.
    static let readerSources = [
        "Sources/ConstrainedDecoding/Schema/JSONSchemaCompiler.swift",
        "Sources/ConstrainedDecoding/Schema/JSONSchemaCompiler+Instances.swift",
        "Sources/ConstrainedDecoding/Schema/JSONSchemaCompiler+Merge.swift",
        "Sources/ConstrainedDecoding/Schema/JSONSchemaCompiler+Negation.swift",
        "Sources/ConstrainedDecoding/Schema/JSONSchemaCompiler+Object.swift",
        "Sources/ConstrainedDecoding/Schema/JSONSchemaCompiler+Types.swift",
        "Sources/ConstrainedDecoding/Schema/JSONSchemaValidation.swift",
        "Sources/FoundationModelsCore/Schema/JSONSchemaReader.swift",
        "Sources/FoundationModelsCore/Schema/JSONSchemaReader+Verbatim.swift",
        "Sources/FoundationModelsCore/Schema/JSONSchemaReader+Enforcement.swift",
        "Sources/FoundationModelsCore/Schema/JSONSchemaReader+Identifiers.swift",
        "Sources/FoundationModelsCore/Schema/JSONSchemaSubschemas.swift"
    ]

    /// Word-like string literals in the readers that are not keywords: type names, format names,
    /// literal words and names of things.
    static let notKeywords: Set<String> = [
        "null", "boolean", "object", "array", "number", "string", "integer", "any",
        "date-time", "date", "time", "uuid", "email", "ipv4", "ipv6", "hostname", "uri", "uri-reference",
        "url", "iri", "iri-reference", "uri-template", "relative-uri",
        "true", "false", "schema", "key", "x-", "Root"
    ]

    @Test func everyKeywordEitherReaderHandlesIsInTheTable() throws {
        let literal = try Regex(#""([$a-zA-Z][-a-zA-Z0-9$]*)""#)
        var missing: [String] = []
        for path in Self.readerSources {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
            for match in text.matches(of: literal) {
                guard let range = match.output[1].range else { continue }
                let word = String(text[range])
                if Self.notKeywords.contains(word) || JSONSchemaKeyword.named(word) != nil { continue }
                missing.append("\(word) (\(path))")
            }
        }
        #expect(missing.isEmpty, "keywords missing from JSONSchemaKeyword.all: \(missing)")
    }

    @Test func namesAreUnique() {
        let names = JSONSchemaKeyword.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func annotationsAreTheOnesTheDecoderSkipsBesideAReference() {
        #expect(
            JSONSchemaKeyword.annotationNames == [
                "title", "description", "default", "examples", "$comment", "$schema", "$id", "id", "readOnly",
                "writeOnly", "deprecated", "$defs", "definitions", "x-order", "contentEncoding", "contentMediaType",
                "$anchor", "$vocabulary", "example", "nullable"
            ])
    }

    /// The compiler drops a listed value's annotations before checking the values against the
    /// rest of their schema: that is sound only while no annotation can reject a value.
    @Test func noAnnotationRejectsAValue() throws {
        let arguments: [JSONValue] = [.bool(false), .bool(true), .number("0"), .string("x"), .array([]), .object([]), .null]
        let instances: [JSONValue] = [.string("a"), .number("1"), .null, .bool(false), .array([.number("1")]), .object([JSONMember(key: "k", value: .null)])]
        for name in JSONSchemaKeyword.annotationNames {
            for argument in arguments {
                let schema = JSONValue.object([JSONMember(key: name, value: argument)])
                for instance in instances {
                    #expect(try JSONSchemaValidation.isValid(instance, schema: schema), "\(name): \(argument.serialized()) rejects \(instance.serialized())")
                }
            }
        }
        // Beside annotations, the other keywords still choose among the listed values.
        let grammar = try ByteChecks.compile(
            #"{"type": "string", "title": "t", "description": "d", "default": "a", "$comment": "c", "minLength": 2, "enum": ["a", "bb", "ccc", 4]}"#)
        #expect(!ByteChecks.accepts(grammar, #""a""#))
        #expect(ByteChecks.accepts(grammar, #""bb""#))
        #expect(ByteChecks.accepts(grammar, #""ccc""#))
        #expect(!ByteChecks.accepts(grammar, "4"))
    }

    @Test func appleDialectIsASubsetOfStandardImport() {
        for keyword in JSONSchemaKeyword.all where keyword.appleImport == .read {
            #expect(keyword.standardImport == .read, "\(keyword.name)")
        }
    }

    @Test func theImporterDropsOnlyWhatTheDecoderIgnores() {
        for keyword in JSONSchemaKeyword.all where keyword.standardImport == .dropped || keyword.appleImport == .dropped {
            #expect(keyword.decoder == .notEnforced, "\(keyword.name)")
        }
    }

    @Test func theImporterKeepsEverythingTheDecoderEnforces() {
        for keyword in JSONSchemaKeyword.all where keyword.decoder == .enforced || keyword.decoder == .enforcedInPart {
            #expect(keyword.standardImport == .read, "\(keyword.name)")
        }
    }

    /// The importer refuses exactly what the decoder refuses: the keywords refused everywhere as it
    /// reads them; those refused on arrays when the decoder compiles what it read.
    @Test func theImporterRefusesExactlyWhatTheDecoderRefuses() {
        for keyword in JSONSchemaKeyword.all {
            if case .refused = keyword.decoder {
                #expect(keyword.standardImport == .rejected && keyword.appleImport == .rejected, "\(keyword.name)")
            } else {
                #expect(keyword.standardImport != .rejected, "\(keyword.name) is rejected but the decoder takes it")
            }
        }
    }

    @Test func whatTheModelCarriesIsRead() {
        for keyword in JSONSchemaKeyword.all where keyword.isRepresentableInAppleDialect {
            #expect(keyword.standardImport == .read, "\(keyword.name)")
        }
    }

    @Test func unknownKeysFollowOneRule() {
        #expect(JSONSchemaKeyword.importRule(for: "x-anything", appleDialect: true) == .dropped)
        #expect(JSONSchemaKeyword.importRule(for: "x-anything", appleDialect: false) == .dropped)
        #expect(JSONSchemaKeyword.importRule(for: "madeUp", appleDialect: true) == .rejected)
        #expect(JSONSchemaKeyword.importRule(for: "madeUp", appleDialect: false) == .dropped)
        #expect(JSONSchemaKeyword.importRule(for: "nullable", appleDialect: true) == .rejected)
        #expect(JSONSchemaKeyword.importRule(for: "nullable", appleDialect: false) == .read)
        #expect(JSONSchemaKeyword.importRule(for: "allOf", appleDialect: true) == .read)
        #expect(JSONSchemaKeyword.named("minLength")?.isRepresentableInAppleDialect == false)
        #expect(JSONSchemaKeyword.named("pattern")?.isRepresentableInAppleDialect == true)
    }

    @Test func refusedKeywordsAreRefusedByTheCompiler() throws {
        for keyword in JSONSchemaKeyword.all {
            guard case .refused = keyword.decoder else { continue }
            #expect(throws: SchemaError.self) { try Grammar.jsonSchema(#"{"type": "string", "\#(keyword.name)": "x"}"#) }
        }
        for keyword in JSONSchemaKeyword.all where keyword.decoder == .refusedForArrays {
            #expect(throws: SchemaError.self) { try Grammar.jsonSchema(#"{"type": "array", "\#(keyword.name)": 1}"#) }
            #expect(throws: Never.self) { try Grammar.jsonSchema(#"{"type": "string", "\#(keyword.name)": 1}"#) }
        }
    }

    @Test func theDecoderEnforcesTheFormatsItKnows() {
        #expect(JSONSchemaKeyword.decoderEnforcesFormat("date-time"))
        #expect(JSONSchemaKeyword.decoderEnforcesFormat("url"))
        #expect(!JSONSchemaKeyword.decoderEnforcesFormat("float"))
    }
}
