internal import Foundation

/// Expression evaluation with Jinja's and Python's rules.
extension Interpreter {
    func evaluate(_ expression: Expression, in scope: Scope) throws(TemplateError) -> TemplateValue {
        switch expression.kind {
        case .literal(let value):
            return value
        case .name(let name):
            if let value = scope.lookup(name) { return value }
            if let function = GlobalFunction(rawValue: name) { return TemplateValue(storage: .callable(.global(function))) }
            return .undefined(.variable(name))
        case .attribute(let baseExpression, let name):
            let base = try evaluate(baseExpression, in: scope)
            return try attribute(name, of: base, location: expression.location)
        case .item(let baseExpression, let keyExpression):
            let base = try evaluate(baseExpression, in: scope)
            let key = try evaluate(keyExpression, in: scope)
            return try item(key, of: base, location: expression.location)
        case .slice(let baseExpression, let start, let stop, let step):
            let base = try evaluate(baseExpression, in: scope)
            return try slice(
                base, start: start.map { (e) throws(TemplateError) in try evaluate(e, in: scope) },
                stop: stop.map { (e) throws(TemplateError) in try evaluate(e, in: scope) },
                step: step.map { (e) throws(TemplateError) in try evaluate(e, in: scope) },
                location: expression.location)
        case .call(let calleeExpression, let argumentExpressions):
            let arguments = try evaluateArguments(argumentExpressions, in: scope, location: expression.location)
            if case .attribute(let receiverExpression, let name) = calleeExpression.kind {
                let receiver = try evaluate(receiverExpression, in: scope)
                if let result = try callMethod(name, on: receiver, arguments: arguments) { return result }
                return try call(try attribute(name, of: receiver, location: calleeExpression.location), arguments: arguments)
            }
            return try call(try evaluate(calleeExpression, in: scope), arguments: arguments)
        case .filter(let baseExpression, let name, let argumentExpressions):
            let base = try evaluate(baseExpression, in: scope)
            let arguments = try evaluateArguments(argumentExpressions, in: scope, location: expression.location)
            return try applyFilter(name, to: base, arguments: arguments, in: scope)
        case .test(let baseExpression, let name, let argumentExpressions, let negated):
            let base = try evaluate(baseExpression, in: scope)
            let arguments = try evaluateArguments(argumentExpressions, in: scope, location: expression.location)
            let result = try applyTest(name, to: base, arguments: arguments, in: scope)
            return .bool(result != negated)
        case .negate(let operandExpression):
            let operand = try evaluate(operandExpression, in: scope)
            switch operand.numeric {
            case .int(let value)?:
                let (negated, overflow) = Int(0).subtractingReportingOverflow(value)
                if overflow { throw integerOverflow(expression.location) }
                return .int(negated)
            case .double(let value)?: return .double(-value)
            case nil: throw badOperand("unary -", operand, location: expression.location)
            }
        case .plus(let operandExpression):
            let operand = try evaluate(operandExpression, in: scope)
            switch operand.numeric {
            case .int(let value)?: return .int(value)
            case .double(let value)?: return .double(value)
            case nil: throw badOperand("unary +", operand, location: expression.location)
            }
        case .binary(let op, let leftExpression, let rightExpression):
            let left = try evaluate(leftExpression, in: scope)
            let right = try evaluate(rightExpression, in: scope)
            return try binary(op, left, right, location: expression.location)
        case .compare(let firstExpression, let operations):
            var left = try evaluate(firstExpression, in: scope)
            for (op, rightExpression) in operations {
                let right = try evaluate(rightExpression, in: scope)
                guard try compare(op, left, right, location: rightExpression.location) else { return .false }
                left = right
            }
            return .true
        case .and(let leftExpression, let rightExpression):
            let left = try evaluate(leftExpression, in: scope)
            return left.isTruthy ? try evaluate(rightExpression, in: scope) : left
        case .or(let leftExpression, let rightExpression):
            let left = try evaluate(leftExpression, in: scope)
            return left.isTruthy ? left : try evaluate(rightExpression, in: scope)
        case .not(let operand):
            return .bool(!(try evaluate(operand, in: scope).isTruthy))
        case .conditional(let test, let then, let otherwise):
            if try evaluate(test, in: scope).isTruthy { return try evaluate(then, in: scope) }
            guard let otherwise else {
                return .undefined(.message("the inline if expression on line \(expression.location.line) evaluated to false and no else section was defined"))
            }
            return try evaluate(otherwise, in: scope)
        case .list(let elementExpressions):
            var elements: [TemplateValue] = []
            elements.reserveCapacity(elementExpressions.count)
            for element in elementExpressions { elements.append(try evaluate(element, in: scope)) }
            return .array(elements)
        case .tuple(let elementExpressions):
            var elements: [TemplateValue] = []
            elements.reserveCapacity(elementExpressions.count)
            for element in elementExpressions { elements.append(try evaluate(element, in: scope)) }
            return .tuple(elements)
        case .dictionary(let entries):
            var dictionary = TemplateDictionary()
            for (keyExpression, valueExpression) in entries {
                let key = try evaluate(keyExpression, in: scope)
                guard let hashable = DictionaryKey(key) else {
                    throw .runtime(message: "unhashable type: '\(key.typeName)'", location: keyExpression.location)
                }
                dictionary[hashable] = try evaluate(valueExpression, in: scope)
            }
            return .object(dictionary)
        case .concat(let operands):
            var text = ""
            for operand in operands { text += try evaluate(operand, in: scope).pythonString }
            return .string(text)
        }
    }

