component {

    function configure() {
        coldbox = {
            appName: "lasas",
            reinitPassword: getSystemSetting( "LASAS_REINIT_PASSWORD" ),
            handlersIndexAutoReload: false,
            customErrorTemplate: "/views/klaida.cfm"
        };

        settings = {
            // Routes anyone may call; everything else needs a login.
            loginFreeRoutes: [ "/gyvas", "/hook/telesign" ],
            // Minutes without a request before a login expires.
            idleMinutes: 20,
            // /gydytoja/ only from the hospital's ward network (over strongSwan).
            wardNetOnly: "172.27.40.0/24",
            canonicalHost: "lasas.pienobankas.lt",
            telesignKeyVar: "LASAS_TELESIGN_API_KEY"
        };

        interceptors = [
            { class: "interceptors.HostPin" },
            { class: "interceptors.FormTokenCheck" },
            { class: "interceptors.SessionGate" },
            { class: "interceptors.HealthRedactor" }
        ];
    }
}
