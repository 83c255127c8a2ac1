module app;

import vibe.vibe;
import torra.routes : buildRouter;

void main()
{
	auto settings = new HTTPServerSettings;
	settings.bindAddresses = ["127.0.0.1"];
	settings.port = 8743;
	settings.sessionStore = new MemorySessionStore;
	settings.sessionOptions = SessionOption.httpOnly | SessionOption.secure;
	auto listener = listenHTTP(settings, buildRouter());
	scope (exit) listener.stopListening();
	runApplication();
}
