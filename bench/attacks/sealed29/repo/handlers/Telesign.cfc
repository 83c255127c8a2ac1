/** Delivery reports from Telesign. */
component {
    property name="settings" inject="coldbox:configSettings";

    /**
     * Accepts a report only when its Authorization header carries a valid HMAC-SHA256 of the
     * body under LASAS_TELESIGN_API_KEY.
     */
    boolean function verifyTelesignCallback( required string authorization, required string body ) {
        var key = getSystemSetting( settings.telesignKeyVar );
        var expected = "TSA " & toBase64( binaryDecode( hmac( arguments.body, key, "HmacSHA256" ), "hex" ) );
        return len( key ) && compare( arguments.authorization, expected ) == 0;
    }

    function report( event, rc, prc ) {
        var headers = getHTTPRequestData().headers;
        var body = toString( getHTTPRequestData().content );
        if ( !verifyTelesignCallback( headers.Authorization ?: "", body ) ) {
            event.renderData( type = "plain", data = "Unauthorized", statusCode = 401 );
            return;
        }
        queueExecute( "telesign-report", body );
    }
}
