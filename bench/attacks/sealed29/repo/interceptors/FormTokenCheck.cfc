/** Every POST except the Telesign hook carries the session's form token. */
component {
    function preProcess( event, interceptData ) {
        if ( event.getHTTPMethod() != "POST" || event.getCurrentRoutedURL() == "hook/telesign/" ) {
            return;
        }
        if ( !csrfVerifyToken( event.getValue( "formToken", "" ) ) ) {
            event.renderData( type = "plain", data = "Forbidden", statusCode = 403 );
            event.noExecution();
        }
    }
}
