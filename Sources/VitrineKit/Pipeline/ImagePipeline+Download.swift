import Foundation

extension ImagePipeline {
    /// Downloads `url`, resuming from bytes an earlier attempt left, retrying transient failures with
    /// exponential back-off.
    ///
    /// A body cut short leaves its bytes and validator (ETag, else Last-Modified); the next attempt
    /// asks for the rest with `Range: bytes=N-` and `If-Range`, appends a 206 whose range starts at N,
    /// and starts over on a 200 (the image changed, or the server ignores ranges).
    func download(_ url: URL, progress: DownloadProgress) async throws -> Data {
        // Only images on a server: a variant not made yet (`ImageRequest.unavailable`) is not one.
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw VitrineError.http(status: 404, code: "not_found", message: "the photo has no such image yet")
        }
        let client = configuration.client
        let limit = configuration.maximumImageBytes
        var partial = await takePartial(for: url)
        var attempt = 0
        while true {
            var received = Data()
            var validator: String?
            do {
                var headers: [String: String] = [:]
                if let partial {
                    headers["Range"] = "bytes=\(partial.data.count)-"
                    headers["If-Range"] = partial.validator
                }
                let response = try await client.send(
                    client.request("GET", url, headers: headers, timeout: configuration.requestTimeout))
                validator = response.header("etag") ?? response.header("last-modified")
                if response.status == 206 {
                    guard let resumed = partial, Self.rangeStart(response.header("content-range")) == resumed.data.count
                    else {
                        partial = nil
                        throw VitrineError.offline("a 206 that does not continue the bytes held")
                    }
                    received = resumed.data
                    validator = validator ?? resumed.validator
                } else if response.status != 200 {
                    throw VitrineError.http(status: response.status, code: nil, message: "unexpected status")
                }
                partial = nil
                let length = response.header("content-length").flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
                let total = length.flatMap {
                    received.count.addingReportingOverflow($0).overflow ? nil : received.count + $0
                }
                if let total, total > limit { throw VitrineError.tooLarge(limit: limit) }
                progress.update(completed: received.count, total: total)
                for try await chunk in response.body {
                    guard chunk.count <= limit - received.count else { throw VitrineError.tooLarge(limit: limit) }
                    received.append(chunk)
                    progress.update(completed: received.count, total: total)
                }
                if let total, received.count != total {
                    throw VitrineError.offline("body ended after \(received.count) of \(total) bytes")
                }
                await removePartial(for: url)
                return received
            } catch {
                if !received.isEmpty, let validator, received.count < limit {
                    let kept = PartialDownload(data: received, validator: validator)
                    partial = kept
                    await keepPartial(kept, for: url)
                }
                guard let failure = error as? VitrineError, failure.isTransient, attempt < configuration.maximumRetries,
                    !Task.isCancelled
                else { throw error }
                try await Task.sleep(for: configuration.retryDelay * (1 << min(attempt, 16)))
                attempt += 1
            }
        }
    }

    /// N in `Content-Range: bytes N-M/T`.
    static func rangeStart(_ header: String?) -> Int? {
        guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
        let range = header.dropFirst(6)
        guard let dash = range.firstIndex(of: "-") else { return nil }
        return Int(range[..<dash].trimmingCharacters(in: .whitespaces))
    }

    // MARK: Partial downloads

    private func takePartial(for url: URL) async -> PartialDownload? {
        if let held = partials.withLock({ $0.remove(url) }) { return held }
        guard let diskCache else { return nil }
        return try? await PipelineQueues.run(on: PipelineQueues.disk) { diskCache.partial(for: url) }
    }

    private func keepPartial(_ partial: PartialDownload, for url: URL) async {
        partials.withLock { _ = $0.insert(partial, for: url, cost: partial.data.count) }
        guard let diskCache else { return }
        _ = try? await PipelineQueues.run(on: PipelineQueues.disk) { diskCache.storePartial(partial, for: url) }
    }

    private func removePartial(for url: URL) async {
        _ = partials.withLock { $0.remove(url) }
        guard let diskCache else { return }
        _ = try? await PipelineQueues.run(on: PipelineQueues.disk) { diskCache.removePartial(for: url) }
    }
}
