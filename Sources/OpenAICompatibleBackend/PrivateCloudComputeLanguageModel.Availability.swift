extension PrivateCloudComputeLanguageModel {
    /// Whether the server model can be used, and why not.
    @frozen
    public enum Availability: Equatable, Sendable {
        /// The model is configured and may be asked.
        case available
        /// The model cannot be used now.
        case unavailable(PrivateCloudComputeLanguageModel.Availability.UnavailableReason)
    }
}

extension PrivateCloudComputeLanguageModel.Availability {
    /// Why the server model is unavailable.
    public enum UnavailableReason: Equatable, Sendable, Hashable {
        /// No server is configured (`FM_PCC_BASE_URL` is unset), so this machine has no access.
        case deviceNotEligible
        /// The service is not ready; reported only when simulated (`FM_SIMULATE_PCC_AVAILABILITY`),
        /// since availability never contacts the server.
        case systemNotReady
    }
}
