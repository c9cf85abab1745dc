/// A strict reader of the Prometheus text exposition format (0.0.4), for tests: it refuses what a scraper
/// would refuse or misread rather than guessing.
///
/// Checked: `# HELP` and `# TYPE` at most once per family and before its samples; every sample belongs to a
/// typed family, and a family's samples are contiguous; metric and label names are well formed, label
/// values properly quoted and escaped, no label repeated; values are numbers (`+Inf`, `-Inf`, `NaN`
/// included); for each histogram series, `_bucket` lines carry `le`, go up in `le` with counts that never
/// fall, end at `+Inf` equal to `_count`, and `_sum` is present.
public struct PrometheusText {
    public struct Sample: Equatable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    public struct Family {
        public var type: String
        public var help: String?
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public private(set) var families: [String: Family] = [:]
    public private(set) var samples: [Sample] = []

    public init(_ text: String) throws {
        var helps: [String: String] = [:]
        var finished = Set<String>()
        var sampled = Set<String>()
        var current: String?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = String(raw)
            func fail(_ reason: String) -> Malformed { Malformed(line: number, reason: "\(reason): \(line)") }
            if line.isEmpty {
                guard index == lines.count - 1 else { throw fail("empty line") }
                continue
            }
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
                let words = line.dropFirst(7).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(words[0])
                guard Self.isMetricName(name) else { throw fail("bad metric name") }
                guard !sampled.contains(name) else { throw fail("metadata after the family's samples") }
                if line.hasPrefix("# HELP ") {
                    guard helps[name] == nil else { throw fail("second HELP") }
                    guard words.count == 2 else { throw fail("HELP without text") }
                    helps[name] = String(words[1])
                    if families[name] != nil { families[name]?.help = helps[name] }
                } else {
                    guard families[name] == nil else { throw fail("second TYPE") }
                    guard words.count == 2, ["counter", "gauge", "histogram", "summary", "untyped"].contains(words[1])
                    else { throw fail("unknown type") }
                    families[name] = Family(type: String(words[1]), help: helps[name])
                }
                if let current, current != name { finished.insert(current) }
                current = name
                continue
            }
            if line.hasPrefix("#") { continue }
            let sample = try Self.sample(line, fail: fail)
            guard let family = Self.family(of: sample.name, in: families) else {
                throw fail("sample of no typed family")
            }
            guard !finished.contains(family) else { throw fail("family's samples are not contiguous") }
            if let current, current != family { finished.insert(current) }
            current = family
            sampled.insert(family)
            samples.append(sample)
        }
        try checkHistograms()
    }

    /// The family a sample name belongs to: itself, or a histogram's `_bucket`, `_sum`, `_count`.
    static func family(of name: String, in families: [String: Family]) -> String? {
        if let family = families[name], family.type != "histogram" { return name }
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if families[base]?.type == "histogram" { return base }
        }
        return nil
    }

    static func isMetricName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" || first == ":" else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" || $0 == ":" }
    }

    static func isLabelName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }

    static func sample(_ line: String, fail: (String) -> Malformed) throws -> Sample {
        var rest = Substring(line)
        let name = String(rest.prefix { $0 != "{" && $0 != " " })
        guard isMetricName(name) else { throw fail("bad metric name") }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0 != "=" })
                guard isLabelName(label) else { throw fail("bad label name") }
                rest = rest.dropFirst(label.count)
                guard rest.hasPrefix("=\"") else { throw fail("label without a quoted value") }
                rest = rest.dropFirst(2)
                var value = ""
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "\"" {
                        closed = true
                        break
                    }
                    if character == "\\" {
                        switch rest.first {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw fail("bad escape")
                        }
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { throw fail("unterminated label value") }
                guard labels.updateValue(value, forKey: label) == nil else { throw fail("label repeated") }
                if rest.first == "," {
                    rest = rest.dropFirst()
                } else if rest.first != "}" {
                    throw fail("bad label list")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw fail("no value") }
        let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), let value = number(fields[0]) else { throw fail("bad value") }
        if fields.count == 2 { guard Int64(fields[1]) != nil else { throw fail("bad timestamp") } }
        return Sample(name: name, labels: labels, value: value)
    }

    static func number(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        case "NaN": .nan
        default: text.allSatisfy({ "0123456789.eE+-".contains($0) }) ? Double(text) : nil
        }
    }

    private func checkHistograms() throws {
        for (name, family) in families where family.type == "histogram" {
            var series: [[String: String]: (buckets: [(Double, Double)], sum: Double?, count: Double?)] = [:]
            for sample in samples where sample.name.hasPrefix(name) {
                var labels = sample.labels
                switch sample.name {
                case name + "_bucket":
                    guard let le = labels.removeValue(forKey: "le"), let bound = Self.number(Substring(le)) else {
                        throw Malformed(line: 0, reason: "\(name)_bucket without a numeric le")
                    }
                    series[labels, default: ([], nil, nil)].buckets.append((bound, sample.value))
                case name + "_sum": series[labels, default: ([], nil, nil)].sum = sample.value
                case name + "_count": series[labels, default: ([], nil, nil)].count = sample.value
                default: continue
                }
            }
            for (labels, one) in series {
                let what = "\(name)\(labels.sorted { $0.key < $1.key })"
                guard one.sum != nil, let count = one.count else {
                    throw Malformed(line: 0, reason: "\(what) lacks _sum or _count")
                }
                guard let last = one.buckets.last, last.0 == .infinity, last.1 == count else {
                    throw Malformed(line: 0, reason: "\(what): the +Inf bucket is not last or differs from _count")
                }
                for (lower, upper) in zip(one.buckets, one.buckets.dropFirst())
                where !(lower.0 < upper.0 && lower.1 <= upper.1) {
                    throw Malformed(line: 0, reason: "\(what): buckets out of order or falling")
                }
            }
        }
    }

    /// The value of the sample `name` whose labels include `labels`; nil when there is none, and a test
    /// failure when several match.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = samples.filter { sample in
            sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }
        return matching.count == 1 ? matching[0].value : nil
    }

    /// The sum of every sample `name` whose labels include `labels` (0 when none).
    public func total(_ name: String, _ labels: [String: String] = [:]) -> Double {
        samples.filter { sample in
            sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }.reduce(0) { $0 + $1.value }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
