// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "airigh",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.99.0"),
        .package(url: "https://github.com/couchbase/couchbase-lite-swift.git", from: "3.1.0"),
    ],
    targets: [
        .target(name: "App", dependencies: [.product(name: "Vapor", package: "vapor")]),
        .executableTarget(name: "Run", dependencies: [.target(name: "App")]),
        .testTarget(name: "AppTests", dependencies: [
            .target(name: "App"), .product(name: "XCTVapor", package: "vapor"),
        ]),
    ]
)
