import Foundation
import Synchronization

/// Gives memory that the server's requests freed back to the system, at most once per interval.
///
/// glibc's allocator keeps what a thread frees in that thread's arena for reuse, and only trims
/// the top of an arena's heap. Compiling a large JSON Schema allocates tens of megabytes for a
/// moment, on whichever thread the request ran; over thousands of schemas the freed pages stayed
/// resident, scattered over up to eight arenas per core. In a soak (`scripts/soak.py`), calling
/// `malloc_trim(0)` once by hand on a server that had answered 1,000 guided requests took its
/// resident memory from 720 to 532 MB. The trimmer does that after requests, on a utility queue
/// of its own, when `interval` has passed since the last trim.
///
/// `malloc_trim` is glibc's; where the C library has none (musl, Darwin), trimming does nothing.
final class MemoryTrimmer: Sendable {
    /// The function that trims (true when it gave memory back); `nil` where the C library has none.
    private let trim: (@Sendable () -> Bool)?
    private let interval: Duration
    private let lastTrim = Mutex<ContinuousClock.Instant?>(nil)
    private let queue = DispatchQueue(label: "fm.serve.memory-trim", qos: .utility)
    private let count = Atomic<Int>(0)

    /// A trimmer calling `trim` (by default glibc's `malloc_trim(0)`, where it exists).
    init(interval: Duration = .seconds(10), trim: (@Sendable () -> Bool)? = MemoryTrimmer.systemTrim) {
        self.interval = interval
        self.trim = trim
    }

    /// How many trims have run.
    var trims: Int { count.load(ordering: .relaxed) }

    /// Whether this C library can trim.
    var isAvailable: Bool { trim != nil }

    /// Notes that a request ended; trims in the background when the interval has passed.
    func requestEnded() {
        guard let trim else { return }
        let now = ContinuousClock.now
        let due = lastTrim.withLock { last in
            if let last, now - last < interval { return false }
            last = now
            return true
        }
        guard due else { return }
        queue.async { [self] in
            _ = trim()
            count.add(1, ordering: .relaxed)
        }
    }

    /// Waits until the trims requested so far have run.
    func drain() {
        queue.sync {}
    }

    /// glibc's `malloc_trim(0)` (true when it gave memory back), looked up at run time so that
    /// other C libraries build and run.
    static let systemTrim: (@Sendable () -> Bool)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        let function = unsafeBitCast(symbol, to: MallocTrim.self)
        return { function(0) == 1 }
    }()
}
