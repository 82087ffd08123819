public import Foundation

extension PrivateCloudComputeLanguageModel {
    /// How much of the day's token quota is used, and when it starts again.
    public struct QuotaUsage: Sendable {
        /// Whether the limit is reached, or close.
        public var status: PrivateCloudComputeLanguageModel.QuotaUsage.Status
        /// How the user could get a larger quota; present whenever a quota is in force.
        public var limitIncreaseSuggestion: PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion?
        /// When the quota starts again (the next midnight in UTC); `nil` when there is no limit.
        public var resetDate: Date?

        init(status: Status, limitIncreaseSuggestion: LimitIncreaseSuggestion?, resetDate: Date?) {
            self.status = status
            self.limitIncreaseSuggestion = limitIncreaseSuggestion
            self.resetDate = resetDate
        }

        /// The usage under some settings at a moment: simulated, unlimited, or counted.
        init(settings: PrivateCloudComputeSettings, now: Date) {
            let resetDate = PrivateCloudComputeQuotaLedger.nextReset(after: now)
            if let simulated = settings.simulatedQuota {
                let status: Status
                switch simulated {
                case .belowLimit: status = .belowLimit(Status.BelowLimit(isApproachingLimit: false))
                case .approachingLimit: status = .belowLimit(Status.BelowLimit(isApproachingLimit: true))
                case .limitReached: status = .limitReached(Status.LimitReached())
                }
                self.init(status: status, limitIncreaseSuggestion: LimitIncreaseSuggestion(quota: settings.dailyTokenQuota), resetDate: resetDate)
                return
            }
            guard let quota = settings.dailyTokenQuota else {
                self.init(status: .belowLimit(Status.BelowLimit(isApproachingLimit: false)), limitIncreaseSuggestion: nil, resetDate: nil)
                return
            }
            let used = PrivateCloudComputeQuotaLedger.ledger(for: settings).tokensUsed(by: settings.quotaAccount, on: now)
            self.init(
                status: Self.status(used: used, quota: quota), limitIncreaseSuggestion: LimitIncreaseSuggestion(quota: quota), resetDate: resetDate)
        }

        /// The status for tokens used out of a quota: reached at the quota, approaching from 80%.
        static func status(used: Int, quota: Int) -> Status {
            if used >= quota { return .limitReached(Status.LimitReached()) }
            return .belowLimit(Status.BelowLimit(isApproachingLimit: used * 5 >= quota * 4))
        }
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage {
    /// Whether requests are refused until ``resetDate``.
    public var isLimitReached: Bool {
        if case .limitReached = status { return true }
        return false
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage {
    /// Where the day's usage stands against the quota.
    public enum Status: Sendable {
        /// Requests are allowed.
        case belowLimit(PrivateCloudComputeLanguageModel.QuotaUsage.Status.BelowLimit)
        /// Requests are refused until the reset date.
        case limitReached(PrivateCloudComputeLanguageModel.QuotaUsage.Status.LimitReached)
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage.Status {
    /// Usage below the quota.
    public struct BelowLimit: Sendable {
        /// Whether 80% or more of the day's quota is used.
        public var isApproachingLimit: Bool

        init(isApproachingLimit: Bool) {
            self.isApproachingLimit = isApproachingLimit
        }
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage.Status {
    /// Usage that reached the quota.
    public struct LimitReached: Sendable {
        init() {}
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage {
    /// A way to get a larger quota. On Linux the quota is the operator's setting, so the
    /// suggestion is to raise `FM_PCC_DAILY_TOKEN_QUOTA` (or ``PrivateCloudComputeSettings/dailyTokenQuota``).
    public struct LimitIncreaseSuggestion: Sendable {
        /// What to tell the user.
        let message: String

        init(quota: Int?) {
            let amount = quota.map { "of \($0) tokens " } ?? ""
            message =
                "The daily Private Cloud Compute quota \(amount)is set by this machine's configuration: "
                + "raise FM_PCC_DAILY_TOKEN_QUOTA (or PrivateCloudComputeSettings.dailyTokenQuota) for more."
        }
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion {
    /// Presents the suggestion. Apple's shows a system sheet; with no such UI on Linux, this writes
    /// the suggestion on standard error, where a command-line user sees it.
    public func show() {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
