import Foundation
import Imaging
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// libvips runs ORC's vector code, and liborc's code generation, which is not thread-safe in 0.4.33,
/// runs one program at a time (Sources/CVips/OrcGuard.c).
@Suite struct VectorCodeTests {
    @Test func vectorCodeIsOnAndEveryResizeCompilesUnderTheLock() throws {
        try Vips.start()
        #expect(Vips.vectorCode)
        let folder = TemporaryDirectory("vector-code")
        let path = try TestSupport.Fixtures.write(folder.file("photo.jpg"), width: 2400, height: 1600)
        let before = Vips.serialisedCodeGenerations
        let rendered = try PhotoRenderer.render(path: path)
        #expect(rendered.preview.width == 2048)
        #expect(Vips.serialisedCodeGenerations > before)
    }

    /// Four threads compile, run and free ORC programs through the names the process resolves, as libvips
    /// does. Without the lock, liborc hands two threads the same code memory and this crashes the process
    /// within a few hundred programs.
    @Test func programsCompiledOnManyThreadsAtOnceAllRunCorrectly() throws {
        try Vips.start()
        let orc = try #require(Orc())
        let wrong = Counter()
        let done = DispatchGroup()
        for index in 0..<4 {
            done.enter()
            Thread.detachNewThread {
                for round in 0..<2_000 where !orc.addsCorrectly(Int32((index * 7 + round) % 100)) {
                    wrong.increment()
                }
                done.leave()
            }
        }
        done.wait()
        #expect(wrong.value == 0)
    }
}

/// liborc's functions as libvips reaches them: by name, through the process's global symbol lookup.
private struct Orc: @unchecked Sendable {
    typealias New = @convention(c) () -> OpaquePointer?
    typealias AddVariable = @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>) -> Int32
    typealias AddConstant = @convention(c) (OpaquePointer?, Int32, Int32, UnsafePointer<CChar>) -> Int32
    typealias Append =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>
        ) -> Void
    typealias Compile = @convention(c) (OpaquePointer?) -> Int32
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias ExecutorNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias SetArray = @convention(c) (OpaquePointer?, UnsafePointer<CChar>, UnsafeMutableRawPointer?) -> Void
    typealias SetN = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias Run = @convention(c) (OpaquePointer?) -> Void

    let new: New
    let addDestination: AddVariable
    let addSource: AddVariable
    let addConstant: AddConstant
    let append: Append
    let compile: Compile
    let free: Free
    let executorNew: ExecutorNew
    let setArray: SetArray
    let setN: SetN
    let run: Run
    let executorFree: Free

    init?() {
        let global = UnsafeMutableRawPointer(bitPattern: 0)
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(global, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let new = symbol("orc_program_new", New.self),
            let addDestination = symbol("orc_program_add_destination", AddVariable.self),
            let addSource = symbol("orc_program_add_source", AddVariable.self),
            let addConstant = symbol("orc_program_add_constant", AddConstant.self),
            let append = symbol("orc_program_append_str", Append.self),
            let compile = symbol("orc_program_compile", Compile.self),
            let free = symbol("orc_program_free", Free.self),
            let executorNew = symbol("orc_executor_new", ExecutorNew.self),
            let setArray = symbol("orc_executor_set_array_str", SetArray.self),
            let setN = symbol("orc_executor_set_n", SetN.self),
            let run = symbol("orc_executor_run", Run.self),
            let executorFree = symbol("orc_executor_free", Free.self)
        else { return nil }
        (self.new, self.addDestination, self.addSource, self.addConstant, self.append) =
            (new, addDestination, addSource, addConstant, append)
        (self.compile, self.free, self.executorNew, self.setArray, self.setN, self.run, self.executorFree) =
            (compile, free, executorNew, setArray, setN, run, executorFree)
    }

    /// Compiles `d = s + constant` (saturating bytes), runs it over 64 bytes and frees it.
    func addsCorrectly(_ constant: Int32) -> Bool {
        guard let program = new() else { return false }
        defer { free(program) }
        _ = addDestination(program, 1, "d1")
        _ = addSource(program, 1, "s1")
        _ = addConstant(program, 1, constant, "c1")
        append(program, "addusb", "d1", "s1", "c1")
        guard compile(program) == 0, let executor = executorNew(program) else { return false }
        defer { executorFree(executor) }
        var source = (0..<64).map { UInt8($0) }
        var destination = [UInt8](repeating: 0, count: 64)
        source.withUnsafeMutableBytes { s in
            destination.withUnsafeMutableBytes { d in
                setArray(executor, "s1", s.baseAddress)
                setArray(executor, "d1", d.baseAddress)
                setN(executor, 64)
                run(executor)
            }
        }
        return destination == source.map { UInt8(min(255, Int32($0) + constant)) }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
