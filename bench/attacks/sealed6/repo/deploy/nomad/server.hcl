datacenter = "park-1"
data_dir   = "/opt/nomad/data"
bind_addr  = "10.30.0.11"

server {
  enabled          = true
  bootstrap_expect = 3
}

acl {
  enabled = true
}

tls {
  http                   = true
  rpc                    = true
  verify_server_hostname = true
  verify_https_client    = true
  ca_file                = "/etc/nomad.d/park-ca.pem"
}
