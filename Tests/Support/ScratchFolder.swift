package import Foundation
import Synchronization

/// Scratch folders for tests, all inside one folder per test process (`fm-tests-PID` in the
/// temporary directory) that is removed when the process exits. A test run killed before it could
/// clean up leaves its folder behind; the next run removes the folders of processes that no
/// longer exist. Tests that make files need not remove them one by one, and a failing test
/// leaves nothing behind either.
package enum ScratchFolder {
    /// A new, empty folder whose name starts with `prefix` (which says what the test made it for).
    package static func make(_ prefix: String) throws -> URL {
        let folder = try root().appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A path for a new file in a new scratch folder (the file itself is not created).
    package static func file(_ name: String) throws -> URL {
        try make("file").appendingPathComponent(name)
    }

    /// This process's folder, made (and the stale folders of earlier runs removed) on first use.
    private static func root() throws -> URL {
        try state.withLock { made in
            let folder = ownFolder
            if !made {
                removeFoldersOfEndedProcesses()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                atexit { ScratchFolder.removeOwnFolder() }
                made = true
            }
            return folder
        }
    }

    private static let namePrefix = "fm-tests-"

    /// Whether this process's folder exists yet.
    private static let state = Mutex(false)

    /// `fm-tests-PID` for this process.
    private static var ownFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(namePrefix)\(getpid())")
    }

    private static func removeOwnFolder() {
        try? FileManager.default.removeItem(at: ownFolder)
    }

    /// Removes `fm-tests-PID` folders whose process has ended.
    private static func removeFoldersOfEndedProcesses() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(namePrefix) {
            guard let pid = Int32(name.dropFirst(namePrefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