    /// Evaluates call arguments, expanding `*args` and `**kwargs`.
    func evaluateArguments(_ arguments: Arguments, in scope: Scope, location: TemplateLocation) throws(TemplateError)
        -> CallArguments
    {
        var result = CallArguments(location: location)
        if arguments.positional.isEmpty && arguments.keyword.isEmpty && arguments.positionalSplat == nil
            && arguments.keywordSplat == nil
        {
            return result
        }
        result.positional.reserveCapacity(arguments.positional.count)
        for expression in arguments.positional { result.positional.append(try evaluate(expression, in: scope)) }
        if let splat = arguments.positionalSplat {
            result.positional += try elements(of: try evaluate(splat, in: scope), location: splat.location)
        }
        for (name, expression) in arguments.keyword {
            result.keyword.append((name, try evaluate(expression, in: scope)))
        }
        if let splat = arguments.keywordSplat {
            let value = try evaluate(splat, in: scope)
            guard case .object(let dictionary) = value.storage else {
                throw .runtime(message: "** needs a mapping, got '\(value.typeName)'", location: splat.location)
            }
            for (name, entry) in zip(dictionary.keys, dictionary.values) { result.keyword.append((name, entry)) }
        }
        return result
    }

    // MARK: - Access

    /// Jinja's `getattr`: an attribute (such as a method) first, then an item.
    func attribute(_ name: String, of base: TemplateValue, location: TemplateLocation) throws(TemplateError)
        -> TemplateValue
    {
        let base = base.plain
        switch base.storage {
        case .object(let dictionary):
            if Self.dictionaryMethods.contains(name) { return method(name, of: base) }
            return dictionary[name] ?? .undefined(.attribute(owner: "dict object", name: name))
        case .string:
            if Self.stringMethods.contains(name) { return method(name, of: base) }
        case .list, .tuple:
            if Self.listMethods.contains(name) { return method(name, of: base) }
        case .namespace(let namespace):
            if let value = namespace.attributes[name] { return value }
        case .loop(let loop):
            if let value = loop.attribute(name) { return value }
        case .undefined(let hint):
            throw .runtime(message: hint.message, location: location)
        case .int(let number):
            switch name {
            case "real", "numerator": return .int(number)
            case "imag": return .int(0)
            case "denominator": return .int(1)
            default: break
            }
        case .double(let number):
            switch name {
            case "real": return .double(number)
            case "imag": return .double(0)
            default: break
            }
        default:
            break
        }
        return .undefined(.attribute(owner: base.typeName + " object", name: name))
    }

