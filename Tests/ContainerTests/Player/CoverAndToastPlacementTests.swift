import Testing

@testable import VideoPlayerContainer

/// Where a cover panel and the toasts lie against the controls.
@MainActor
@Suite struct CoverAndToastPlacementTests {
    /// Controls always shown, a red bar along the bottom, no scrims.
    let bed = PlayerBed { context in
        context.control.configure(displayStyle: .always)
        context.control.configure(shadow: nil)
        context.control.configure(.halfScreen(.bottom1)) { [Color.pureRed.frame(height: 30)] }
    }

    private func presentBottomCover() {
        bed.context.feature.present(.bottom(.cover)) { Color.pureGreen.frame(height: 60) }
        bed.wait(0.4)
    }

    @Test func aCoverPanelHidesTheControlsAndTheyComeBackWhenItGoes() {
        #expect(bed.snapshot().pixel(x: 160, y: 170) == .pureRed)
        presentBottomCover()
        let covered = bed.snapshot()
        #expect(covered.pixel(x: 160, y: 170) == .pureGreen)
        #expect(covered.bounds { $0 == .pureRed } == nil)
        bed.context.feature.dismiss()
        bed.wait(0.4)
        #expect(bed.snapshot().pixel(x: 160, y: 170) == .pureRed)
    }

    @Test func controlsThatStayUnderACoverPanelAreDrawnBelowIt() {
        bed.context.feature.coverHidesControls = false
        presentBottomCover()
        let image = bed.snapshot()
        #expect(image.pixel(x: 160, y: 170) == .pureGreen)
        #expect(image.bounds { $0 == .pureRed } == nil)
        bed.context.feature.present(.bottom(.cover)) { Color.pureGreen.frame(height: 10) }
        bed.wait(0.4)
        // The shorter panel leaves the top of the bar, which stayed, in view.
        let bar = bed.snapshot().bounds { $0 == .pureRed }
        #expect(bar?.maxY == 170)
        #expect((bar?.height ?? 0) > 0)
    }

    @Test func coverPanelsLieRightAboveTheControlsAndSqueezePanelsUnderThePlugins() {
        let container = bed.context.container
        container.insert(overlay: "badge", above: .feature) { Color.clear }
        container.insert(overlay: "stats", above: .control) { Color.clear }
        #expect(
            container.layers.map(\.id) == [
                .render, .feature, "badge", .plugin, .control, .featureCover, "stats", .toast,
            ])
        container.enable(overlays: [.render, .control])
        #expect(container.layers.map(\.id) == [.render, "badge", .control, "stats"])
    }

    @Test func toastsStackAtTheirAlignmentInsideTheirInsets() {
        let toast = bed.context.toast
        toast.configure { _ in Swatch(color: .pureBlue, side: 10) }
        toast.alignment = .topTrailing
        toast.insets = EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 8)
        toast.toast("first")
        bed.wait(0.3)
        #expect(bed.snapshot().bounds { $0 == .pureBlue } == Rect(x: 302, y: 20, width: 10, height: 10))
        toast.toast("second")
        bed.wait(0.3)
        // At the top, the newest is the highest: the first moved down by its height and the spacing.
        #expect(bed.snapshot().bounds { $0 == .pureBlue } == Rect(x: 302, y: 20, width: 10, height: 28))
    }

    @Test func aToastLiesAboveACoverPanel() {
        bed.context.toast.configure { _ in Swatch(color: .pureBlue, side: 10) }
        bed.context.toast.insets = EdgeInsets(all: 4)
        presentBottomCover()
        bed.context.toast.toast("saved")
        bed.wait(0.3)
        #expect(bed.snapshot().bounds { $0 == .pureBlue } == Rect(x: 4, y: 166, width: 10, height: 10))
    }

    @Test func aToastNeverOverlapsTheBottomAreasAndComesDownWhenTheyHide() {
        let control = bed.context.control
        control.configure(.halfScreen(.bottom2)) { [Color.pureRed.frame(height: 20)] }
        bed.context.toast.configure { _ in Swatch(color: .pureBlue, side: 10) }
        bed.context.toast.toast("saved")
        bed.wait(0.3)
        // bottom1 (30 high) over bottom2 (20 high), 8 apart and 8 in from the edges: y 114...172.
        let bars = bed.snapshot().bounds { $0 == .pureRed }
        #expect(bars == Rect(x: 8, y: 114, width: 304, height: 58))
        #expect(control.visibleAreaFrames[.bottom1] == Rect(x: 8, y: 114, width: 304, height: 30))
        let toast = bed.snapshot().bounds { $0 == .pureBlue }
        #expect(toast == Rect(x: 16, y: 96, width: 10, height: 10))
        control.configure(displayStyle: .never)
        bed.wait(0.4)
        #expect(control.visibleAreaFrames.isEmpty)
        #expect(bed.snapshot().bounds { $0 == .pureBlue } == Rect(x: 16, y: 154, width: 10, height: 10))
    }

    @Test func toastsAtTheTopAvoidTheTopAreasOnlyAndTheOptionTurnsItOff() {
        bed.context.control.configure(.halfScreen(.top1)) { [Color.pureGreen.frame(height: 24)] }
        let toast = bed.context.toast
        toast.configure { _ in Swatch(color: .pureBlue, side: 10) }
        toast.alignment = .topTrailing
        toast.toast("saved")
        bed.wait(0.3)
        // The top row ends at y 32 (8 inset + 24): the toast stands 8 below it; the bottom bar
        // does not push it.
        #expect(bed.snapshot().bounds { $0 == .pureBlue } == Rect(x: 294, y: 40, width: 10, height: 10))
        toast.avoidsControls = false
        bed.wait(0.1)
        #expect(bed.snapshot().bounds { $0 == .pureBlue } == Rect(x: 294, y: 16, width: 10, height: 10))
    }
}
