import Foundation
import FoundationModelsCore
import Synchronization
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an HTTP exchange delivers, in order: the response head once, then the body in pieces.
enum HTTPStreamPart: Sendable {
    /// The status line and headers.
    case response(HTTPURLResponse)
    /// The next bytes of the body, cut wherever the network cut them.
    case body(Data)
}

/// Sends one HTTP request and streams its response as it arrives.
///
/// Why a delegate: swift-corelibs-foundation has no `URLSession.bytes(for:)`, and its async
/// `data(for:)` has been seen to hang; the data-task delegate delivers the body chunk by chunk.
/// Ending the iteration early (or cancelling the iterating task) cancels the data task.
///
/// The request's `timeoutInterval` is enforced here as an idle timeout, between any two events of
/// the exchange (connecting, the head, each body piece): swift-corelibs-foundation applies it
/// to the connection but not to a body that stops arriving, where a stalled server would hang
/// the caller forever.
///
/// The body's size limit is enforced here too, as each piece arrives, not where the caller reads
/// it: a caller that reads late (its threads busy) would otherwise let a server that never stops
/// sending fill memory, and keep swift-corelibs-foundation's one work queue, which every
/// `URLSession` in the process shares, copying bytes while every other request waits.
enum HTTPStreamingRequest {
    /// The body grew past the limit given to ``start(_:maximumBodySize:)``; the exchange was
    /// cancelled there.
    struct BodyTooLarge: Error {
        /// The limit, in bytes.
        let limit: Int
    }

    /// The response of `request`, streamed.
    ///
    /// - Parameters:
    ///   - request: The request; its `timeoutInterval` is the longest silence allowed.
    ///   - maximumBodySize: The most body bytes accepted; one more ends the exchange.
    /// - Returns: A stream of the response head and body pieces; it throws the transport error
    ///   (`URLError`, `.timedOut` after `request.timeoutInterval` seconds of silence) when the
    ///   exchange fails, ``BodyTooLarge`` past `maximumBodySize`, and ends when the body is
    ///   complete.
    static func start(_ request: URLRequest, maximumBodySize: Int) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPStreamPart, any Error>.makeStream()
        let delegate = Delegate(continuation: continuation, maximumBodySize: maximumBodySize)
        let session = URLSession(configuration: sessionConfiguration(for: request), delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: request)
        let watchdog = IdleWatchdog(timeout: request.timeoutInterval) {
            continuation.finish(throwing: URLError(.timedOut))
            task.cancel()
        }
        delegate.watchdog = watchdog
        continuation.onTermination = { termination in
            watchdog.stop()
            if case .cancelled = termination { task.cancel() }
        }
        task.resume()
        // The session keeps its delegate until its tasks end; then it lets go of both.
        session.finishTasksAndInvalidate()
        return stream
    }

    /// An ephemeral configuration whose idle timeout is the request's.
    ///
    /// Why: swift-corelibs-foundation times a request out after the configuration's
    /// `timeoutIntervalForRequest` of silence (60 seconds by default) unless the request's
    /// `timeoutInterval` was assigned after it was made; `URLRequest(url:timeoutInterval:)` does
    /// not count as assigned, so a request allowed 300 seconds failed after 60 of a busy server's
    /// silence. With both the same, the request's interval holds whichever way it was set.
    static func sessionConfiguration(for request: URLRequest) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        if request.timeoutInterval.isFinite && request.timeoutInterval > 0 {
            configuration.timeoutIntervalForRequest = request.timeoutInterval
        }
        return configuration
    }

    /// Forwards the data task's callbacks into the stream.
    ///
    /// `Sendable` without `@unchecked`: its stored properties are a continuation, an integer and
    /// mutexes, all `Sendable`, and `NSObject` is the one superclass a checked `Sendable` class
    /// may have.
    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        let continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation
        let maximumBodySize: Int
        /// Body bytes received so far.
        private let bodySize = Mutex(0)
        /// Told of every event, so that silence is measured from the last one.
        private let watchdogBox = Mutex<IdleWatchdog?>(nil)

        var watchdog: IdleWatchdog? {
            get { watchdogBox.withLock { $0 } }
            set { watchdogBox.withLock { $0 = newValue } }
        }

        init(continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation, maximumBodySize: Int) {
            self.continuation = continuation
            self.maximumBodySize = maximumBodySize
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            watchdog?.reset()
            if let response = response as? HTTPURLResponse {
                continuation.yield(.response(response))
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let total = bodySize.withLock { size in
                size += data.count
                return size
            }
            guard total <= maximumBodySize else {
                // Once finished, the stream ignores whatever else the task still delivers.
                watchdog?.stop()
                continuation.finish(throwing: BodyTooLarge(limit: maximumBodySize))
                dataTask.cancel()
                return
            }
            watchdog?.reset()
            continuation.yield(.body(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            watchdog?.stop()
            if let error {
                continuation.finish(throwing: error)
            } else {
                continuation.finish()
            }
        }
    }
}
