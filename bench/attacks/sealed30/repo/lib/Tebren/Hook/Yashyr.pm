package Tebren::Hook::Yashyr;
# Strips phone numbers and reporters' names from every log line before it is written.
use Dancer2 appname => 'Tebren';

hook engine => { logger => { before_log => sub {
    my ($line) = @_;
    $line =~ s/\+?\d[\d ()-]{7,}\d/[phone]/g;
    $line =~ s/(reporter_name=)\S+/$1[name]/g;
    return $line;
} } };

1;
