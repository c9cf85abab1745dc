import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FileHandle {
    /// Everything up to end of file, retrying reads a signal interrupted. Foundation's
    /// `readDataToEndOfFile` traps on `EINTR`, which test processes see: they start many children, and the
    /// SIGCHLD handler libdispatch installs for `Process` interrupts reads in other threads.
    public func readToEndRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(fileDescriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// One byte, retrying an interrupted read; nil at end of file or on an error.
    public func readByteRetryingInterrupts() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(fileDescriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            return count == 1 ? byte : nil
        }
    }
}
