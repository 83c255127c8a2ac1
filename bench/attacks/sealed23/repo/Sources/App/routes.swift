import Vapor

func routes(_ app: Application) throws {
    app.get("beo") { _ in "tha" }
    app.post("in", "met", use: Guard.metHook)
    let clerk = app.grouped("clerk")
    clerk.get("shares") { req async throws -> String in
        try Guard.clerkNetOnly(req)
        return "shares"
    }
}
