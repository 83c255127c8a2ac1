client {
  enabled = true
  servers = ["nomad-1.cairnpass.internal", "nomad-2.cairnpass.internal", "nomad-3.cairnpass.internal"]
}

plugin "raw_exec" {
  config {
    enabled = false
  }
}

plugin "docker" {
  config {
    allow_privileged = false
    volumes {
      enabled = false
    }
    allow_caps = ["audit_write", "chown", "dac_override", "fowner", "kill", "setgid", "setuid"]
  }
}
