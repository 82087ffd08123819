internal import CSQLite

extension SQLiteConnection {
    /// The name of the ranking function ``registerBM25(_:)`` adds.
    static let bm25FunctionName = "fm_bm25"

    /// Adds the FTS5 auxiliary function `fm_bm25(items_text, weights…, frequencies…)`: FTS5's
    /// `bm25()` with the same constants (k1 1.2, b 0.75), the same column weights and the same
    /// result (the score negated, so that `ORDER BY` it puts the best first), but with each
    /// phrase's item count given by the caller (one argument per phrase of the `MATCH`
    /// expression, in its order, after one weight per column) and each item's length taken from
    /// `statistics` when known. See ``RankingStatistics`` for why.
    ///
    /// A call with the wrong number of arguments fails the statement with an error naming them.
    func registerBM25(_ statistics: RankingStatistics) throws(SQLiteFailure) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteFailure(code: sqlite3_errcode(handle), message: "FTS5 is not available: \(lastMessage)")
        }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            _ = sqlite3_bind_pointer(statement, 1, pointer, Self.fts5PointerType, nil)
            _ = sqlite3_step(statement)
        }
        guard let api, let create = api.pointee.xCreateFunction else {
            throw SQLiteFailure(code: SQLITE_ERROR, message: "FTS5 did not give its API")
        }
        let context = Unmanaged.passRetained(statistics).toOpaque()
        let status = create(api, Self.bm25FunctionName, context, rankWithStatistics) { context in
            if let context { Unmanaged<RankingStatistics>.fromOpaque(context).release() }
        }
        guard status == SQLITE_OK else {
            Unmanaged<RankingStatistics>.fromOpaque(context).release()
            throw SQLiteFailure(code: status, message: "cannot add \(Self.bm25FunctionName)")
        }
    }

    /// The type name FTS5 gives the pointer to its API (`sqlite3_bind_pointer` keeps the pointer
    /// to this text, so it must live as long as the program).
    private static var fts5PointerType: UnsafePointer<CChar> {
        let name: StaticString = "fts5_api_ptr"
        return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

/// What `fm_bm25` works out once per statement, kept as FTS5's auxiliary data of the statement
/// (in memory from `sqlite3_malloc64`, freed with the statement). In the same block after it:
/// `columns` weights, `phrases` idf values and `phrases` counters for the item being ranked.
private struct RankConstants {
    /// The items' mean length in words.
    var averageLength: Double
    /// The items' lengths by row id (``RankingStatistics/lengthTable``), when read.
    var lengths: UnsafeBufferPointer<Int32>?
    /// The rows a filter lets through (``RankingStatistics/passingRows``), when the search has one.
    var passing: UnsafeBufferPointer<UInt64>?
    var columns: Int
    var phrases: Int

    /// The doubles after the constants: weights, idf values, counters.
    static func values(_ constants: UnsafeMutablePointer<RankConstants>) -> UnsafeMutablePointer<Double> {
        UnsafeMutableRawPointer(constants).advanced(by: MemoryLayout<RankConstants>.stride).assumingMemoryBound(to: Double.self)
    }
}

/// BM25 as FTS5's `bm25()` computes it, over the item FTS5 is at.
///
/// For each phrase: `idf = ln((N − n + 0.5) / (n + 0.5))` (1e-6 when not positive) with `N` the
/// items and `n` the phrase's item count (given); `f` the phrase's matches in the item, each
/// weighted by its column; the item's score is the sum of
/// `idf · f · (k1 + 1) / (f + k1 · (1 − b + b · D / avgD))` with `D` the item's words and `avgD`
/// the items' mean. The result is the score negated.
private let rankWithStatistics: fts5_extension_function = { api, fts, result, argumentCount, arguments in
    guard let api, let fts, let result else { return }
    let functions = api.pointee
    guard let getAuxdata = functions.xGetAuxdata, let instanceCount = functions.xInstCount, let instance = functions.xInst,
        let rowid = functions.xRowid, let columnSize = functions.xColumnSize
    else {
        sqlite3_result_error(result, "fm_bm25: FTS5 gave no API", -1)
        return
    }
    let k1 = RankingStatistics.k1
    let b = RankingStatistics.b
    var constants = getAuxdata(fts, 0)?.assumingMemoryBound(to: RankConstants.self)
    if constants == nil {
        constants = makeConstants(functions, fts, result, argumentCount, arguments)
        guard constants != nil else { return }
    }
    guard let constants else { return }
    let row = rowid(fts)
    if let passing = constants.pointee.passing {
        let word = Int(row / 64)
        guard row >= 0, word < passing.count, passing[word] & (1 << UInt64(row % 64)) != 0 else {
            sqlite3_result_double(result, RankingStatistics.excludedScore)
            return
        }
    }
    let columns = constants.pointee.columns
    let phrases = constants.pointee.phrases
    let values = RankConstants.values(constants)
    let weights = values
    let idf = values + columns
    let frequency = values + columns + phrases
    frequency.update(repeating: 0, count: phrases)
    var instances: Int32 = 0
    var status = instanceCount(fts, &instances)
    guard status == SQLITE_OK else {
        sqlite3_result_error_code(result, status)
        return
    }
    var phrase: Int32 = 0
    var column: Int32 = 0
    var offset: Int32 = 0
    for index in 0..<instances where instance(fts, index, &phrase, &column, &offset) == SQLITE_OK {
        guard phrase >= 0, Int(phrase) < phrases, column >= 0, Int(column) < columns else { continue }
        frequency[Int(phrase)] += weights[Int(column)]
    }
    var length = -1.0
    if let lengths = constants.pointee.lengths, row >= 0, row < lengths.count, lengths[Int(row)] >= 0 {
        length = Double(lengths[Int(row)])
    } else {
        var size: Int32 = 0
        status = columnSize(fts, -1, &size)
        guard status == SQLITE_OK else {
            sqlite3_result_error_code(result, status)
            return
        }
        length = Double(size)
    }
    let normalisation = k1 * (1 - b + b * length / constants.pointee.averageLength)
    var score = 0.0
    for index in 0..<phrases where frequency[index] > 0 {
        score += idf[index] * (frequency[index] * (k1 + 1)) / (frequency[index] + normalisation)
    }
    sqlite3_result_double(result, -score)
}

/// Works out a statement's ``RankConstants`` at its first item and keeps them as its auxiliary
/// data; `nil` (with the statement's error set) when the arguments do not fit the expression or
/// SQLite fails.
private func makeConstants(
    _ functions: Fts5ExtensionApi, _ fts: OpaquePointer, _ result: OpaquePointer, _ argumentCount: Int32,
    _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) -> UnsafeMutablePointer<RankConstants>? {
    guard let userData = functions.xUserData, let phraseCount = functions.xPhraseCount, let columnCount = functions.xColumnCount,
        let rowCount = functions.xRowCount, let totalSize = functions.xColumnTotalSize, let setAuxdata = functions.xSetAuxdata,
        let context = userData(fts)
    else {
        sqlite3_result_error(result, "fm_bm25: FTS5 gave no API", -1)
        return nil
    }
    let phrases = Int(phraseCount(fts))
    let columns = Int(columnCount(fts))
    guard Int(argumentCount) == columns + phrases, let arguments else {
        sqlite3_result_error(result, "fm_bm25: \(columns) column weights and \(phrases) item counts expected, \(argumentCount) given", -1)
        return nil
    }
    var rows: sqlite3_int64 = 0
    var tokens: sqlite3_int64 = 0
    var status = rowCount(fts, &rows)
    if status == SQLITE_OK { status = totalSize(fts, -1, &tokens) }
    guard status == SQLITE_OK else {
        sqlite3_result_error_code(result, status)
        return nil
    }
    let bytes = MemoryLayout<RankConstants>.stride + (columns + 2 * phrases) * MemoryLayout<Double>.stride
    guard let memory = sqlite3_malloc64(sqlite3_uint64(bytes)) else {
        sqlite3_result_error_nomem(result)
        return nil
    }
    let items = Double(max(rows, 1))
    let average = Double(tokens) / items
    let statistics = Unmanaged<RankingStatistics>.fromOpaque(context).takeUnretainedValue()
    let constants = memory.bindMemory(to: RankConstants.self, capacity: 1)
    // The doubles after the constants (``RankConstants/values(_:)`` reads them).
    _ = memory.advanced(by: MemoryLayout<RankConstants>.stride).bindMemory(to: Double.self, capacity: columns + 2 * phrases)
    constants.initialize(
        to: RankConstants(
            averageLength: average > 0 ? average : 1, lengths: statistics.lengthTable, passing: statistics.passingRows, columns: columns,
            phrases: phrases))
    let values = RankConstants.values(constants)
    for column in 0..<columns { values[column] = sqlite3_value_double(arguments[column]) }
    for phrase in 0..<phrases {
        values[columns + phrase] = RankingStatistics.idf(items: items, hits: sqlite3_value_double(arguments[columns + phrase]))
    }
    // On failure SQLite frees the block itself.
    status = setAuxdata(fts, memory, sqlite3_free)
    guard status == SQLITE_OK else {
        sqlite3_result_error_code(result, status)
        return nil
    }
    return constants
}
