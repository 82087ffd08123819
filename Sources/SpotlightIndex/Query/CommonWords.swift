/// A query's words split by how many items have them, so that ranking an any-word search costs
/// about the same in an index of 100,000 items as in one of a few thousand.
///
/// FTS5 scores every item that matches a `MATCH` expression (`fm_bm25`, about 0.13 µs an item
/// on a 2-core EPYC; FTS5's own `bm25()` 0.7 µs), so an `OR` of a word found in a third of the
/// items scores a third of the index. Words are taken rarest first while the items they have
/// together stay within the budget (the rarest is always taken): every item with one of those is
/// ranked. The words left are common in this index: they still add to the score of an item that
/// has a rarer word, but an item whose only matches are common words is not ranked. BM25 gives
/// such an item at most `idf · (k1 + 1)` a word, and a common word's `idf` is small.
///
/// Words that no item has are left out (they change no item's score). When the words have no more
/// items between them than the budget, nothing is common and ranking is exact.
struct CommonWords: Equatable {
    /// The words whose items are all ranked, rarest first.
    var rare: [String]
    /// The words that only add to the score of items with a rarer word, in the query's order.
    var common: [String]

    /// Splits words by their item counts (``RankingStatistics/documentFrequency(of:connection:)``).
    static func split(_ words: [String], counts: [String: Int], budget: Int) -> CommonWords {
        var rare: [String] = []
        var total = 0
        // Rarest first; words with the same count keep the query's order.
        let byRarity = words.indices.sorted { (counts[words[$0], default: 0], $0) < (counts[words[$1], default: 0], $1) }
        for word in byRarity.map({ words[$0] }) {
            let items = counts[word, default: 0]
            if items == 0 { continue }
            if !rare.isEmpty && total + items > budget { break }
            rare.append(word)
            total += items
        }
        return CommonWords(rare: rare, common: words.filter { !rare.contains($0) && counts[$0, default: 0] > 0 })
    }
}
