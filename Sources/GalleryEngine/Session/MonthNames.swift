/// The names the timeline's headings and the scrubber give months, in English as the rest of the
/// interface is.
public enum MonthNames {
    static let names: [StaticString] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The name of month `month` (1…12), or an empty string outside that range.
    public static func name(_ month: Int) -> StaticString { month >= 1 && month <= 12 ? names[month - 1] : "" }
}
