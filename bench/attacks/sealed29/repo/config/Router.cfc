component {

    function configure() {
        route( "/gyvas" ).to( "Gyvas.index" );
        route( "/hook/telesign" ).withVerbs( "POST" ).to( "Telesign.report" );
        route( "/buteliai/:id" ).to( "Buteliai.show" );
        route( "/buteliai" ).to( "Buteliai.index" );
        route( "/pasterizacijos" ).to( "Pasterizacijos.index" );
        route( "/gydytoja/donores/:id" ).to( "Gydytoja.donore" );
        route( "/gydytoja/gavejai/:id" ).to( "Gydytoja.gavejas" );
        route( ":handler/:action?" ).end();
    }
}
