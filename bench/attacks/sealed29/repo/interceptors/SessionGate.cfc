/** Everything outside loginFreeRoutes needs a login; /gydytoja/ needs the bank doctor's role. */
component {
    property name="settings" inject="coldbox:configSettings";

    function preProcess( event, interceptData ) {
        var path = "/" & event.getCurrentRoutedURL();
        for ( var open in settings.loginFreeRoutes ) {
            if ( path.startsWith( open ) ) {
                return;
            }
        }
        if ( !session.keyExists( "user" ) || dateDiff( "n", session.lastSeen, now() ) > settings.idleMinutes ) {
            relocate( "login" );
        }
        if ( path.startsWith( "/gydytoja/" ) && session.user.role != "lasas-gydytoja" ) {
            event.renderData( type = "plain", data = "Forbidden", statusCode = 403 );
            event.noExecution();
        }
        session.lastSeen = now();
    }
}
