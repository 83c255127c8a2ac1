import App
import Vapor

var env = try Environment.detect()
let app = try await Application.make(env)
try configure(app)
try await app.execute()
