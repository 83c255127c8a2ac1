/** Answers 421 to any Host header other than the canonical one. */
component {
    property name="settings" inject="coldbox:configSettings";

    function preProcess( event, interceptData ) {
        if ( cgi.http_host != settings.canonicalHost && cgi.http_host != "127.0.0.1:8563" ) {
            event.renderData( type = "plain", data = "Misdirected Request", statusCode = 421 );
            event.noExecution();
        }
    }
}
