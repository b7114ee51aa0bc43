import DynamicType

/// Height curves in the cache: with curve widths set, a row measured at a width inside them
/// keeps its height curve (built by the source), and a later width inside them is answered from
/// the curves without measuring.
extension HeightCache {
    /// The list widths rows keep height curves over (nil: none).
    public var curveWidths: ClosedRange<Double>? { state.withLock { $0.curveWidths } }

    /// Makes rows keep their height curves over `widths` (nil: keep none). A miss, or precache,
    /// at a current width inside `widths` builds the row's curve through the source
    /// (`HeightSource.heightCurve(at:widths:contentSize:)`) and answers from it; `setWidth(_:)`
    /// to a width inside `widths` then answers every row with a curve without measuring. A width
    /// outside `widths`, a range a curve leaves unproved, or a source that builds no curves
    /// measures as before. Curves move and go with their rows' heights through every update;
    /// changing the widths drops every curve (heights stay). Throws `invalidWidth`, changing
    /// nothing, unless both ends are widths the source measures at.
    public func setCurveWidths(_ widths: ClosedRange<Double>?) throws(HeightCacheError) {
        if let widths { try HeightCache.check(widths, source: source) }
        let log = state.withLock { state -> (@Sendable (String) -> Void)? in
            guard state.curveWidths != widths else { return nil }
            state.curveWidths = widths
            state.curveStores = []
            // A curve built over the old widths must not be kept for the new ones.
            state.revision &+= 1
            return state.log
        }
        log?("curve widths \(widths.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none")")
    }

    /// Throws `invalidWidth` unless both ends of `widths` are widths `source` measures at.
    static func check(_ widths: ClosedRange<Double>, source: some HeightSource) throws(HeightCacheError) {
        for end in [widths.lowerBound, widths.upperBound] where !(end.isFinite && end >= 0 && source.measures(atWidth: end)) {
            throw .invalidWidth(end)
        }
    }

    /// A miss answered through the row's curve over `widths` (which hold `setting`'s width),
    /// outside the lock: the curve the row keeps (`kept`), else the keyed cache's for the row's
    /// key (unless the row was reloaded), else the source's, and the height from it; where the curve proves no height
    /// at the width, or the source builds none or fails to (a width of `widths` where the row
    /// cannot be laid out), the row is measured as `answer` measures it. `curve` is the one the
    /// row keeps (nil: none).
    func curveAnswer(_ path: IndexPath, section: Int, row: Int, token: UInt64, setting: HeightSetting, key givenKey: String?,
                     remeasure: Bool, widths: ClosedRange<Double>, kept: (any RowCurve)? = nil) throws(HeightCacheError)
                     -> (answer: RowAnswer, key: String?, curve: (any RowCurve)?) {
        let (width, contentSize) = (setting.width, setting.contentSize)
        let start = MeasureStart.now(timed: timesMeasurements.load(ordering: .relaxed))
        let key = givenKey ?? source.key(at: path)
        var curve: (any RowCurve)?
        var measured = true
        if let kept {
            curve = kept
            measured = false
        } else if let key, !remeasure, let known = keyed.curve(forKey: key, widths: widths, contentSize: contentSize) {
            curve = known
            measured = false
        } else {
            curve = try? source.heightCurve(at: path, widths: widths, contentSize: contentSize)
        }
        guard let height = curve?.provedHeight(at: width) else {
            let answered = try answer(path, section: section, row: row, token: token, setting: setting, key: key,
                                      remeasure: remeasure)
            return (answered.answer, answered.key, curve)
        }
        let answer = try rowAnswer(height: height, measured: measured, section: section, row: row, token: token,
                                   setting: setting, since: start)
        return (answer, key, curve)
    }
}

extension HeightCache {
    /// Builds the curves of one precache chunk's rows outside the lock (each answering the
    /// run's width from its curve, or measured where the curve proves none), then keeps each
    /// curve, and each height not measured meanwhile, under one lock if the list did not change
    /// meanwhile, as `precacheChunk` stores heights.
    func precacheCurves(_ items: ArraySlice<PrecacheItem>, setting: HeightSetting, since startRevision: UInt64,
                        widths: ClosedRange<Double>, run: PrecacheRun) {
        guard let (wanted, revision) = rowsToAnswer(items, setting: setting, since: startRevision, run: run,
                                                    unanswered: { state, item in
            state.curve(section: item.section, row: item.row, contentSize: setting.contentSize) == nil
        }) else { return }
        var built: [(answer: RowAnswer, key: String?, curve: (any RowCurve)?)] = []
        var failures: [(error: HeightCacheError, token: UInt64)] = []
        built.reserveCapacity(wanted.count)
        for item in wanted {
            if run.cancelled.load(ordering: .relaxed) { break }
            do throws(HeightCacheError) {
                built.append(try curveAnswer(IndexPath(row: item.row, section: item.section), section: item.section,
                                             row: item.row, token: item.token, setting: setting, key: nil,
                                             remeasure: item.remeasure, widths: widths))
            } catch {
                failures.append((error, item.token))
            }
        }
        let (stored, duplicates, current) = state.withLock { state in
            var stored = 0
            var duplicates: [(error: HeightCacheError, token: UInt64)] = []
            for entry in built {
                do throws(HeightCacheError) {
                    if try state.accept(entry.answer, key: entry.key, curve: entry.curve, revision: revision,
                                        onlyIfUnmeasured: true) {
                        stored += 1
                        rememberKeyed(entry.answer, key: entry.key, curve: entry.curve)
                    }
                } catch {
                    duplicates.append((error, entry.answer.token))
                }
            }
            return (stored, duplicates, state.revision == revision)
        }
        for duplicate in duplicates { run.fail(duplicate.error, token: duplicate.token) }
        if current {
            for failure in failures { run.fail(failure.error, token: failure.token) }
        }
        run.measured.add(stored, ordering: .relaxed)
        run.skipped.add(built.count - stored - duplicates.count + (current ? 0 : failures.count), ordering: .relaxed)
    }
}
