/// Notices a constrained value that repeats itself: the same token over and over inside a string
/// (`"2000000000…"`), or the same few tokens again and again (`["Produce", "Produce", …]`).
///
/// Small models fall into such loops under a grammar that allows an unbounded value, and the loop
/// ends only when the token budget does. The guard watches the sampled tokens (forced ones are the
/// grammar's, not the model's) with the parse depth after each; a loop is a tail of the output that
/// repeats with a period of at most ``maximumPeriod`` tokens over at least ``minimumSpan`` tokens
/// and three periods. It then names the depth of the value that loops (the shallowest depth in the
/// repeating tail), so that the constraint can steer that value to its end.
///
/// Greedy decoding is unchanged until a loop is found, so outputs without loops stay identical to
/// unconstrained llama.cpp's.
struct RepetitionGuard {
    /// The longest repeating unit, in tokens: a few array elements that are objects (the main
    /// job's digest once repeated three action items of about 13 sampled tokens each, a period
    /// of about 40, until the token budget ran out; 32 did not see it).
    static let maximumPeriod = 64
    /// The fewest tokens a repetition must cover before it counts as a loop.
    static let minimumSpan = 16

    private var tokens: [Int32] = []
    private var depths: [Int] = []
    private let capacity = 4 * maximumPeriod

    /// Records a sampled token and the parse depth after it; returns the depth of the value that
    /// loops when the output now ends in a loop, else nil.
    mutating func record(_ token: Int32, depth: Int) -> Int? {
        tokens.append(token)
        depths.append(depth)
        if tokens.count > capacity {
            tokens.removeFirst(tokens.count - capacity)
            depths.removeFirst(depths.count - capacity)
        }
        for period in 1...Self.maximumPeriod where period < tokens.count {
            var matching = 0
            var index = tokens.count - 1
            while index - period >= 0, tokens[index] == tokens[index - period] {
                matching += 1
                index -= 1
            }
            let span = matching + period
            if span >= max(Self.minimumSpan, 3 * period) {
                return depths[(depths.count - span)...].min()
            }
        }
        return nil
    }

    /// Forgets the tokens so far (after steering out of a loop).
    mutating func reset() {
        tokens.removeAll()
        depths.removeAll()
    }
}
