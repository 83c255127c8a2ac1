# Recipe:: dokku  (quay1, quay2)
execute 'dokku proxy:set skerry openresty' do
  not_if 'dokku proxy:report skerry --proxy-type | grep -q openresty'
end
execute 'dokku letsencrypt:enable skerry' do
  not_if 'dokku letsencrypt:active skerry'
end
execute 'dokku letsencrypt:cron-job --add'
execute 'dokku checks:enable skerry'
execute 'dokku ports:set skerry https:443:8080'
