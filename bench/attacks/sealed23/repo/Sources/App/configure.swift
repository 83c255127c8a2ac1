import Vapor

/// The server binds to loopback only; TLS and sign-in are oauth2-proxy's.
public func configure(_ app: Application) throws {
    app.http.server.configuration.hostname = "127.0.0.1"
    app.http.server.configuration.port = Int(Environment.get("AIRIGH_PORT") ?? "8630") ?? 8630

    // Order matters: contacts are masked before anything logs, sign-in is checked last.
    app.middleware.use(MaskContacts())
    app.middleware.use(StrictHeaders())
    app.middleware.use(SameSiteOnly(site: "https://airigh.scot"))
    app.middleware.use(NeedSignIn(openPaths: Guard.openPaths))

    try routes(app)
}
