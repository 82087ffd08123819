import Foundation

/// What identifies a file's contents cheaply: device, inode, size and modification date.
package struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: UInt64
    let modified: Double

    /// The identity of the file at `path`, or nil when there is none.
    package init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType != .typeDirectory
        else { return nil }
        device = (attributes[.systemNumber] as? NSNumber)?.uint64Value ?? 0
        inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    }
}