    /// Jinja's `getitem`: an item first, then (for string keys) an attribute.
    func item(_ key: TemplateValue, of base: TemplateValue, location: TemplateLocation) throws(TemplateError)
        -> TemplateValue
    {
        let base = base.plain
        let key = key.plain
        switch (base.storage, key.storage) {
        case (.undefined(let hint), _):
            throw .runtime(message: hint.message, location: location)
        case (.object(let dictionary), _):
            if let hashable = DictionaryKey(key), let value = dictionary[hashable] { return value }
            if case .string(let name) = key.storage, Self.dictionaryMethods.contains(name) { return method(name, of: base) }
            return .undefined(.item(owner: "dict object", key: key.pythonRepr))
        case (.list(let elements), _), (.tuple(let elements), _):
            if let position = key.indexValue {
                let resolved = position < 0 ? position + elements.count : position
                if resolved >= 0 && resolved < elements.count { return elements[resolved] }
                return .undefined(.item(owner: base.typeName + " object", key: key.pythonRepr))
            }
        case (.string(let text), _):
            if let position = key.indexValue {
                let scalars = text.unicodeScalars
                let count = scalars.count
                let resolved = position < 0 ? position + count : position
                if resolved >= 0 && resolved < count {
                    return .string(String(scalars[scalars.index(scalars.startIndex, offsetBy: resolved)]))
                }
                return .undefined(.item(owner: "str object", key: key.pythonRepr))
            }
        default:
            break
        }
        if case .string(let name) = key.storage { return try attribute(name, of: base, location: location) }
        return .undefined(.item(owner: base.typeName + " object", key: key.pythonRepr))
    }

    /// Python slicing of lists, tuples and strings (by Unicode scalar).
    private func slice(
        _ base: TemplateValue, start: TemplateValue?, stop: TemplateValue?, step: TemplateValue?,
        location: TemplateLocation
    ) throws(TemplateError) -> TemplateValue {
        let base = base.plain
        func bound(_ value: TemplateValue?) throws(TemplateError) -> Int? {
            guard let value, !value.isNone else { return nil }
            guard let number = value.indexValue else {
                throw .runtime(message: "slice indices must be integers or None, got '\(value.typeName)'", location: location)
            }
            return number
        }
        let stepValue = try bound(step) ?? 1
        guard stepValue != 0 else { throw .runtime(message: "slice step cannot be zero", location: location) }
        let startValue = try bound(start)
        let stopValue = try bound(stop)
        func indices(count: Int) -> [Int] {
            func clamp(_ value: Int?, defaultValue: Int, lower: Int, upper: Int) -> Int {
                guard var value else { return defaultValue }
                if value < 0 { value += count }
                return min(max(value, lower), upper)
            }
            if stepValue > 0 {
                let from = clamp(startValue, defaultValue: 0, lower: 0, upper: count)
                let to = clamp(stopValue, defaultValue: count, lower: 0, upper: count)
                return Array(stride(from: from, to: to, by: stepValue))
            }
            let from = clamp(startValue, defaultValue: count - 1, lower: -1, upper: count - 1)
            let to = clamp(stopValue, defaultValue: -1, lower: -1, upper: count - 1)
            return Array(stride(from: from, to: to, by: stepValue))
        }
        switch base.storage {
        case .list(let elements): return .array(indices(count: elements.count).map { elements[$0] })
        case .tuple(let elements): return .tuple(indices(count: elements.count).map { elements[$0] })
        case .string(let text):
            let scalars = Array(text.unicodeScalars)
            var result = String.UnicodeScalarView()
            for position in indices(count: scalars.count) { result.append(scalars[position]) }
            return .string(String(result))
        case .undefined(let hint):
            throw .runtime(message: hint.message, location: location)
        default:
            throw .runtime(message: "'\(base.typeName)' object is not subscriptable", location: location)
        }
    }

