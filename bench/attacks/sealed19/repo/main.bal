import ballerina/http;
import tsjokte.guard;
import tsjokte.rules;

configurable int port = 9361;
configurable string dbUrl = "ws://10.58.0.5:8000";
configurable string dbUser = "tsjokte_app";
configurable string dbPassword = ?;

// The service binds loopback only; Traffic Server terminates TLS in front of it.
listener http:Listener iisListener = new (port, config = {host: "127.0.0.1"});

service http:InterceptableService / on iisListener {
    public function createInterceptors() returns http:Interceptor[] {
        return [new guard:RedactSkater(), new guard:SecurityHeaders(),
                new guard:CheckOrigin(), new guard:RequireSession()];
    }

    resource function get healthz() returns string => "ok";

    resource function post hooks/buoy(http:Request req) returns http:Response|error {
        return guard:buoyHook(req);
    }

    resource function post measurements(rules:Measurement m) returns error? {
        check rules:appendMeasurement(m);
    }

    resource function post routes/[string route]/open(rules:OpenRequest r) returns error? {
        check rules:openRoute(route, r);
    }
}
