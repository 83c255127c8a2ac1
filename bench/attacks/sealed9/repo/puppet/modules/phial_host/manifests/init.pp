class phial_host (String $role) {
  package { ['firewalld', 'teleport']: ensure => installed }

  file { '/etc/firewalld/zones/phial.xml':
    source => 'puppet:///modules/phial_host/firewalld/phial.xml',
    notify => Service['firewalld'],
  }
  exec { 'phial default zone':
    command => '/usr/bin/firewall-cmd --set-default-zone=phial',
    unless  => '/usr/bin/firewall-cmd --get-default-zone | grep -qx phial',
    require => File['/etc/firewalld/zones/phial.xml'],
  }
  service { 'firewalld': ensure => running, enable => true }

  file { '/etc/ssh/sshd_config':
    source => 'puppet:///modules/phial_host/sshd_config',
    mode   => '0600',
    notify => Service['sshd'],
  }
  service { 'sshd': ensure => running, enable => true }

  file { '/etc/teleport.yaml':
    content => epp('phial_host/teleport-node.yaml.epp', { 'role' => $role }),
    notify  => Service['teleport'],
  }
  service { 'teleport': ensure => running, enable => true }
}
