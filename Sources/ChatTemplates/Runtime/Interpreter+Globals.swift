/// The global functions: Jinja's `range`, `namespace` and `dict`, and transformers'
/// `raise_exception` and `strftime_now`.
extension Interpreter {
    /// The largest `range` the sandbox allows, as in `jinja2.sandbox.MAX_RANGE`.
    private static let maximumRange = 100_000

    func callGlobal(_ function: GlobalFunction, arguments: CallArguments) throws(TemplateError) -> TemplateValue {
        let location = arguments.location
        switch function {
        case .raiseException:
            let bound = try arguments.bind(function.rawValue, ["message"])
            throw .raised(message: bound[0]?.pythonString ?? "", location: location)
        case .strftimeNow:
            let bound = try arguments.bind(function.rawValue, ["format"])
            guard case .string(let format)? = bound[0]?.storage else {
                throw .runtime(message: "strftime_now() needs a format string", location: location)
            }
            return .string(Strftime.format(format, date: now))
        case .range:
            guard arguments.keyword.isEmpty, (1...3).contains(arguments.positional.count) else {
                throw .runtime(message: "range() takes 1 to 3 positional arguments", location: location)
            }
            var bounds: [Int] = []
            for value in arguments.positional {
                guard let integer = value.indexValue else {
                    throw .runtime(message: "'\(value.typeName)' object cannot be interpreted as an integer", location: location)
                }
                bounds.append(integer)
            }
            let start = bounds.count == 1 ? 0 : bounds[0]
            let stop = bounds.count == 1 ? bounds[0] : bounds[1]
            let step = bounds.count == 3 ? bounds[2] : 1
            guard step != 0 else { throw .runtime(message: "range() arg 3 must not be zero", location: location) }
            let values = stride(from: start, to: stop, by: step)
            guard values.underestimatedCount <= Self.maximumRange else {
                throw .runtime(
                    message: "range too big: the sandbox blocks ranges larger than \(Self.maximumRange)", location: location)
            }
            return .array(values.map { .int($0) })
        case .namespace:
            let attributes = try dictionaryArgument(function.rawValue, arguments)
            for key in attributes.keys where key.hasPrefix("_") {
                throw .runtime(message: "namespaces cannot store underscore-prefixed attributes, got '\(key)'", location: location)
            }
            return TemplateValue(storage: .namespace(NamespaceObject(attributes: attributes)))
        case .dict:
            return .object(try dictionaryArgument(function.rawValue, arguments))
        }
    }

    /// `dict(*args, **kwargs)`: an optional mapping or list of pairs, then keyword entries.
    private func dictionaryArgument(_ callee: String, _ arguments: CallArguments) throws(TemplateError)
        -> TemplateDictionary
    {
        var result = TemplateDictionary()
        guard arguments.positional.count <= 1 else {
            throw .runtime(message: "\(callee)() expected at most 1 positional argument", location: arguments.location)
        }
        if let source = arguments.positional.first {
            switch source.storage {
            case .object(let dictionary):
                result = dictionary
            case .list(let pairs), .tuple(let pairs):
                for pair in pairs {
                    guard let elements = pair.sequenceElements, elements.count == 2,
                        case .string(let key) = elements[0].storage
                    else {
                        throw .runtime(message: "\(callee)() needs (string key, value) pairs", location: arguments.location)
                    }
                    result[key] = elements[1]
                }
            default:
                throw .runtime(
                    message: "\(callee)() cannot build a mapping from '\(source.typeName)'", location: arguments.location)
            }
        }
        for (name, value) in arguments.keyword { result[name] = value }
        return result
    }
}
