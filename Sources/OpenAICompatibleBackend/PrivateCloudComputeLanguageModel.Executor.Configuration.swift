extension PrivateCloudComputeLanguageModel.Executor {
    /// What an executor needs from its model: the server, the quota and the simulations.
    public struct Configuration: Hashable & Sendable {
        /// The model's settings.
        let settings: PrivateCloudComputeSettings

        init(settings: PrivateCloudComputeSettings) {
            self.settings = settings
        }
    }
}
