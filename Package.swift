// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "VideoPlayerContainer",
    products: [
        .library(name: "VideoPlayerContainer", targets: ["VideoPlayerContainer"]),
        .library(name: "VideoPlayerRender", targets: ["VideoPlayerRender"]),
        .library(name: "VideoPlayerWidgets", targets: ["VideoPlayerWidgets"]),
        .library(name: "VideoPlayerTestSupport", targets: ["VideoPlayerTestSupport"]),
        .library(name: "VideoPlayerAccessibility", targets: ["VideoPlayerAccessibility"]),
        .executable(name: "vpc-play", targets: ["vpc-play"]),
        .executable(name: "QuickStart", targets: ["QuickStart"]),
        .executable(name: "symbol-catalogue", targets: ["symbol-catalogue"]),
        .executable(name: "YouTubeDemo", targets: ["YouTubeDemo"]),
        .executable(name: "QuickTimeDemo", targets: ["QuickTimeDemo"]),
        .executable(name: "player-bench", targets: ["player-bench"]),
        .executable(name: "player-soak", targets: ["player-soak"]),
        .executable(name: "TikTokDemo", targets: ["TikTokDemo"]),
        .executable(name: "BilibiliDemo", targets: ["BilibiliDemo"]),
        .executable(name: "SystemPlayerDemo", targets: ["SystemPlayerDemo"]),
        .executable(name: "VideoNavigationDemo", targets: ["VideoNavigationDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // `make docs`: DocC catalogues of the libraries (Sources/*/Documentation.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavformat",
            providers: [
                .apt([
                    "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
                    "libswresample-dev", "libavfilter-dev",
                ])
            ]
        ),
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            // NB: sdl2's pkg-config adds -D_REENTRANT, which SwiftPM rejects with a warning; the shim
            // includes <SDL2/...> from the default include path instead.
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
        ),
        .systemLibrary(
            name: "CCairo",
            path: "Sources/CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CLibass",
            path: "Sources/CLibass",
            pkgConfig: "libass",
            providers: [.apt(["libass-dev"])]
        ),
        .systemLibrary(
            name: "CDBus",
            path: "Sources/CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        // Xlib, for the tests that act on a real window under Xvfb as the desktop's other clients do.
        .systemLibrary(
            name: "CXlib",
            path: "Sources/CXlib",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxss-dev"])]
        ),
        .target(name: "VideoPlayerDBus", dependencies: ["CDBus"], path: "Sources/DBus"),
        .target(
            name: "VideoPlayerRender",
            dependencies: ["CFFmpeg", "CSDL2", "CLibass", .product(name: "Logging", package: "swift-log")],
            path: "Sources/Render"
        ),
        .target(
            name: "VideoPlayerContainer",
            dependencies: [
                "VideoPlayerRender", "VideoPlayerDBus", "CSDL2", "CCairo",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Container"
        ),
        .target(
            name: "VideoPlayerWidgets",
            dependencies: [
                "VideoPlayerContainer", "VideoPlayerRender", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Widgets"
        ),
        .target(
            name: "VideoPlayerAccessibility",
            dependencies: ["VideoPlayerContainer", "VideoPlayerRender", "VideoPlayerDBus"],
            path: "Sources/Accessibility"
        ),
        .target(
            name: "VideoPlayerFixtures",
            dependencies: ["VideoPlayerRender", "CFFmpeg"],
            path: "Sources/Fixtures"
        ),
        .target(name: "VideoPlayerTestSupportHook", path: "Sources/TestSupportHook"),
        .target(
            name: "VideoPlayerTestSupport",
            dependencies: [
                "VideoPlayerTestSupportHook", "VideoPlayerFixtures", "VideoPlayerWidgets",
                "VideoPlayerContainer", "VideoPlayerDBus",
                "VideoPlayerRender", "CSDL2",
            ],
            path: "Sources/TestSupport"
        ),
        .executableTarget(
            name: "vpc-play",
            dependencies: [
                "DemoSupport", "VideoPlayerFixtures",
                "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/vpc-play"
        ),
        .executableTarget(
            name: "symbol-catalogue",
            dependencies: ["VideoPlayerContainer"],
            path: "Examples/SymbolCatalogue"
        ),
        .executableTarget(
            name: "QuickStart",
            dependencies: ["VideoPlayerFixtures", "VideoPlayerContainer"],
            path: "Examples/QuickStart"
        ),
        .target(
            name: "DemoSupport",
            dependencies: [
                "VideoPlayerFixtures", "VideoPlayerWidgets", "VideoPlayerAccessibility",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/DemoSupport"
        ),
        .executableTarget(
            name: "YouTubeDemo",
            dependencies: [
                "DemoSupport", "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/YouTubeDemo"
        ),
        .executableTarget(
            name: "QuickTimeDemo",
            dependencies: [
                "DemoSupport", "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/QuickTimeDemo"
        ),
        .executableTarget(
            name: "player-bench",
            dependencies: [
                "VideoPlayerContainer", "VideoPlayerWidgets", "FuzzKit", "AudioAnalysis",
                "VideoPlayerFixtures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/PlayerBench"
        ),
        .executableTarget(
            name: "player-soak",
            dependencies: [
                "VideoPlayerFixtures",
                "VideoPlayerWidgets", "FuzzKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/PlayerSoak"
        ),
        .target(name: "FuzzKit", path: "Fuzz/FuzzKit"),
        .executableTarget(
            name: "media-fuzz",
            dependencies: [
                "VideoPlayerFixtures", "VideoPlayerRender",
                "VideoPlayerContainer", "FuzzKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Fuzz/MediaFuzz"
        ),
        .executableTarget(
            name: "subtitle-bench", dependencies: ["VideoPlayerRender"], path: "Benchmarks/SubtitleBench"),
        .executableTarget(
            name: "TikTokDemo",
            dependencies: [
                "DemoSupport", "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/TikTokDemo"
        ),
        .executableTarget(
            name: "BilibiliDemo",
            dependencies: [
                "DemoSupport", "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/BilibiliDemo"
        ),
        .executableTarget(
            name: "SystemPlayerDemo",
            dependencies: [
                "DemoSupport", "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/SystemPlayerDemo"
        ),
        .executableTarget(
            name: "VideoNavigationDemo",
            dependencies: [
                "DemoSupport", "VideoPlayerWidgets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/VideoNavigationDemo"
        ),
        .target(name: "MediaTestSupport", path: "Tests/MediaTestSupport"),
        .target(name: "AudioAnalysis", path: "Tests/AudioAnalysis"),
        .testTarget(
            name: "RenderTests",
            dependencies: [
                "VideoPlayerTestSupport",
                "VideoPlayerRender", "CFFmpeg", "CSDL2", "FuzzKit", "VideoPlayerFixtures", "MediaTestSupport",
                "AudioAnalysis", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/RenderTests"
        ),
        .testTarget(
            name: "ContainerTests",
            dependencies: [
                "VideoPlayerContainer", "VideoPlayerRender", "VideoPlayerTestSupport", "VideoPlayerDBus",
                "CCairo",
                "CSDL2", "FuzzKit", "symbol-catalogue",
            ],
            path: "Tests/ContainerTests"
        ),
        .testTarget(
            name: "AccessibilityTests",
            dependencies: ["VideoPlayerAccessibility", "VideoPlayerContainer", "VideoPlayerTestSupport"],
            path: "Tests/AccessibilityTests"
        ),
        .testTarget(
            name: "WidgetsTests",
            dependencies: [
                "VideoPlayerTestSupport",
                "VideoPlayerWidgets", "VideoPlayerContainer", "VideoPlayerRender", "VideoPlayerFixtures",
                "MediaTestSupport", "AudioAnalysis",
            ],
            path: "Tests/WidgetsTests"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "VideoPlayerTestSupport", "VideoPlayerWidgets", "VideoPlayerContainer", "VideoPlayerRender",
                "MediaTestSupport", "AudioAnalysis", "FuzzKit",
            ],
            path: "Tests/EndToEndTests"
        ),
        .testTarget(
            name: "DemoTests",
            dependencies: [
                "VideoPlayerTestSupport", "YouTubeDemo", "QuickTimeDemo", "DemoSupport", "VideoPlayerWidgets",
                "vpc-play", "VideoNavigationDemo", "CXlib", "VideoPlayerDBus",
            ],
            path: "Tests/DemoTests"
        ),
        .testTarget(
            name: "FeedDemoTests",
            dependencies: [
                "VideoPlayerTestSupport", "TikTokDemo", "BilibiliDemo", "DemoSupport", "VideoPlayerWidgets",
            ],
            path: "Tests/FeedDemoTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
