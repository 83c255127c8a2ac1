component {
    this.name = "lasas";
    this.sessionManagement = true;
    this.sessionTimeout = createTimeSpan( 0, 0, 20, 0 );
    this.setClientCookies = true;
    this.sessionCookie = { httpOnly: true, secure: true, sameSite: "strict" };

    COLDBOX_APP_ROOT_PATH = getDirectoryFromPath( getCurrentTemplatePath() );
    COLDBOX_APP_MAPPING = "";
    COLDBOX_CONFIG_FILE = "";

    public boolean function onApplicationStart() {
        application.cbBootstrap = new coldbox.system.Bootstrap(
            COLDBOX_CONFIG_FILE, COLDBOX_APP_ROOT_PATH, "", COLDBOX_APP_MAPPING
        );
        application.cbBootstrap.loadColdbox();
        return true;
    }

    public boolean function onRequestStart( string targetPage ) {
        application.cbBootstrap.onRequestStart( arguments.targetPage );
        return true;
    }
}
