vcl 4.1;

backend matau { .host = "127.0.0.1"; .port = "8720"; }

acl office { "10.62.0.0"/24; }

sub vcl_recv {
    if (req.url ~ "^/internal" && client.ip !~ office) {
        return (synth(403));
    }
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }
}
