import Foundation

/// The package's `FM_*` environment variables beyond the local model's: the one reader the
/// tools and frameworks built on the core ask, so that every variable has one spelling, one
/// parse and one default.
///
/// The model's variables (`FM_MODEL`, `FM_CONTEXT_SIZE`, `FM_THREADS`, …) are
/// ``LocalModelSettings``' (its table, ``localModelSettings``); the set-up's layout (`FM_CACHE_DIR`,
/// `FM_PREFIX`) is `ModelCatalog`'s, beside it; tracing's (`FM_TRACE`, `FM_TRACE_CONTENT`,
/// `FM_OTLP_ENDPOINT`) are `RequestTracing`'s; the Private Cloud Compute stand-in's (`FM_PCC_*`)
/// are `PrivateCloudComputeSettings`'. The rest:
///
/// | variable | meaning | default |
/// |---|---|---|
/// | `FM_EVAL_CONCURRENCY` | samples an evaluation runs at once (at least 1) | 4 |
/// | `FM_EVAL_PROGRESS` | `0` silences an evaluation's progress on standard error | on |
/// | `FM_SERVE_TRACES` | requests `fm serve` keeps for `GET /v1/traces` (`--traces` wins) | the server's |
/// | `FM_API_KEY` | the bearer token `fm serve` requires (`--api-key` wins); kept out of `ps` | none |
package struct PackageEnvironment: Sendable {
    /// The variables read, by name.
    package let variables: [String: String]

    /// The environment of the process, or the variables given (for tests).
    package init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// A variable's value, or nil when it is unset or empty.
    package subscript(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The local model's settings these variables describe (``LocalModelSettings``' table).
    package var localModelSettings: LocalModelSettings {
        LocalModelSettings.reading(variables)
    }

    /// `FM_EVAL_CONCURRENCY`: samples an evaluation runs at once (4 when unset or not a number).
    package var evaluationConcurrency: Int {
        self["FM_EVAL_CONCURRENCY"].flatMap(Int.init).map { max(1, $0) } ?? 4
    }

    /// `FM_EVAL_PROGRESS`: whether an evaluation reports its progress (`0` silences it).
    package var reportsEvaluationProgress: Bool {
        variables["FM_EVAL_PROGRESS"] != "0"
    }

    /// A setting that should be a whole number but is not, with the variable's name.
    package struct NotANumber: Error, Equatable {
        /// The variable.
        package let name: String
        /// What it was set to.
        package let value: String
    }

    /// `FM_SERVE_TRACES`: the requests `fm serve` keeps for `/v1/traces`, or nil when unset.
    ///
    /// - Throws: ``NotANumber`` when it is set to something else than a whole number.
    package func serveTraceCapacity() throws(NotANumber) -> Int? {
        guard let setting = self["FM_SERVE_TRACES"] else { return nil }
        guard let value = Int(setting) else { throw NotANumber(name: "FM_SERVE_TRACES", value: setting) }
        return value
    }

    /// `FM_API_KEY`: the bearer token `fm serve` requires, or nil when unset or empty.
    package var apiKey: String? {
        self["FM_API_KEY"]
    }
}
