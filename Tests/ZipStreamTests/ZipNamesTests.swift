import Testing

@testable import ZipStream

@Suite struct ZipNamesTests {
    @Test func namesAreTheTimeTakenWithCollisionsNumbered() {
        var names = ZipNames()
        #expect(names.name(wallClock: "2015-05-03T14:22:05", fileExtension: "jpg") == "2015-05-03 14.22.05.jpg")
        #expect(
            names.name(wallClock: "2015-05-03T14:22:05.250+02:00", fileExtension: "JPG")
                == "2015-05-03 14.22.05 (2).jpg")
        #expect(names.name(wallClock: "2015-05-03T14:22:05", fileExtension: "heic") == "2015-05-03 14.22.05.heic")
        #expect(names.name(wallClock: "2015-05-03T14:22:05", fileExtension: "jpg") == "2015-05-03 14.22.05 (3).jpg")
    }

    @Test func nothingFromOutsideBecomesAPathPart() {
        var names = ZipNames()
        for (clock, ext) in [
            ("../../etc/passwd", "jpg"), ("2015-05-03T14:22:05", "../x"), ("2015-05-03T14:22:05", "j/g"),
            ("20a5-05-03T14:22:05", "jpg"), ("", ""), ("2015-05-03T14:22:05", "c:\\x"),
            ("2015-05-03T1\u{0}:22:05", "jpg"),
        ] {
            let name = names.name(wallClock: clock, fileExtension: ext)
            #expect(
                !name.contains("/") && !name.contains("\\") && !name.contains("..") && !name.contains("\u{0}"),
                "\(name)")
        }
        #expect(names.name(wallClock: "nonsense", fileExtension: "jpg").hasPrefix("photo"))
        var fresh = ZipNames()
        #expect(fresh.name(wallClock: "2015-05-03T14:22:05", fileExtension: "verylongext") == "2015-05-03 14.22.05.bin")
    }

    @Test func longNamesAreCutAtACharactersEnd() {
        let entry = ZipEntry(
            name: String(repeating: "é", count: 600), size: 0, modified: DOSDateTime(year: 2000, month: 1, day: 1))
        #expect(entry.name.count == ZipEntry.maximumNameLength)
        #expect(String(validating: entry.name, as: UTF8.self) != nil)
        let odd = ZipEntry(
            name: "a" + String(repeating: "é", count: 600), size: 0, modified: DOSDateTime(year: 2000, month: 1, day: 1)
        )
        #expect(odd.name.count == ZipEntry.maximumNameLength - 1)
    }

    @Test func datesOutsideTheFormatsSpanAreClamped() {
        #expect(DOSDateTime(year: 1970, month: 1, day: 1) == DOSDateTime(year: 1980, month: 1, day: 1))
        #expect(
            DOSDateTime(year: 3000, month: 1, day: 1)
                == DOSDateTime(year: 2107, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        #expect(
            DOSDateTime(year: 2015, month: 13, day: 40, hour: 25, minute: 61, second: 61)
                == DOSDateTime(year: 2015, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        let d = DOSDateTime(wallClock: "2015-05-03T14:22:05Z")
        #expect(d == DOSDateTime(year: 2015, month: 5, day: 3, hour: 14, minute: 22, second: 5))
        #expect(d?.date == UInt16((2015 - 1980) << 9 | 5 << 5 | 3))
        #expect(d?.time == UInt16(14 << 11 | 22 << 5 | 2))
        #expect(DOSDateTime(wallClock: "2015-05-03") == nil)
        #expect(DOSDateTime(wallClock: "2015-0x-03T14:22:05") == nil)
    }
}
