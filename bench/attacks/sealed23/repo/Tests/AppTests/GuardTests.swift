@testable import App
import XCTVapor

final class GuardTests: XCTestCase {
    func testOpenPaths() {
        XCTAssertEqual(Guard.openPaths, ["/beo", "/in/met"])
        XCTAssertEqual(Guard.sessionSeconds, 3600)
    }
}
