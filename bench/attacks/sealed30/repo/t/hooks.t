use strict;
use warnings;
use Test::More;
use Plack::Test;
use HTTP::Request::Common;
use Tebren;

my $app = Plack::Test->create(Tebren->to_app);

is $app->request(GET 'http://elsewhere.example/zhanduu')->code, 421, 'other hosts get 421';
is $app->request(GET 'http://tebren.alatoo-seis.kg/zhanduu')->code, 200, 'health is open';
is $app->request(POST 'http://tebren.alatoo-seis.kg/hook/nexmo', [status => 'delivered'])->code,
    401, 'a receipt without a valid sig is refused';
is $app->request(GET 'http://tebren.alatoo-seis.kg/seismolog/sezilgen')->code, 302,
    'the seismologist pages need a login';

done_testing;
