internal import Foundation

/// C-locale `strftime`, as Python's `datetime.strftime` produces on glibc, in the local time zone.
///
/// Supports the common conversions (`%Y %m %d %H %M %S %y %b %B %a %A %j %p %I %e %Z %z %%`) and
/// glibc's `%-d`-style flag that drops padding, which Llama 3.2's template uses.
enum Strftime {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December"
    ]
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func format(_ format: String, date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let day = parts.day ?? 1
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        let second = parts.second ?? 0
        let weekday = (parts.weekday ?? 1) - 1
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1

        var result = ""
        var iterator = format.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            guard var conversion = iterator.next() else {
                result.append("%")
                break
            }
            var unpadded = false
            if conversion == "-", let next = iterator.next() {
                unpadded = true
                conversion = next
            }
            func number(_ value: Int, width: Int, pad: Character = "0") -> String {
                let digits = String(value)
                if unpadded || digits.count >= width { return digits }
                return String(repeating: pad, count: width - digits.count) + digits
            }
            switch conversion {
            case "Y": result += String(year)
            case "y": result += number(year % 100, width: 2)
            case "m": result += number(month, width: 2)
            case "d": result += number(day, width: 2)
            case "e": result += number(day, width: 2, pad: " ")
            case "H": result += number(hour, width: 2)
            case "I": result += number(hour % 12 == 0 ? 12 : hour % 12, width: 2)
            case "M": result += number(minute, width: 2)
            case "S": result += number(second, width: 2)
            case "j": result += number(dayOfYear, width: 3)
            case "p": result += hour < 12 ? "AM" : "PM"
            case "B": result += monthNames[month - 1]
            case "b", "h": result += String(monthNames[month - 1].prefix(3))
            case "A": result += weekdayNames[weekday]
            case "a": result += String(weekdayNames[weekday].prefix(3))
            case "Z": result += timeZone.abbreviation(for: date) ?? ""
            case "z":
                let offset = timeZone.secondsFromGMT(for: date) / 60
                result += (offset < 0 ? "-" : "+") + number(abs(offset) / 60, width: 2) + number(abs(offset) % 60, width: 2)
            case "F": result += "\(year)-\(number(month, width: 2))-\(number(day, width: 2))"
            case "%": result += "%"
            default:
                result.append("%")
                if unpadded { result.append("-") }
                result.append(conversion)
            }
        }
        return result
    }
}
