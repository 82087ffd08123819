import Foundation
import FoundationModels

/// Random schema shapes for property tests, with a validator for what they allow.
indirect enum SchemaShape {
    case string(choices: [String]?)
    case integer(ClosedRange<Int>)
    case boolean
    case array(SchemaShape, count: ClosedRange<Int>)
    case object([(name: String, shape: SchemaShape, optional: Bool)])

    func dynamic(name: String) -> DynamicGenerationSchema {
        switch self {
        case .string(let choices?):
            return DynamicGenerationSchema(name: name, anyOf: choices)
        case .string(nil):
            return DynamicGenerationSchema(type: String.self)
        case .integer(let range):
            return DynamicGenerationSchema(type: Int.self, guides: [.range(range)])
        case .boolean:
            return DynamicGenerationSchema(type: Bool.self)
        case .array(let items, let count):
            return DynamicGenerationSchema(arrayOf: items.dynamic(name: name + "Item"), minimumElements: count.lowerBound, maximumElements: count.upperBound)
        case .object(let properties):
            return DynamicGenerationSchema(
                name: name,
                properties: properties.map { property in
                    DynamicGenerationSchema.Property(
                        name: property.name, schema: property.shape.dynamic(name: name + property.name.capitalized),
                        isOptional: property.optional)
                })
        }
    }

    func accepts(_ content: GeneratedContent) -> Bool {
        switch (self, content.kind) {
        case (.string(let choices), .string(let value)):
            return choices.map { $0.contains(value) } ?? true
        case (.integer(let range), .number(let value)):
            return value == value.rounded() && range.contains(Int(value))
        case (.boolean, .bool):
            return true
        case (.array(let items, let count), .array(let elements)):
            return count.contains(elements.count) && elements.allSatisfy(items.accepts)
        case (.object(let properties), .structure(let values, let keys)):
            let names = properties.map(\.name)
            guard keys.allSatisfy(names.contains), keys == names.filter(keys.contains) else { return false }
            return properties.allSatisfy { property in
                guard let value = values[property.name] else { return property.optional }
                return property.shape.accepts(value)
            }
        default:
            return false
        }
    }
}

/// A seeded generator of small schema shapes (bounded arrays, so generation always ends).
struct SchemaGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    mutating func object(depth: Int) -> SchemaShape {
        let names = ["title", "amount", "active", "labels", "detail", "level", "note"]
        var properties: [(name: String, shape: SchemaShape, optional: Bool)] = []
        for name in names.prefix(2 + next(3)) {
            properties.append((name, leaf(depth: depth), next(4) == 0))
        }
        return .object(properties)
    }

    mutating func leaf(depth: Int) -> SchemaShape {
        switch next(depth < 1 ? 6 : 4) {
        case 0: return .string(choices: ["red", "green", "blue"].shuffledPrefix(2 + next(2), using: &self))
        case 1: return .integer(next(50)...50 + next(50))
        case 2: return .boolean
        case 3: return .array(.integer(0...9), count: 1...1 + next(3))
        case 4: return object(depth: depth + 1)
        default: return .array(.string(choices: ["yes", "no"]), count: 2...2)
        }
    }
}

extension Array {
    func shuffledPrefix(_ count: Int, using generator: inout SchemaGenerator) -> [Element] {
        var copy = self
        for index in copy.indices.reversed() where index > 0 {
            copy.swapAt(index, generator.next(index + 1))
        }
        return Array(copy.prefix(count))
    }
}
