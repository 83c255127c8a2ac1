node /^swarm\d+\.phial\.internal$/ {
  class { 'phial_host': role => 'swarm' }
}
node 'db.phial.internal' {
  class { 'phial_host': role => 'db' }
}
