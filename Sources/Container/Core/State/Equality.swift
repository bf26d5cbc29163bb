/// Whether two values are equal, for values whose dynamic type is `Equatable`; `false` otherwise,
/// so a change to a non-equatable value always counts as a change.
func isEqualIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(toAny: rhs)
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