    private func method(_ name: String, of receiver: TemplateValue) -> TemplateValue {
        TemplateValue(storage: .callable(.method(receiver: receiver, name: name)))
    }

    // MARK: - Calls

    func call(_ callee: TemplateValue, arguments: CallArguments) throws(TemplateError) -> TemplateValue {
        switch callee.storage {
        case .callable(.global(let function)):
            return try callGlobal(function, arguments: arguments)
        case .callable(.method(let receiver, let name)):
            if let result = try callMethod(name, on: receiver, arguments: arguments) { return result }
            throw .runtime(message: "'\(receiver.typeName)' object has no method '\(name)'", location: arguments.location)
        case .callable(.macro(let macro)):
            return try callMacro(macro, arguments: arguments)
        case .callable(.loopCycle(let loop)):
            guard !arguments.positional.isEmpty else {
                throw .runtime(message: "no items for cycling given", location: arguments.location)
            }
            return arguments.positional[loop.index0 % arguments.positional.count]
        case .callable(.loopChanged(let loop)):
            let changed =
                loop.lastChangedArguments.map { previous in
                    previous.count != arguments.positional.count
                        || !zip(previous, arguments.positional).allSatisfy { $0.pythonEquals($1) }
                } ?? true
            loop.lastChangedArguments = arguments.positional
            return .bool(changed)
        case .undefined(let hint):
            throw .runtime(message: hint.message, location: arguments.location)
        default:
            throw .runtime(message: "'\(callee.typeName)' object is not callable", location: arguments.location)
        }
    }

    // MARK: - Operators

    func binary(_ op: BinaryOperator, _ left: TemplateValue, _ right: TemplateValue, location: TemplateLocation)
        throws(TemplateError) -> TemplateValue
    {
        if case .undefined(let hint) = left.storage { throw .runtime(message: hint.message, location: location) }
        if case .undefined(let hint) = right.storage { throw .runtime(message: hint.message, location: location) }
        if let a = left.numeric, let b = right.numeric {
            return try arithmetic(op, a, b, location: location)
        }
        switch (op, left.storage, right.storage) {
        case (.add, .markup(let a), .string(let b)): return TemplateValue(storage: .markup(a + Self.htmlEscape(b)))
        case (.add, .string(let a), .markup(let b)): return TemplateValue(storage: .markup(Self.htmlEscape(a) + b))
        case (.add, .markup(let a), .markup(let b)): return TemplateValue(storage: .markup(a + b))
        case (.multiply, .markup(let text), _), (.multiply, _, .markup(let text)):
            guard let count = (left.stringValue == nil ? left : right).indexValue else { break }
            try RenderLimits.checkRepetition(unitBytes: text.utf8.count, count: count, location: location)
            return TemplateValue(storage: .markup(String(repeating: text, count: max(0, count))))
        case (.modulo, .markup(let format), _):
            let escaped: TemplateValue
            switch right.storage {
            case .tuple(let elements):
                escaped = .tuple(
                    elements.map { element in
                        if case .string(let text) = element.storage { return .string(Self.htmlEscape(text)) }
                        return element
                    })
            case .string(let text): escaped = .string(Self.htmlEscape(text))
            default: escaped = right
            }
            return TemplateValue(storage: .markup(try PythonPercentFormat.format(format, with: escaped, location: location)))
        case (.add, .string(let a), .string(let b)): return .string(a + b)
        case (.add, .list(let a), .list(let b)): return .array(a + b)
        case (.add, .tuple(let a), .tuple(let b)): return .tuple(a + b)
        case (.multiply, .string(let text), _), (.multiply, _, .string(let text)):
            guard case .int(let count)? = (left.stringValue == nil ? left : right).numeric else { break }
            try RenderLimits.checkRepetition(unitBytes: text.utf8.count, count: count, location: location)
            return .string(String(repeating: text, count: max(0, count)))
        case (.multiply, .list(let elements), _), (.multiply, _, .list(let elements)):
            guard case .int(let count)? = (left.arrayValue == nil ? left : right).numeric else { break }
            try RenderLimits.checkListRepetition(unitCount: elements.count, count: count, location: location)
            return .array(Array(repeating: elements, count: max(0, count)).flatMap { $0 })
        case (.multiply, .tuple(let elements), _), (.multiply, _, .tuple(let elements)):
            guard case .int(let count)? = (left.arrayValue == nil ? left : right).numeric else { break }
            try RenderLimits.checkListRepetition(unitCount: elements.count, count: count, location: location)
            return .tuple(Array(repeating: elements, count: max(0, count)).flatMap { $0 })
        case (.modulo, .string(let format), _):
            return .string(try PythonPercentFormat.format(format, with: right, location: location))
        default:
            break
        }
        throw .runtime(
            message: "unsupported operand type(s) for \(op.rawValue): '\(left.typeName)' and '\(right.typeName)'",
            location: location)
    }

