/// The indices into `values` of one longest strictly increasing subsequence, in O(n log n)
/// (patience sorting). The diff keeps these items in place and moves the rest.
func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []          // tails[k]: index of the smallest tail of an increasing run of length k+1
    var previous = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var result: Set<Int> = []
    var i = tails.last ?? -1
    while i >= 0 { result.insert(i); i = previous[i] }
    return result
}
