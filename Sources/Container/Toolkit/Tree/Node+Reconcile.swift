extension Node {
    /// Reuses `existing` for `widget` when it was made for the same widget type, else makes a new node.
    func reconcile(_ existing: Node?, with widget: any Widget, in tree: WidgetTree) -> Node {
        let type = ObjectIdentifier(Swift.type(of: widget))
        if let existing, existing.widgetType == type {
            existing.environment = childEnvironment
            existing.update(from: widget, in: tree)
            return existing
        }
        if let existing { remove(existing, in: tree) }
        let node = tree.makeNode(for: widget)
        node.widgetType = type
        node.parent = self
        node.tree = tree
        node.environment = childEnvironment
        node.update(from: widget, in: tree)
        if existing != nil || !tree.isMounting {
            node.didInsert(in: tree)
            // Inside `prefersDefaultFocus()`, a widget that appears takes the focus from the
            // keyboard user.
            if node.environment.prefersDefaultFocus, let target = node as? any FocusTarget {
                tree.requestFocus(target)
            }
        }
        return node
    }

    /// Makes `widget` (or the members of a list widget) this node's only content.
    func reconcileContent(_ widget: any Widget, in tree: WidgetTree) {
        let child = reconcile(children.first, with: widget, in: tree)
        if children.first !== child {
            children = [child]
            invalidateLayout()
        }
    }

    /// Matches `flat` against the current children by identity, keeping nodes whose key survives and
    /// keeping removed nodes with a removal transition until it ends.
    func reconcileChildren(_ flat: [FlatChild], in tree: WidgetTree) {
        var previous: [ChildKey: Node] = [:]
        var previousIndex: [ObjectIdentifier: Int] = [:]
        for (index, (key, node)) in zip(childKeys, children.filter { !$0.isDisappearing }).enumerated() {
            previous[key] = previous[key] ?? node
            previousIndex[ObjectIdentifier(node)] = index
        }
        let lingering = children.filter(\.isDisappearing)
        var updated: [Node] = []
        updated.reserveCapacity(flat.count)
        var structureChanged = flat.count != childKeys.count
        for child in flat {
            let old = previous.removeValue(forKey: child.key)
            let node = reconcile(old, with: child.widget, in: tree)
            if node !== old { structureChanged = true }
            updated.append(node)
        }
        childKeys = flat.map(\.key)
        let updatedIDs = Set(updated.map(ObjectIdentifier.init))
        let kept = children.filter { updatedIDs.contains(ObjectIdentifier($0)) }
        let keptIDs = Set(kept.map(ObjectIdentifier.init))
        let reordered = updated.filter { keptIDs.contains(ObjectIdentifier($0)) }
        if !kept.elementsEqual(reordered, by: ===) {
            // Nodes drawn in a new order keep their frames: nothing else would repaint them.
            structureChanged = true
            for node in reordered { tree.damage(node.subtreePaintBounds) }
        }
        for node in lingering { updated.append(node) }
        for node in previous.values {
            structureChanged = true
            if node.beginDisappearing(in: tree) {
                let index = min(previousIndex[ObjectIdentifier(node)] ?? updated.count, updated.count)
                updated.insert(node, at: index)
            } else {
                tree.damage(node.subtreePaintBounds)
                node.unmount()
            }
        }
        children = updated
        if structureChanged { invalidateLayout() }
    }

    /// Takes away a child without a transition, repainting where it was.
    func remove(_ child: Node, in tree: WidgetTree) {
        tree.damage(child.subtreePaintBounds)
        child.unmount()
        children.removeAll { $0 === child }
    }

    /// The union of the painted areas of the node and its descendants.
    var subtreePaintBounds: Rect {
        children.reduce(drawsContent ? paintBounds : .zero) { $0.union($1.subtreePaintBounds) }
    }
}
