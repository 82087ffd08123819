/// A first-in, first-out buffer of at most `capacity` elements that gives up its oldest element to
/// make room: the OTLP exporter's queue and `fm serve`'s last requests.
///
/// Appending and removing are O(1) and never allocate once the storage has grown to `capacity`.
package struct TraceRingBuffer<Element> {
    /// The most elements the buffer holds.
    package let capacity: Int
    private var storage: [Element?]
    private var head = 0
    /// The number of elements held.
    package private(set) var count = 0

    /// An empty buffer.
    ///
    /// - Parameter capacity: The most elements it holds; at least 1.
    package init(capacity: Int) {
        precondition(capacity >= 1, "a ring buffer needs a capacity of at least 1, got \(capacity)")
        self.capacity = capacity
        storage = []
    }

    /// Whether the buffer holds nothing.
    package var isEmpty: Bool { count == 0 }

    /// Appends an element, and returns the oldest one when the buffer was full (it is removed).
    @discardableResult
    package mutating func append(_ element: Element) -> Element? {
        if storage.count < capacity {
            // Still growing: the elements sit in order from index 0.
            storage.append(element)
            count += 1
            return nil
        }
        if count < capacity {
            storage[(head + count) % capacity] = element
            count += 1
            return nil
        }
        let evicted = storage[head]
        storage[head] = element
        head = (head + 1) % capacity
        return evicted
    }

    /// The oldest element, without removing it.
    package var first: Element? {
        isEmpty ? nil : storage[head]
    }

    /// Removes and returns the oldest element.
    package mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % capacity
        count -= 1
        return element
    }

    /// The elements, oldest first.
    package var elements: [Element] {
        (0..<count).compactMap { storage[(head + $0) % capacity] }
    }

    /// Removes every element.
    package mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }
}

extension TraceRingBuffer: Sendable where Element: Sendable {}
