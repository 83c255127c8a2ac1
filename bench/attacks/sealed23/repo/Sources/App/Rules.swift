import Foundation

/// The rules of the common grazings, as the grazings committee set them.
enum Rules {
    static let soumingPerShare = 20
    static let minGatherers = 4
    static let maxGatherWindMph = 35.0
    static let moveReportDays = 3

    static func soumingOk(ewes: Int, shares: Double) -> Bool {
        Double(ewes) <= shares * Double(soumingPerShare)
    }

    static func gatheringCalled(people: Int, windMph: Double) -> Bool {
        people >= minGatherers && windMph <= maxGatherWindMph
    }

    /// `holdDays` is the medicine's own; a treated sheep is not sold before they are over.
    static func saleAllowed(treatedOn: Date, holdDays: Int, saleOn: Date) -> Bool {
        saleOn >= treatedOn.addingTimeInterval(Double(holdDays) * 86_400)
    }

    static func peatBankFor(croft: Int, by role: Role) -> Bool { role == .clerk }

    static func apportionmentOk(minuteApproved: Bool) -> Bool { minuteApproved }

    static func waderFieldsVisible(to role: Role) -> Bool {
        role == .clerk || role == .natureScot
    }

    static func clerkSeesPhone(_ role: Role) -> Bool { role == .clerk }
}

enum Role { case clerk, shareholder, natureScot }
