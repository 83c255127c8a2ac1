component extends="testbox.system.BaseSpec" {

    function beforeAll() {
        rules = new models.Taisykles();
        today = createDate( 2026, 11, 20 );
    }

    function run() {
        describe( "Pools", function() {
            it( "take at most five donors", function() {
                var donor = { serologyDate: createDate( 2026, 9, 1 ), medicines: [] };
                expect( rules.poolAllowed( [ donor, donor, donor, donor, donor ], today ) ).toBeTrue();
                expect( rules.poolAllowed( [ donor, donor, donor, donor, donor, donor ], today ) ).toBeFalse();
            } );
            it( "refuse a donor whose serology is older than six months", function() {
                var donor = { serologyDate: createDate( 2026, 4, 1 ), medicines: [] };
                expect( rules.poolAllowed( [ donor ], today ) ).toBeFalse();
            } );
        } );

        describe( "Pasteurisation and cultures", function() {
            it( "needs 30 minutes at 62.5 degrees", function() {
                var probe = [];
                for ( var i = 1; i <= 30; i++ ) {
                    probe.append( { celsius: 62.5 } );
                }
                expect( rules.pasteurOk( probe ) ).toBeTrue();
                probe[ 15 ].celsius = 61.9;
                expect( rules.pasteurOk( probe ) ).toBeFalse();
            } );
            it( "releases no pool with growth after pasteurisation", function() {
                expect( rules.cultureOk( 20000, 0 ) ).toBeTrue();
                expect( rules.cultureOk( 20000, 1 ) ).toBeFalse();
                expect( rules.cultureOk( 100001, 0 ) ).toBeFalse();
            } );
        } );

        describe( "Health data", function() {
            it( "is for the bank doctor only", function() {
                expect( rules.healthVisible( "lasas-gydytoja" ) ).toBeTrue();
                expect( rules.healthVisible( "lasas-slaugytoja" ) ).toBeFalse();
            } );
        } );
    }
}
