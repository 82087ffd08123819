/// Placeholder declaration (to be completed with Apple's full macro family).
@attached(member, names: arbitrary)
public macro Generable(description: String? = nil) = #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")
