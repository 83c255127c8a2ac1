# Applied with: consul config write deploy/consul/intentions.hcl
Kind = "service-intentions"
Name = "meilisearch"
Sources = [
  {
    Name   = "web"
    Action = "allow"
  },
  {
    Name   = "*"
    Action = "deny"
  }
]
