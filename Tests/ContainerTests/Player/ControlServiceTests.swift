import Testing
import VideoPlayerContainer

@MainActor
@Suite struct ControlServiceTests {
    let log = EventLog()
    let bed: PlayerBed

    init() {
        let log = self.log
        bed = PlayerBed { context in
            context.control.configure(shadow: nil)
            context.control.configure(.halfScreen(.center)) {
                [Swatch(color: .pureBlue) { log.add("button") }]
            }
            context.control.configure(.fullScreen(.center)) { [Swatch(color: .pureRed)] }
            context.control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) {
                [Swatch(color: .pureGreen)]
            }
        }
    }

    var centre: RGBA { bed.snapshot().pixel(x: 160, y: 90) }
    /// Where the bottom row's lone swatch lies: at the row's leading edge.
    var bottomRow: RGBA { bed.snapshot().pixel(x: 30, y: 150) }

    @Test func autoHidesAfterItsDurationOnTheInjectedClockAndReturnsOnTap() {
        #expect(centre == .pureBlue)
        #expect(bottomRow == .pureGreen)
        bed.wait(4.9)
        #expect(centre == .pureBlue)
        bed.wait(0.2)
        #expect(!bed.context.control.isBeingPresented)
        bed.wait(0.3)
        #expect(centre == .transparent)
        #expect(bottomRow == .transparent)

        bed.click(20, 20)
        #expect(bed.context.control.isBeingPresented)
        bed.wait(0.3)
        #expect(centre == .pureBlue)
    }

    @Test func aTapOnEmptySpaceHidesShownControlsAndATapOnAControlDoesNot() {
        bed.click(160, 90)
        #expect(log.events == ["button"])
        #expect(bed.context.control.isBeingPresented)
        bed.click(20, 20)
        #expect(!bed.context.control.isBeingPresented)
    }

    @Test func usingAControlRestartsTheHideTimer() {
        bed.wait(3)
        bed.click(160, 90)
        bed.wait(4.9)
        #expect(bed.context.control.isBeingPresented, "5 s after the click, not after the first appearance")
        bed.wait(0.2)
        #expect(!bed.context.control.isBeingPresented)
    }

    @Test func eachStatusShowsItsOwnWidgets() {
        #expect(centre == .pureBlue)
        bed.context.status.toFullScreen()
        #expect(centre == .pureRed)
        #expect(bottomRow == .pureGreen, "configured for both statuses at once")
        bed.context.status.toPortrait()
        #expect(centre == .transparent)
        #expect(bottomRow == .transparent)
        bed.context.status.toHalfScreen()
        #expect(centre == .pureBlue)
    }

    @Test func aLoneWidgetInARowStartsAtTheLeadingEdgeUnlessSpacersCentreIt() {
        bed.context.control.configure(insets: EdgeInsets(all: 12))
        let lone = bed.snapshot()
        #expect(lone.pixel(x: 14, y: 150) == .pureGreen)
        #expect(lone.pixel(x: 10, y: 150) == .transparent, "inside the inset")
        #expect(lone.pixel(x: 160, y: 150) == .transparent)
        bed.context.control.configure(.halfScreen(.bottom1)) {
            [Spacer(), Swatch(color: .pureGreen), Spacer()]
        }
        let centred = bed.snapshot()
        #expect(centred.pixel(x: 160, y: 150) == .pureGreen)
        #expect(centred.pixel(x: 14, y: 150) == .transparent)
        #expect(centre == .pureBlue, "the centre area stays centred")
    }

    @Test func displayStylesDecideWhetherTapsAndCallsShowTheControls() {
        let control = bed.context.control
        control.configure(displayStyle: .never)
        control.present()
        bed.click(20, 20)
        #expect(!control.isBeingPresented)
        control.configure(displayStyle: .always)
        bed.click(20, 20)
        control.dismiss()
        bed.wait(60)
        #expect(control.isBeingPresented)
        control.configure(displayStyle: .manual(firstAppear: false))
        bed.click(20, 20)
        #expect(!control.isBeingPresented)
        control.present()
        bed.wait(60)
        #expect(control.isBeingPresented)
    }

    @Test func topAreasSlideInFromTheTopAndTheDefaultShadowDarkensTheEdges() {
        let control = bed.context.control
        control.configure(shadow: .default)
        control.configure(.halfScreen(.top1)) { [Swatch(color: .pureGreen, side: 20)] }
        control.dismiss(animated: false)
        bed.wait(1)
        control.present()
        bed.wait(0.125)
        let sliding = bed.snapshot().bounds { $0 == .pureGreen }
        bed.wait(0.2)
        let image = bed.snapshot()
        #expect(image.bounds { $0 == .pureGreen }?.minY == 8)
        #expect((sliding?.minY ?? 0) < 8)
        #expect(image.pixel(x: 5, y: 2).a > 100, "the top scrim is dark at the edge")
        #expect(image.pixel(x: 5, y: 80).a == 0, "and clear in the middle")
    }

    @Test func aCustomLayoutArrangesTheAreas() {
        bed.context.control.configure { areas in
            HStack(spacing: 0) {
                areas[.center]
                Spacer()
            }
        }
        let image = bed.snapshot()
        #expect(image.pixel(x: 20, y: 90) == .pureBlue)
        #expect(image.pixel(x: 160, y: 90) == .transparent)
    }

    @Test func opacityBlendsTheWholeOverlay() {
        bed.context.control.opacity(0.5)
        #expect(centre.a == 128)
    }
}