    private func arithmetic(_ op: BinaryOperator, _ a: TemplateValue.Numeric, _ b: TemplateValue.Numeric, location: TemplateLocation)
        throws(TemplateError) -> TemplateValue
    {
        if case .int(let x) = a, case .int(let y) = b {
            let result: (Int, Bool)
            switch op {
            case .add: result = x.addingReportingOverflow(y)
            case .subtract: result = x.subtractingReportingOverflow(y)
            case .multiply: result = x.multipliedReportingOverflow(by: y)
            case .divide:
                guard y != 0 else { throw divisionByZero(location) }
                return .double(Double(x) / Double(y))
            case .floorDivide:
                guard y != 0 else { throw divisionByZero(location) }
                if x == .min && y == -1 { throw integerOverflow(location) }
                let quotient = x / y
                return .int((x % y != 0) && ((x < 0) != (y < 0)) ? quotient - 1 : quotient)
            case .modulo:
                guard y != 0 else { throw divisionByZero(location) }
                if y == -1 { return .int(0) }
                let remainder = x % y
                return .int(remainder != 0 && ((remainder < 0) != (y < 0)) ? remainder + y : remainder)
            case .power:
                if y < 0 {
                    guard x != 0 else {
                        throw .runtime(message: "0.0 cannot be raised to a negative power", location: location)
                    }
                    return .double(pow(Double(x), Double(y)))
                }
                var value = 1
                var base = x
                var exponent = y
                while exponent > 0 {
                    if exponent & 1 == 1 {
                        let (product, overflow) = value.multipliedReportingOverflow(by: base)
                        if overflow { throw integerOverflow(location) }
                        value = product
                    }
                    exponent >>= 1
                    if exponent > 0 {
                        let (square, overflow) = base.multipliedReportingOverflow(by: base)
                        if overflow { throw integerOverflow(location) }
                        base = square
                    }
                }
                return .int(value)
            }
            if result.1 { throw integerOverflow(location) }
            return .int(result.0)
        }
        let x = a.asDouble
        let y = b.asDouble
        switch op {
        case .add: return .double(x + y)
        case .subtract: return .double(x - y)
        case .multiply: return .double(x * y)
        case .divide:
            guard y != 0 else { throw divisionByZero(location) }
            return .double(x / y)
        case .floorDivide:
            guard y != 0 else { throw divisionByZero(location) }
            // CPython's float floor division, which goes through fmod: 1 // 0.1 is 9.0, not 10.0.
            var remainder = fmod(x, y)
            var quotient = (x - remainder) / y
            if remainder != 0 && ((y < 0) != (remainder < 0)) {
                remainder += y
                quotient -= 1
            }
            guard quotient != 0 else { return .double(Double(signOf: x / y, magnitudeOf: 0)) }
            var floored = quotient.rounded(.down)
            if quotient - floored > 0.5 { floored += 1 }
            return .double(floored)
        case .modulo:
            guard y != 0 else { throw divisionByZero(location) }
            let remainder = x.truncatingRemainder(dividingBy: y)
            return .double(remainder != 0 && ((remainder < 0) != (y < 0)) ? remainder + y : remainder)
        case .power:
            if x == 0 && y < 0 {
                throw .runtime(message: "0.0 cannot be raised to a negative power", location: location)
            }
            let result = pow(x, y)
            if result.isInfinite && x.isFinite && y.isFinite {
                throw .runtime(message: "numerical result out of range", location: location)
            }
            return .double(result)
        }
    }

