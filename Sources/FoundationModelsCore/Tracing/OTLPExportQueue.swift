/// The OTLP exporter's state, with no side effects: the bounded queue of finished traces, when a
/// batch is due, and the counts (see ``OTLPTraceExporter``).
///
/// Traces wait in a ring buffer of ``capacity``; one more drops the oldest, counted. A batch is due
/// when the queued spans reach ``batchSpans``, when ``interval`` has passed since the last batch
/// with something queued, or when a flush asks for everything.
struct OTLPExportQueue {
    /// The most traces that wait.
    let capacity: Int
    /// The spans that make a batch due at once.
    let batchSpans: Int
    /// The longest a queued trace waits for a batch to fill.
    let interval: Duration

    private var traces: TraceRingBuffer<(trace: RequestTrace, spans: Int)>
    private(set) var queuedSpans = 0
    /// Traces dropped: pushed out of a full queue, or in a batch that failed twice.
    private(set) var droppedTraces = 0
    /// Spans the collector accepted.
    private(set) var exportedSpans = 0
    /// Batches being sent.
    private(set) var batchesInFlight = 0
    private var lastBatch: ContinuousClock.Instant

    init(capacity: Int, batchSpans: Int, interval: Duration, now: ContinuousClock.Instant) {
        self.capacity = capacity
        self.batchSpans = batchSpans
        self.interval = interval
        traces = TraceRingBuffer(capacity: capacity)
        lastBatch = now
    }

    /// The traces waiting.
    var queuedTraces: Int { traces.count }

    /// Queues a trace; a full queue drops its oldest. Returns whether a batch is now due by size.
    mutating func enqueue(_ trace: RequestTrace, spans: Int) -> Bool {
        if let dropped = traces.append((trace, spans)) {
            queuedSpans -= dropped.spans
            droppedTraces += 1
        }
        queuedSpans += spans
        return queuedSpans >= batchSpans
    }

    /// What the sender does next.
    enum Next {
        /// Send these traces.
        case send([RequestTrace])
        /// Wait until this time (or until woken); `nil`: until something is queued.
        case wait(until: ContinuousClock.Instant?)
    }

    /// The next batch when one is due (at least one trace, then whole traces up to
    /// ``batchSpans`` spans), counted in flight; otherwise how long to wait.
    ///
    /// - Parameter force: Take a batch from whatever is queued (a flush).
    mutating func next(now: ContinuousClock.Instant, force: Bool = false) -> Next {
        guard !traces.isEmpty else { return .wait(until: nil) }
        let due = lastBatch + interval
        guard force || queuedSpans >= batchSpans || now >= due else { return .wait(until: due) }
        var batch: [RequestTrace] = []
        var spans = 0
        while let (trace, count) = traces.first, batch.isEmpty || spans + count <= batchSpans {
            _ = traces.popFirst()
            batch.append(trace)
            spans += count
            queuedSpans -= count
        }
        lastBatch = now
        batchesInFlight += 1
        return .send(batch)
    }

    /// A batch's send ended: its spans exported, or its traces dropped.
    mutating func finished(traces count: Int, spans: Int, exported: Bool) {
        batchesInFlight -= 1
        if exported {
            exportedSpans += spans
        } else {
            droppedTraces += count
        }
    }

    /// Whether nothing waits and nothing is being sent.
    var isIdle: Bool { traces.isEmpty && batchesInFlight == 0 }
}
