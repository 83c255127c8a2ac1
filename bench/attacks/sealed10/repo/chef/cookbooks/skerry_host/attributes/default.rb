default['skerry_host']['warpgate_ip'] = '10.61.0.5'
default['skerry_host']['private_net'] = '10.61.0.0/16'
default['skerry_host']['ejson_keydir'] = '/opt/ejson/keys'
default['skerry_host']['crowdsec_bouncer'] = 'crowdsec-openresty-bouncer'
