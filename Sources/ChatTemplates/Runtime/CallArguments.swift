/// Evaluated call arguments, bound to parameters the way Python binds them.
struct CallArguments {
    var positional: [TemplateValue] = []
    var keyword: [(name: String, value: TemplateValue)] = []
    var location: TemplateLocation

    /// Binds the arguments to `parameters` by position, then by keyword.
    ///
    /// - Returns: One entry per parameter, `nil` where the caller passed nothing.
    /// - Throws: When there are too many positional arguments or an unknown keyword.
    func bind(_ callee: String, _ parameters: [String]) throws(TemplateError) -> [TemplateValue?] {
        guard positional.count <= parameters.count else {
            throw .runtime(
                message: "\(callee)() takes at most \(parameters.count) argument(s), got \(positional.count)",
                location: location)
        }
        var bound: [TemplateValue?] = Array(repeating: nil, count: parameters.count)
        for (position, value) in positional.enumerated() { bound[position] = value }
        for (name, value) in keyword {
            guard let position = parameters.firstIndex(of: name) else {
                throw .runtime(message: "\(callee)() got an unexpected keyword argument '\(name)'", location: location)
            }
            guard bound[position] == nil else {
                throw .runtime(message: "\(callee)() got multiple values for argument '\(name)'", location: location)
            }
            bound[position] = value
        }
        return bound
    }
}
