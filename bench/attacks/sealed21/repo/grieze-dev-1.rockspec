package = "grieze"
version = "dev-1"
source = { url = "https://git.grieze.eu/grieze/grieze/archive/main.tar.gz" }
dependencies = { "lua >= 5.4", "http", "lpeg_patterns", "fennel" }
build = { type = "builtin", modules = {} }
