/// Runs `body` inside `withAnimation(animation)`, or plainly when `animation` is `nil`.
@MainActor
func withAnimation(ifAny animation: Animation?, _ body: () -> Void) {
    guard let animation else { return body() }
    withAnimation(animation, body)
}
