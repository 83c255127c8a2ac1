@testable import App
import XCTest

final class RulesTests: XCTestCase {
    func testGathering() {
        XCTAssertFalse(Rules.gatheringCalled(people: 3, windMph: 10))
        XCTAssertFalse(Rules.gatheringCalled(people: 6, windMph: 41))
        XCTAssertTrue(Rules.gatheringCalled(people: 4, windMph: 35))
    }

    func testSouming() {
        XCTAssertTrue(Rules.soumingOk(ewes: 40, shares: 2))
        XCTAssertFalse(Rules.soumingOk(ewes: 41, shares: 2))
    }

    func testOnlyTheClerk() {
        XCTAssertTrue(Rules.clerkSeesPhone(.clerk))
        XCTAssertFalse(Rules.clerkSeesPhone(.shareholder))
        XCTAssertFalse(Rules.waderFieldsVisible(to: .shareholder))
    }
}
