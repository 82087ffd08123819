/// A session's profile and which of its activation hooks are active.
///
/// `@unchecked Sendable` is sound: a profile is any app type (Apple's protocol does not require
/// `Sendable`), and the session evaluates it, and runs its hooks, only from its one running
/// request (a session serves one request at a time; `beginResponding` guarantees it), so the
/// profile's state is never touched from two tasks at once.
final class ProfileState: @unchecked Sendable {
    let profile: any LanguageModelSession.DynamicProfile
    /// The deactivation hooks of the profiles the last request used, by position.
    var activeDeactivations: [String: @isolated(any) () async -> Void] = [:]
    var activePaths: Set<String> = []

    init(_ profile: any LanguageModelSession.DynamicProfile) {
        self.profile = profile
    }

    /// The profile as it is now, with the session's values bound.
    func resolve() -> ProfileResolution {
        var resolution = ProfileResolution()
        resolveProfile(profile, into: &resolution)
        return resolution
    }

    /// Runs the activation hooks of profiles that just came into use and the deactivation hooks
    /// of those that went out of use since the last request.
    func updateActivation(_ resolution: ProfileResolution) async {
        let paths = Set(resolution.hooks.onActivate.keys).union(resolution.hooks.onDeactivate.keys)
        for path in activePaths.subtracting(paths).sorted() {
            await activeDeactivations[path]?()
        }
        for path in paths.subtracting(activePaths).sorted() {
            await resolution.hooks.onActivate[path]?()
        }
        activePaths = paths
        activeDeactivations = resolution.hooks.onDeactivate
    }
}
