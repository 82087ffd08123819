import CTesseract

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Tesseract parses numbers in its model files and parameters with the C library, so it must run
/// under the "C" locale: under a locale with a decimal comma (de_DE) its initialisation fails.
/// Instead of `setlocale`, which changes the whole process, the calling thread switches to a "C"
/// locale of its own with `uselocale` for the duration of each call.
enum CLocale {
    /// One "C" locale for the process, made on first use and never freed.
    ///
    /// `nonisolated(unsafe)` because `locale_t` is a C pointer: the locale object it points to is
    /// never changed after `newlocale` returns, and glibc allows one locale to be in use on several
    /// threads at once.
    nonisolated(unsafe) private static let locale: locale_t? = fm_tesseract_new_c_locale()

    /// Runs `body` with the calling thread in the "C" locale, then restores the thread's locale.
    static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard let locale else { return try body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return try body()
    }
}
