extension LanguageModelSession {
    /// What a session uses for each model request, worked out again before every one (OS 27):
    /// its instructions and tools, its model, sampling and limits, the history the model sees,
    /// and hooks on what happens.
    ///
    /// ```swift
    /// struct TaggingProfile: LanguageModelSession.DynamicProfile {
    ///     @SessionProperty(\.tagLookups) var lookups
    ///     var body: some DynamicProfile {
    ///         Profile {
    ///             Instructions("Look up the tag once, then answer.")
    ///             TagLookupTool()
    ///         }
    ///         .toolCallingMode(lookups < 1 ? .required : .allowed)
    ///         .onToolCall { _ in lookups += 1 }
    ///     }
    /// }
    /// let session = LanguageModelSession(profile: TaggingProfile())
    /// ```
    ///
    /// The body is evaluated before every model request, the rounds of one tool loop included,
    /// so a hook's change shows at the next request. Options passed to `respond` win over the
    /// profile's where they are set.
    public protocol DynamicProfile {
        /// The profile this one is made of.
        associatedtype Body: LanguageModelSession.DynamicProfile
        /// The profile this one is made of.
        @LanguageModelSession.DynamicProfileBuilder var body: Self.Body { get }
    }

    /// Instructions and tools, declared together, as a profile.
    public struct Profile: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile {
        let content: AnyDynamicInstructions

        /// A profile of these instructions and tools.
        ///
        /// - Parameter dynamicInstructions: A builder of ``Instructions``, tools and other dynamic
        ///   instructions.
        public init(@DynamicInstructionsBuilder _ dynamicInstructions: () -> some DynamicInstructions) {
            content = AnyDynamicInstructions(dynamicInstructions())
        }

        /// Not evaluated: the instructions are.
        public var body: Never { noBody("Profile") }

        func resolve(into resolution: inout ProfileResolution) {
            content.resolve(into: &resolution)
        }
    }

    /// One of two profiles, as an `if`/`else` chose.
    public struct ConditionalDynamicProfile<TrueContent: LanguageModelSession.DynamicProfile, FalseContent: LanguageModelSession.DynamicProfile>:
        LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile
    {
        enum Branch {
            case trueContent(TrueContent)
            case falseContent(FalseContent)
        }

        let branch: Branch

        init(_ branch: Branch) {
            self.branch = branch
        }

        /// Not evaluated: the branch is.
        public var body: Never { noBody("ConditionalDynamicProfile") }

        func resolve(into resolution: inout ProfileResolution) {
            switch branch {
            case .trueContent(let content): resolution.descend("t") { resolveProfile(content, into: &$0) }
            case .falseContent(let content): resolution.descend("f") { resolveProfile(content, into: &$0) }
            }
        }
    }

    /// A profile of any type.
    public struct AnyDynamicProfile: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile {
        let resolver: (inout ProfileResolution) -> Void

        /// Wraps a profile.
        ///
        /// - Parameter dynamicProfile: The profile.
        public init(_ dynamicProfile: any LanguageModelSession.DynamicProfile) {
            resolver = { resolveProfile(dynamicProfile, into: &$0) }
        }

        /// Wraps a profile (the type-erasing form).
        ///
        /// - Parameter dynamicProfile: The profile.
        public init(erasing dynamicProfile: some DynamicProfile) {
            self.init(dynamicProfile)
        }

        /// Not evaluated: the wrapped profile is.
        public var body: Never { noBody("AnyDynamicProfile") }

        func resolve(into resolution: inout ProfileResolution) {
            resolver(&resolution)
        }
    }

    /// Builds a profile's body: one profile, or one of two by `if`/`else`.
    @resultBuilder
    public struct DynamicProfileBuilder {
        /// The profile.
        public static func buildBlock<T: LanguageModelSession.DynamicProfile>(_ content: T) -> T {
            content
        }

        /// The `if` branch.
        public static func buildEither<TrueContent: LanguageModelSession.DynamicProfile, FalseContent: LanguageModelSession.DynamicProfile>(
            first content: TrueContent
        ) -> ConditionalDynamicProfile<TrueContent, FalseContent> {
            ConditionalDynamicProfile(.trueContent(content))
        }

        /// The `else` branch.
        public static func buildEither<TrueContent: LanguageModelSession.DynamicProfile, FalseContent: LanguageModelSession.DynamicProfile>(
            second content: FalseContent
        ) -> ConditionalDynamicProfile<TrueContent, FalseContent> {
            ConditionalDynamicProfile(.falseContent(content))
        }

        /// A profile inside `if #available`.
        public static func buildLimitedAvailability(_ component: some LanguageModelSession.DynamicProfile) -> AnyDynamicProfile {
            AnyDynamicProfile(component)
        }
    }
}

extension LanguageModelSession.DynamicProfile {
    /// Instructions and tools as a profile.
    public typealias Profile = LanguageModelSession.Profile
    /// A profile.
    public typealias DynamicProfile = LanguageModelSession.DynamicProfile
    /// A value the session owns (see ``LanguageModelSession/SessionProperty``).
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

extension Never: LanguageModelSession.DynamicProfile {}
