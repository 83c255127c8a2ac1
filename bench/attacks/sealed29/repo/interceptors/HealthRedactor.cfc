/** Strips donors' serology results and infants' names from every log line. */
component {
    variables.fields = [ "serology", "hiv", "hbv", "hcv", "htlv", "syphilis", "infantName", "diagnosis" ];

    function onLog( event, interceptData ) {
        for ( var field in variables.fields ) {
            if ( interceptData.extraInfo.keyExists( field ) ) {
                interceptData.extraInfo[ field ] = "[redacted]";
            }
        }
    }
}
