import ArgumentParser

@main
struct QuickTimeDemo: ParsableCommand {
    mutating func run() throws {}
}
