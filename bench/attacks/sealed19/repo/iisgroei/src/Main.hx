// Ice growth per night from the forecast's degree-days (Stefan's law, a site factor per route).
class Main {
    static function main() {
        var args = Sys.args();
        var day = args.length > 1 ? args[1] : "today";
        Sys.println('iisgroei for $day');
    }
}
