package import Foundation

extension FileHandle {
    /// Reads up to the first newline (not included) or the end of the stream, a byte at a time,
    /// so that nothing after the line is taken from a child process's pipe: how the tests learn
    /// the port or process id a child prints first.
    package func readFirstLine() throws -> String {
        var line = Data()
        while let byte = try read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }
}
