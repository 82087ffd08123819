extension ByteDFA {
    /// The automaton of `"` + this content + `"`, built directly (no second determinization),
    /// keeping only the states reachable from the start that can still reach acceptance.
    ///
    /// This automaton must be a call-free content automaton in JSON-escaped form, where a raw
    /// quote only follows a backslash, so no accepting state reads one; returns nil otherwise
    /// (the caller then builds the quoted string through an NFA).
    func quotedJSONString() -> ByteDFA? {
        let quote = UInt8(ascii: "\"")
        guard calls.allSatisfy({ $0.isEmpty }) else { return nil }
        for state in 0..<stateCount where accepting[state] && next(Int32(state), quote) >= 0 { return nil }
        let live = liveStates(productive: [])
        guard live.first == true else { return nil }

        // The quote gets a class of its own; its old class keeps the other bytes.
        let quoteClass = Int(classOf[Int(quote)])
        let sharesClass = (0..<256).contains { $0 != Int(quote) && Int(classOf[$0]) == quoteClass }
        guard !sharesClass || classCount < 256 else { return nil }
        var newClassOf = classOf
        let newQuoteClass = sharesClass ? classCount : quoteClass
        if sharesClass { newClassOf[Int(quote)] = UInt8(classCount) }
        let width = sharesClass ? classCount + 1 : classCount

        // States: 0 before the opening quote, 1 after the closing one, then the content's live
        // states reachable from its start, numbered in the order they are found.
        var number = [Int32](repeating: -1, count: stateCount)
        var order: [Int32] = [0]
        number[0] = 2
        var position = 0
        while position < order.count {
            let state = Int(order[position])
            position += 1
            for slot in (state * classCount)..<((state + 1) * classCount) {
                let target = transitions[slot]
                guard target >= 0, live[Int(target)], number[Int(target)] < 0 else { continue }
                number[Int(target)] = Int32(order.count + 2)
                order.append(target)
            }
        }
        let total = order.count + 2
        var table = [Int32](repeating: -1, count: total * width)
        var finals = [Bool](repeating: false, count: total)
        finals[1] = true
        table[newQuoteClass] = 2
        for (offset, original) in order.enumerated() {
            let state = Int(original)
            let row = (offset + 2) * width
            for byteClass in 0..<classCount {
                let target = transitions[state * classCount + byteClass]
                if target >= 0, live[Int(target)] { table[row + byteClass] = number[Int(target)] }
            }
            if sharesClass { table[row + newQuoteClass] = -1 }
            let afterQuote = next(original, quote)
            if afterQuote >= 0, live[Int(afterQuote)] { table[row + newQuoteClass] = number[Int(afterQuote)] }
            if accepting[state] { table[row + newQuoteClass] = 1 }
        }
        var result = ByteDFA(
            classOf: newClassOf, classCount: width, transitions: table, accepting: finals,
            calls: [[CallEdge]](repeating: [], count: total))
        // Call-free, and every state kept can reach acceptance (the content's live states, the
        // state before the opening quote and the one after the closing quote).
        result.isTrimmed = true
        if var counts = lengthCounts {
            // The quotes stand outside the content; content states keep where they stood.
            counts.shape = [-1, -1] + order.map { counts.shape[Int($0)] }
            counts.count = [-1, -1] + order.map { counts.count[Int($0)] }
            result.lengthCounts = counts
        }
        return result
    }
}
