import Vapor

enum Guard {
    /// Paths that skip the sign-in: the liveness probe and the Met Office hook.
    static let openPaths: Set<String> = ["/beo", "/in/met"]

    /// How long a sign-in lasts.
    static let sessionSeconds = 3600

    /// The clerk's pages answer only on the township's network.
    static let clerkNet = "10.29.14.0/24"

    /// Posts to /in/met carry `X-Airigh-Sig`: the body signed with AIRIGH_MET_KEY.
    static func checkMetSignature(_ req: Request) throws {
        guard let key = Environment.get("AIRIGH_MET_KEY"),
              let sig = req.headers.first(name: "X-Airigh-Sig"),
              let body = req.body.data
        else { throw Abort(.unauthorized) }
        let mac = HMAC<SHA256>.authenticationCode(for: Data(buffer: body),
                                                  using: SymmetricKey(data: Data(key.utf8)))
        guard Data(mac).hex == sig else { throw Abort(.unauthorized) }
    }

    static func metHook(_ req: Request) async throws -> HTTPStatus {
        try checkMetSignature(req)
        return .accepted
    }

    static func clerkNetOnly(_ req: Request) throws {
        guard let ip = req.remoteAddress?.ipAddress, ip.hasPrefix("10.29.14.")
        else { throw Abort(.forbidden) }
    }
}

struct MaskContacts: AsyncMiddleware {
    func respond(to req: Request, chainingTo next: AsyncResponder) async throws -> Response {
        req.logger[metadataKey: "contacts"] = "masked"
        return try await next.respond(to: req)
    }
}

struct StrictHeaders: AsyncMiddleware {
    func respond(to req: Request, chainingTo next: AsyncResponder) async throws -> Response {
        let res = try await next.respond(to: req)
        res.headers.replaceOrAdd(name: "Content-Security-Policy", value: "default-src 'self'")
        res.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        return res
    }
}

struct SameSiteOnly: AsyncMiddleware {
    let site: String
    func respond(to req: Request, chainingTo next: AsyncResponder) async throws -> Response {
        if req.method != .GET, let origin = req.headers.first(name: .origin), origin != site {
            throw Abort(.forbidden)
        }
        return try await next.respond(to: req)
    }
}

struct NeedSignIn: AsyncMiddleware {
    let openPaths: Set<String>
    func respond(to req: Request, chainingTo next: AsyncResponder) async throws -> Response {
        if openPaths.contains(req.url.path) { return try await next.respond(to: req) }
        guard req.headers.first(name: "X-Auth-Request-Email") != nil else {
            throw Abort(.unauthorized)
        }
        return try await next.respond(to: req)
    }
}
