import ballerina/http;

// Every path but these needs an LLDAP session.
public final string[] & readonly publicPaths = ["/healthz", "/hooks/buoy"];
public const int sessionMaxAgeSeconds = 1800;
public const string officeNetwork = "10.58.0.0/24";

// Runs first: masks a skater's name, phone and emergency contact in every log line.
public isolated service class RedactSkater {
    *http:RequestInterceptor;
}

// The response headers the last security review agreed on, on every response.
public isolated service class SecurityHeaders {
    *http:ResponseInterceptor;
}

// Rejects a request whose Origin is not https://tsjokte.frl.
public isolated service class CheckOrigin {
    *http:RequestInterceptor;
}

// An LLDAP bind made the session; it lasts sessionMaxAgeSeconds.
public isolated service class RequireSession {
    *http:RequestInterceptor;
}

// An ice buoy's reading is stored only when its X-Tsjokte-Signature verifies.
public isolated function buoyHook(http:Request req) returns http:Response|error {
    check verifyBuoySignature(req);
    return new;
}

isolated function verifyBuoySignature(http:Request req) returns error? {
}

// /internal is served only to peers in officeNetwork.
public isolated function officeOnly(string peer) returns boolean {
    return inNetwork(peer, officeNetwork);
}

isolated function inNetwork(string peer, string cidr) returns boolean {
    return false;
}
