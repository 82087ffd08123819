import Foundation
import Synchronization

/// The tokens each Private Cloud Compute account (a server and model) used today, per calendar
/// day in UTC: one ledger per process, or one per quota file.
///
/// Synchronous, behind a `Mutex`, because ``PrivateCloudComputeLanguageModel/quotaUsage`` is a
/// synchronous property. With a file, every read and every record goes to the file under the
/// lock, so processes sharing the file see each other's usage (a race between two processes may
/// lose one record; the quota is advisory, not a bill).
final class PrivateCloudComputeQuotaLedger: Sendable {
    /// One account's usage on one day.
    struct Entry: Codable, Equatable, Sendable {
        /// Days since 1970-01-01 in UTC.
        var day: Int
        /// Tokens used that day.
        var tokens: Int
    }

    private let file: URL?
    private let entries = Mutex<[String: Entry]>([:])

    private init(file: URL?) {
        self.file = file
    }

    /// The ledger kept in memory.
    static let inMemory = PrivateCloudComputeQuotaLedger(file: nil)

    private static let fileLedgers = Mutex<[String: PrivateCloudComputeQuotaLedger]>([:])

    /// The ledger for the settings: their quota file's, or the in-memory one.
    static func ledger(for settings: PrivateCloudComputeSettings) -> PrivateCloudComputeQuotaLedger {
        guard let path = settings.quotaFile else { return inMemory }
        return fileLedgers.withLock { ledgers in
            if let ledger = ledgers[path] { return ledger }
            let ledger = PrivateCloudComputeQuotaLedger(file: URL(fileURLWithPath: path))
            ledgers[path] = ledger
            return ledger
        }
    }

    /// The UTC day of a date, as days since 1970-01-01.
    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The UTC midnight that ends a date's day.
    static func nextReset(after date: Date) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day(of: date) + 1) * 86_400)
    }

    /// Tokens an account used on the day of `date`.
    func tokensUsed(by account: String, on date: Date = Date()) -> Int {
        let today = Self.day(of: date)
        return entries.withLock { entries in
            reload(into: &entries)
            guard let entry = entries[account], entry.day == today else { return 0 }
            return entry.tokens
        }
    }

    /// Adds tokens to an account's usage on the day of `date`.
    func record(_ tokens: Int, for account: String, on date: Date = Date()) {
        guard tokens > 0 else { return }
        let today = Self.day(of: date)
        entries.withLock { entries in
            reload(into: &entries)
            var entry = entries[account] ?? Entry(day: today, tokens: 0)
            if entry.day != today { entry = Entry(day: today, tokens: 0) }
            entry.tokens += tokens
            entries[account] = entry
            save(entries)
        }
    }

    /// Forgets an account's usage (tests).
    func reset(_ account: String) {
        entries.withLock { entries in
            reload(into: &entries)
            entries[account] = nil
            save(entries)
        }
    }

    private func reload(into entries: inout [String: Entry]) {
        guard let file, let data = try? Data(contentsOf: file) else { return }
        // An unreadable file counts as empty rather than blocking every request.
        entries = (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    private func save(_ entries: [String: Entry]) {
        guard let file else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(entries) else { return }
        // Why `try?`: failing to persist must not fail a request the server already answered.
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
