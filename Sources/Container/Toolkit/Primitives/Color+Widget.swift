/// A colour is a widget that fills the space it is offered.
extension Color: Widget {
    /// A rectangle filled with this colour.
    public var body: some Widget {
        Rectangle().fill(self)
    }
}
