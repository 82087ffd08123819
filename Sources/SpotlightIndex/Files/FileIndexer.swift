package import Foundation
import UniformTypeIdentifiers

/// Keeps an index of the text, Markdown and HTML files under some folders up to date: new and
/// changed files (by modification time and size) are read again, deleted ones removed. What
/// `FileSource` of `CoreSpotlight` searches.
///
/// The walk follows symbolic links to files and to folders, but enters each real folder once
/// (so a link loop ends), stays within ``maximumDepth`` folders and ``maximumFiles`` files, and
/// skips hidden names. A file's first ``maximumFileBytes`` are read; bytes that are not UTF-8
/// become U+FFFD, so a damaged file still gives its readable words.
package struct FileIndexer: Sendable {
    /// The folders (or single files) indexed.
    package let scopes: [URL]
    /// The index the files go to.
    package let index: CSSearchableIndex

    /// The file name extensions read (lowercased).
    package static let extensions: Set<String> = ["txt", "text", "md", "markdown", "html", "htm"]
    /// The most bytes read of one file.
    package static let maximumFileBytes = 8 << 20
    /// The most files indexed under all scopes.
    package static let maximumFiles = 100_000
    /// The deepest folder entered below a scope.
    package static let maximumDepth = 64
    /// The domain of file items.
    package static let domain = "files"

    /// What a refresh changed.
    package struct Changes: Equatable, Sendable {
        package var added = 0
        package var updated = 0
        package var removed = 0
        package var unchanged = 0
    }

    /// Creates an indexer.
    package init(scopes: [URL], index: CSSearchableIndex) {
        self.scopes = scopes
        self.index = index
    }

    /// An indexer whose index lives beside the app's others, named after its scopes.
    package init(scopes: [URL], directory: URL = CSSearchableIndex.storageDirectory) {
        let key = scopes.map(\.standardizedFileURL.path).sorted().joined(separator: "\n")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across processes, unlike Hasher
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        self.init(scopes: scopes, index: CSSearchableIndex(name: "files-" + String(hash, radix: 16), directory: directory))
    }

    /// Brings the index up to date with the files.
    ///
    /// - Throws: ``CSIndexError`` when the index cannot be written; unreadable files are skipped.
    @discardableResult
    package func refresh() throws -> Changes {
        let files = walk()
        let stored = try index.store.fileSignatures()
        var changes = Changes()
        var pending: [(record: ItemRecord, isUpdate: Bool)] = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            if let signature = stored[path], signature == file.signature {
                changes.unchanged += 1
                continue
            }
            guard let item = Self.item(for: file) else { continue }
            if stored[path] == nil { changes.added += 1 } else { changes.updated += 1 }
            pending.append((item.record, false))
            if pending.count == 200 {
                try index.store.index(pending)
                pending.removeAll()
            }
        }
        if !pending.isEmpty { try index.store.index(pending) }
        let removed = stored.keys.filter { files[$0] == nil }
        if !removed.isEmpty { try index.store.delete(identifiers: Array(removed)) }
        changes.removed = removed.count
        return changes
    }

    /// A file found by the walk.
    struct File {
        var url: URL
        var signature: FileSignature
        var type: UTType
    }

    /// The files under the scopes, by path.
    func walk() -> [String: File] {
        var files: [String: File] = [:]
        var visited = Set<String>()
        var pending: [(URL, Int)] = scopes.map { ($0.standardizedFileURL, 0) }
        let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey, .contentModificationDateKey, .fileSizeKey]
        while let (url, depth) = pending.popLast(), files.count < Self.maximumFiles {
            guard let values = try? url.resolvingSymlinksInPath().resourceValues(forKeys: Set(keys)) else { continue }
            if values.isDirectory == true {
                let real = url.resolvingSymlinksInPath().path
                guard depth <= Self.maximumDepth, visited.insert(real).inserted else { continue }
                let children = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: keys)) ?? []
                for child in children.sorted(by: { $0.path > $1.path }) where !child.lastPathComponent.hasPrefix(".") {
                    pending.append((child, depth + 1))
                }
            } else if values.isRegularFile == true {
                let fileExtension = url.pathExtension.lowercased()
                guard Self.extensions.contains(fileExtension), let type = UTType(filenameExtension: fileExtension) else { continue }
                let signature = FileSignature(
                    modified: values.contentModificationDate?.timeIntervalSince1970 ?? 0, size: Double(values.fileSize ?? 0))
                files[url.path] = File(url: url, signature: signature, type: type)
            }
        }
        return files
    }

    /// The searchable item for a file, or `nil` when it cannot be read.
    static func item(for file: File) -> CSSearchableItem? {
        guard let handle = try? FileHandle(forReadingFrom: file.url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileBytes) else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var title: String?
        if file.type.conforms(to: .html) {
            (title, text) = HTMLText.extract(from: text)
        } else if let heading = text.split(separator: "\n", maxSplits: 20).first(where: { $0.hasPrefix("# ") }) {
            title = heading.dropFirst(2).trimmingCharacters(in: .whitespaces)
        }
        let attributes = CSSearchableItemAttributeSet(contentType: file.type)
        attributes.title = title ?? file.url.deletingPathExtension().lastPathComponent
        attributes.displayName = file.url.lastPathComponent
        attributes.textContent = text
        attributes.path = file.url.path
        attributes.contentURL = file.url
        attributes.contentModificationDate = Date(timeIntervalSince1970: file.signature.modified)
        attributes.fileSize = NSNumber(value: file.signature.size)
        return CSSearchableItem(uniqueIdentifier: file.url.path, domainIdentifier: domain, attributeSet: attributes)
    }
}

/// What tells a changed file: its modification time and size.
struct FileSignature: Equatable {
    var modified: Double
    var size: Double
}

extension IndexStore {
    /// The signature of every file item, by path (its identifier).
    func fileSignatures() throws(CSIndexError) -> [String: FileSignature] {
        var result: [String: FileSignature] = [:]
        var after: Int64 = 0
        while true {
            let page = try records(after: after, limit: 1_000)
            guard let last = page.last else { return result }
            after = last.row
            for (_, record) in page {
                guard case .date(let modified) = record.values[SearchableItemAttribute.contentModificationDate.rawValue],
                    case .number(let size) = record.values[SearchableItemAttribute.fileSize.rawValue]
                else { continue }
                result[record.identifier] = FileSignature(modified: modified.timeIntervalSince1970, size: size)
            }
        }
    }
}
