module Kovk.Program

open Saturn

let app = application {
    url "http://127.0.0.1:7461"
    use_router Routes.all
}

run app
