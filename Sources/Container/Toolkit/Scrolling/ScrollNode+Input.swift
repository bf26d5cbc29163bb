extension ScrollNode {
    /// Points per second below which a released drag does not fling.
    static let minimumFlingSpeed = 50.0
    /// The fastest fling, in points per second.
    static let maximumFlingSpeed = 8000.0

    /// Scrolls by a wheel or touchpad movement, in wheel steps; shift turns a vertical wheel
    /// horizontal, as does a view that scrolls only horizontally.
    ///
    /// - Returns: The steps the view could not take (it reached an edge, or does not scroll that
    ///   way), for the scroll view around it.
    func scroll(byWheel steps: Point, modifiers: KeyModifiers) -> Point {
        let turned = steps.x == 0 && (modifiers.contains(.shift) || axes == .horizontal)
        let wanted = turned ? Point(x: steps.y, y: 0) : steps
        motion = nil
        let moved = setOffset(
            offset
                + Point(
                    x: axes.contains(.horizontal) ? wanted.x * Self.wheelStep : 0,
                    y: axes.contains(.vertical) ? wanted.y * Self.wheelStep : 0))
        // NB: a step the view took whole must leave exactly nothing, or rounding wakes the views around it.
        func rest(_ wanted: Double, _ moved: Double) -> Double {
            let left = wanted - moved / Self.wheelStep
            return abs(left) < 1e-9 ? 0 : left
        }
        let left = Point(x: rest(wanted.x, moved.x), y: rest(wanted.y, moved.y))
        return turned ? Point(x: 0, y: left.x) : left
    }

    /// Whether a drag that moved the pointer by `translation` moves the content: the view scrolls
    /// along the drag's main axis and is not already at its edge in that direction.
    func canScroll(following translation: Point) -> Bool {
        let maximum = maximumOffset
        if abs(translation.x) > abs(translation.y) {
            guard axes.contains(.horizontal) else { return false }
            return translation.x < 0 ? offset.x < maximum.x : offset.x > 0
        }
        guard axes.contains(.vertical) else { return false }
        return translation.y < 0 ? offset.y < maximum.y : offset.y > 0
    }

    /// Stops a fling or an animated scroll; returns whether one was running.
    func stopMotion() -> Bool {
        defer { motion = nil }
        return motion != nil
    }

    /// Starts moving the content with the pointer, which went down at `start`.
    func beginDrag(from start: Point, at time: Double) {
        motion = nil
        drag = ScrollDrag(start: start, startOffset: offset, time: time)
    }

    /// Moves the content with the pointer, now at `point`.
    func moveDrag(to point: Point, at time: Double) {
        guard var drag else { return }
        let translation = point - drag.start
        setOffset(
            Point(
                x: drag.startOffset.x - (axes.contains(.horizontal) ? translation.x : 0),
                y: drag.startOffset.y - (axes.contains(.vertical) ? translation.y : 0)))
        drag.record(point, at: time)
        self.drag = drag
    }

    /// Ends the drag at `point`; the content glides on at the speed the pointer had.
    func endDrag(at point: Point, time: Double) {
        moveDrag(to: point, at: time)
        guard let drag else { return }
        self.drag = nil
        let pointer = drag.velocity(at: time)
        var velocity = Point(
            x: axes.contains(.horizontal) ? -pointer.x : 0, y: axes.contains(.vertical) ? -pointer.y : 0)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed >= Self.minimumFlingSpeed else { return }
        if speed > Self.maximumFlingSpeed {
            velocity = Point(
                x: velocity.x * Self.maximumFlingSpeed / speed, y: velocity.y * Self.maximumFlingSpeed / speed
            )
        }
        motion = .fling(from: offset, velocity: velocity, at: time)
        tree?.startAnimating(self)
    }

    /// Scrolls to the element `target` names at the next layout (its frame may not exist yet).
    func requestScroll(to target: ScrollTarget) {
        pendingTarget = target
        pendingTarget?.requestTime = tree?.clock.now
        invalidatePlacement()
        tree?.damage(frame)
    }

    /// Moves the content so that the element `target` names shows at its anchor (or, with no
    /// anchor, just enough for it to show whole); does nothing when no such element is inside.
    func scroll(to target: ScrollTarget, in rect: Rect) {
        guard let box = descendant(forElement: target.id)?.frame ?? lazyFrame(ofElement: target.id) else {
            return
        }
        let destination = offset(showing: box, anchor: target.anchor, in: rect)
        guard destination != offset, let tree else { return }
        if let animation = target.animation {
            // The glide runs from the request: a frame drawn later shows it that far along.
            let start = min(target.requestTime ?? tree.frameTime, tree.frameTime)
            let glide = ScrollMotion.animated(from: offset, to: destination, animation: animation, at: start)
            motion = glide
            offset = glide.position(at: tree.frameTime)
            tree.startAnimating(self)
        } else {
            offset = destination
            showIndicators()
        }
    }

    /// The offset that shows `box` (host coordinates, with the content placed at the current
    /// offset in `rect`) at `anchor` of the view, or with no anchor, that moves the content just
    /// enough for the box to show whole (its start, when it is longer than the view).
    func offset(showing box: Rect, anchor: UnitPoint?, in rect: Rect) -> Point {
        func along(
            _ current: Double, start: Double, length: Double, viewStart: Double, viewLength: Double,
            anchor: Double?
        ) -> Double {
            let position = current + start - viewStart
            if let anchor { return position - anchor * (viewLength - length) }
            if position < current || length > viewLength { return position }
            return max(current, position + length - viewLength)
        }
        return clamped(
            Point(
                x: along(
                    offset.x, start: box.minX, length: box.width, viewStart: rect.minX,
                    viewLength: rect.width, anchor: anchor?.x),
                y: along(
                    offset.y, start: box.minY, length: box.height, viewStart: rect.minY,
                    viewLength: rect.height, anchor: anchor?.y)))
    }
}

extension ScrollNode {
    /// Where a lazy stack inside puts the row of the element `id`, built or not.
    fileprivate func lazyFrame(ofElement id: ElementID) -> Rect? {
        firstDescendant { ($0 as? LazyStackNode)?.frame(ofElement: id) }
    }
}

extension Node {
    /// The first descendant a `ForEach` made for the element `id`.
    func descendant(forElement id: ElementID) -> Node? {
        let element = AnyHashable(id)
        for (key, child) in zip(childKeys, children.filter { !$0.isDisappearing })
        where key.path.contains(element) {
            return child
        }
        for child in children {
            if let found = child.descendant(forElement: id) { return found }
        }
        return nil
    }
}
