/// A row object made when it is first read, once: `HeightCache(template:fonts:items:width:)`
/// reads an item's own settings when the cache is made and encodes the rest at its measurement.
package protocol DeferredRowData: AnyObject, Sendable {
    /// The whole row object, made on the first call and the same on every later one (an error
    /// is thrown again on each call).
    func data() throws -> JSONValue
    /// The row object if it has been made, without making it.
    var madeData: JSONValue? { get }
}
