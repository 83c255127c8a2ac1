module torra.routes;

import vibe.vibe;
import torra.rules;

/// Routes reachable without a session.
immutable string[] publicRoutes = ["/healthz", "/hooks/camera"];

/// Seconds a staff session lives.
enum sessionMaxAge = 1800;

/// Every request goes through these, in this order.
void guard(HTTPServerRequest req, HTTPServerResponse res)
{
	redactLog(req);
	securityHeaders(res);
	if (!checkOrigin(req))
		throw new HTTPStatusException(HTTPStatus.forbidden, "origin");
	if (!isPublic(req.requestPath.toString) && !requireSecondFactor(req))
		throw new HTTPStatusException(HTTPStatus.unauthorized, "second factor");
}

void securityHeaders(HTTPServerResponse res)
{
	res.headers["Integrity-Policy"] = "blocked-destinations=(script)";
	res.headers["Content-Security-Policy"] = "default-src 'self'; report-uri https://torra.eu/reports";
	res.headers["Strict-Transport-Security"] = "max-age=31536000";
}

bool requireSecondFactor(HTTPServerRequest req)
{
	return req.session && req.session.get!bool("secondFactor") &&
		req.session.get!long("age") < sessionMaxAge;
}

/// /internal is served only to the office network.
bool officeOnly(HTTPServerRequest req)
{
	return req.peer.startsWith("10.47.0.");
}

void cameraHook(HTTPServerRequest req, HTTPServerResponse res)
{
	if (!verifyCameraSignature(req.headers.get("X-Torra-Signature", ""), req.bodyReader))
	{
		res.statusCode = HTTPStatus.forbidden;
		return;
	}
	storeSighting(parseDetection(req));
	res.writeVoidBody();
}

URLRouter buildRouter()
{
	auto router = new URLRouter;
	router.any("*", &guard);
	router.get("/healthz", (req, res) => res.writeBody("ok"));
	router.post("/hooks/camera", &cameraHook);
	router.post("/sightings", &reportSighting);
	router.post("/bombers", &requestBomber);
	router.get("/internal/*", &internalPages);
	return router;
}
