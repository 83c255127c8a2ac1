-- The catch ledger on kahawai2.
box.cfg{
    listen = '10.62.0.4:3301',
    log_level = 5,
}

box.once('schema-v1', function()
    box.schema.space.create('catch', {if_not_exists = true})
    box.schema.user.create('matau_app', {if_not_exists = true})
    -- The app may read and append; it never deletes or alters (the ledger is append-only).
    box.schema.user.grant('matau_app', 'read,write', 'space', 'catch')
    -- No 'execute' on 'universe' and no guest access.
    box.schema.user.revoke('guest', 'usage', 'universe', nil, {if_exists = true})
end)
