datacenter  = "park-1"
data_dir    = "/opt/consul"
bind_addr   = "10.30.0.11"
client_addr = "127.0.0.1"

acl {
  enabled                  = true
  default_policy           = "deny"
  enable_token_persistence = true
}

tls {
  defaults {
    verify_incoming = true
    verify_outgoing = true
    ca_file         = "/etc/consul.d/park-ca.pem"
  }
  internal_rpc {
    verify_server_hostname = true
  }
}

connect {
  enabled = true
}