    func compare(_ op: CompareOperator, _ left: TemplateValue, _ right: TemplateValue, location: TemplateLocation)
        throws(TemplateError) -> Bool
    {
        switch op {
        case .equal: return left.pythonEquals(right)
        case .notEqual: return !left.pythonEquals(right)
        case .in: return try contains(right, left, location: location)
        case .notIn: return !(try contains(right, left, location: location))
        case .less: return try order(left, right, op, location: location)
        case .greater: return try order(right, left, op, location: location)
        case .lessOrEqual: return try !order(right, left, op, location: location)
        case .greaterOrEqual: return try !order(left, right, op, location: location)
        }
    }

    private func order(_ left: TemplateValue, _ right: TemplateValue, _ op: CompareOperator, location: TemplateLocation)
        throws(TemplateError) -> Bool
    {
        if case .undefined(let hint) = left.storage { throw .runtime(message: hint.message, location: location) }
        if case .undefined(let hint) = right.storage { throw .runtime(message: hint.message, location: location) }
        guard let result = left.pythonLess(than: right) else {
            throw .runtime(
                message: "'\(op.rawValue)' not supported between instances of '\(left.typeName)' and '\(right.typeName)'",
                location: location)
        }
        return result
    }

    /// Python's `item in container`.
    func contains(_ container: TemplateValue, _ item: TemplateValue, location: TemplateLocation) throws(TemplateError)
        -> Bool
    {
        let container = container.plain
        let item = item.plain
        switch container.storage {
        case .string(let text):
            guard case .string(let needle) = item.storage else {
                throw .runtime(
                    message: "'in <string>' requires string as left operand, not \(item.typeName)", location: location)
            }
            return needle.isEmpty || PythonText.find(text, needle) >= 0
        case .list(let elements), .tuple(let elements), .iterator(let elements):
            return elements.contains { $0.pythonEquals(item) }
        case .object(let dictionary):
            guard let key = DictionaryKey(item) else {
                // Only lists and dictionaries are unhashable; other values (tuples, undefined) are
                // hashable in Python but can never be keys here.
                switch item.storage {
                case .list, .object: throw .runtime(message: "unhashable type: '\(item.typeName)'", location: location)
                default: return false
                }
            }
            return dictionary.contains(key: key)
        case .undefined:
            return false
        default:
            throw .runtime(message: "argument of type '\(container.typeName)' is not iterable", location: location)
        }
    }

    // MARK: - Errors

    func badOperand(_ operation: String, _ value: TemplateValue, location: TemplateLocation) -> TemplateError {
        if case .undefined(let hint) = value.storage { return .runtime(message: hint.message, location: location) }
        return .runtime(message: "bad operand type for \(operation): '\(value.typeName)'", location: location)
    }

    private func divisionByZero(_ location: TemplateLocation) -> TemplateError {
        .runtime(message: "division by zero", location: location)
    }

    private func integerOverflow(_ location: TemplateLocation) -> TemplateError {
        .runtime(message: "integer overflow (values beyond 64 bits are not supported)", location: location)
    }
}
