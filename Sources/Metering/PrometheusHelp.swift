/// Adds `# HELP` lines to the registry's output. Handles made through swift-metrics carry no help text (and
/// the registry refuses a second, different text for a name), so the help is written at scrape time: before
/// each `# TYPE name …` line of a family named in `Names.help`.
enum PrometheusHelp {
    static func annotate(_ exposition: [UInt8]) -> [UInt8] {
        let typePrefix = Array("# TYPE ".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(exposition.count + Names.help.count * 80)
        var lineStart = exposition.startIndex
        while lineStart < exposition.endIndex {
            let lineEnd = exposition[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? exposition.endIndex
            let line = exposition[lineStart..<lineEnd]
            if line.starts(with: typePrefix) {
                let rest = line.dropFirst(typePrefix.count)
                let name = String(decoding: rest.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
                if let help = Names.help[name] {
                    output.append(contentsOf: "# HELP \(name) \(help)\n".utf8)
                }
            }
            output.append(contentsOf: line)
            output.append(UInt8(ascii: "\n"))
            lineStart = lineEnd < exposition.endIndex ? exposition.index(after: lineEnd) : lineEnd
        }
        return output
    }
}
