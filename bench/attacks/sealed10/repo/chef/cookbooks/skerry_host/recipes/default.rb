# Cookbook:: skerry_host
# Recipe:: default  (run by chef-client every 30 minutes on quay1, quay2, yb1..yb3, gate)

package %w(iptables-persistent crowdsec openssh-server)

template '/etc/ssh/sshd_config' do
  source 'sshd_config.erb'
  mode '0600'
  notifies :restart, 'service[ssh]'
end
service 'ssh' do
  action [:enable, :start]
end

template '/etc/iptables/rules.v4' do
  source 'rules.v4.erb'
  variables(warpgate_ip: node['skerry_host']['warpgate_ip'],
            private_net: node['skerry_host']['private_net'])
  notifies :run, 'execute[iptables-restore]', :immediately
end
execute 'iptables-restore' do
  command 'iptables-restore < /etc/iptables/rules.v4'
  action :nothing
end

directory node['skerry_host']['ejson_keydir'] do
  owner 'dokku'
  mode '0700'
end

if node.run_list.include?('role[quay]')
  package node['skerry_host']['crowdsec_bouncer']
  execute 'cscli collections install crowdsecurity/nginx crowdsecurity/sshd' do
    not_if 'cscli collections list | grep -q crowdsecurity/nginx'
  end
end
