// The compiler-plugin entry point for `@Generable`, `@Guide` and `@SessionPropertyEntry`.
//
// The toolchain ships swift-syntax's message handling but not the `SwiftCompilerPlugin` module, so
// this file provides the small piece that module would: a `PluginProvider` naming our macros and a
// stdio `MessageConnection` speaking the compiler's framing (an 8-byte little-endian length, then
// that many bytes of JSON).

@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

import Foundation

/// Names the macros this plugin implements, for the compiler to resolve.
struct FoundationModelsMacrosProvider: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        switch typeName {
        case "GenerableMacro": GenerableMacro.self
        case "GuideMacro": GuideMacro.self
        case "SessionPropertyEntryMacro": SessionPropertyEntryMacro.self
        default: throw PluginError.unknownMacro(moduleName: moduleName, typeName: typeName)
        }
    }
}

/// Errors of the plugin process itself, reported to the compiler.
enum PluginError: Error, CustomStringConvertible {
    case unknownMacro(moduleName: String, typeName: String)
    case truncatedMessage(expected: Int, received: Int)
    case writeFailed(errno: Int32)

    var description: String {
        switch self {
        case .unknownMacro(let moduleName, let typeName):
            "FoundationModelsMacros has no macro named \(moduleName).\(typeName)"
        case .truncatedMessage(let expected, let received):
            "the compiler's message ended after \(received) of \(expected) bytes"
        case .writeFailed(let code):
            "writing to the compiler failed (errno \(code))"
        }
    }
}

/// Length-framed JSON messages over the plugin's standard input and output.
struct StandardIOConnection: MessageConnection {
    let input: Int32 = 0
    let output: Int32 = 1

    func sendMessage<Message: Encodable>(_ message: Message) throws {
        let payload = try JSONEncoder().encode(message)
        var length = UInt64(payload.count).littleEndian
        var frame = withUnsafeBytes(of: &length) { Array($0) }
        frame.append(contentsOf: payload)
        try writeAll(frame)
    }

    func waitForNextMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
        guard let header = try readExactly(8) else { return nil }
        let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        if length == 0 { return nil }
        guard let payload = try readExactly(Int(length)) else {
            throw PluginError.truncatedMessage(expected: Int(length), received: 0)
        }
        return try JSONDecoder().decode(Message.self, from: Data(payload))
    }

    /// Reads exactly `count` bytes, or returns nil at a clean end of input before the first byte.
    private func readExactly(_ count: Int) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let result = buffer.withUnsafeMutableBytes { raw in
                read(input, raw.baseAddress! + received, count - received)
            }
            if result == 0 {
                if received == 0 { return nil }
                throw PluginError.truncatedMessage(expected: count, received: received)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw PluginError.truncatedMessage(expected: count, received: received)
            }
            received += result
        }
        return buffer
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                write(output, raw.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw PluginError.writeFailed(errno: errno)
            }
            written += result
        }
    }
}

@main
struct FoundationModelsMacrosPlugin {
    static func main() throws {
        let listener = CompilerPluginMessageListener(
            connection: StandardIOConnection(),
            provider: FoundationModelsMacrosProvider()
        )
        try listener.main()
    }
}
