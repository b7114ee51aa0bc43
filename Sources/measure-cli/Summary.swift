/// The summary line on stderr: rows, time, rows per second, keyed cache hits.
enum Summary {
    /// `measure-cli: 100000 rows (+2 headers/footers) in 0.412 s, 242718 rows/s, 0 cache hits, 2 jobs;
    /// text shaping cache 901234 hits, 56789 misses`: keyed height cache hits, then the text
    /// engine's shaping caches (segments and whole texts) when anything was measured.
    static func line(_ stats: RunStats, seconds: Double, jobs: Int) -> String {
        let rate = seconds > 0 ? Int((Double(stats.rows) / seconds).rounded()) : stats.rows
        var text = "measure-cli: \(stats.rows) row\(stats.rows == 1 ? "" : "s")"
        if stats.supplementary > 0 { text += " (+\(stats.supplementary) headers/footers)" }
        text += " in \(milliseconds(seconds)) s, \(rate) rows/s, \(stats.cacheHits) cache hits, \(jobs) job\(jobs == 1 ? "" : "s")"
        if stats.badLines > 0 { text += ", \(stats.badLines) bad lines" }
        if stats.textCacheHits + stats.textCacheMisses > 0 {
            text += "; text shaping cache \(stats.textCacheHits) hits, \(stats.textCacheMisses) misses"
        }
        return text
    }

    static func milliseconds(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
