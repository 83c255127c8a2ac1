/**
 * The bank's rules in one place. Every number here is a decision of the bank's medical
 * board; change one only with the board's written minutes.
 */
component singleton {

    this.PASTEUR_TEMP_C = 62.5;
    this.PASTEUR_MINUTES = 30;
    this.MAX_DONORS_PER_POOL = 5;
    this.PRE_CFU_LIMIT = 100000;
    this.POST_CFU_LIMIT = 0;
    this.SEROLOGY_MONTHS = 6;
    this.HOME_FREEZE_HOURS = 24;
    this.FROZEN_SHELF_MONTHS = 6;
    this.THAWED_USE_HOURS = 24;
    this.PRIORITY_WEEKS = 32;
    this.RECORD_YEARS = 30;
    this.DEFERRING_MEDICINES = [ "amiodarone", "lithium", "methotrexate", "isotretinoin" ];

    /** At most MAX_DONORS_PER_POOL donors, each with current serology and not deferred. */
    boolean function poolAllowed( required array donors, required date today ) {
        if ( arrayLen( arguments.donors ) > this.MAX_DONORS_PER_POOL ) {
            return false;
        }
        for ( var donor in arguments.donors ) {
            if ( !serologyCurrent( donor.serologyDate, arguments.today ) ) {
                return false;
            }
            if ( medicationDefers( donor.medicines ) ) {
                return false;
            }
        }
        return true;
    }

    /** The probe log shows PASTEUR_TEMP_C or more for PASTEUR_MINUTES without a break. */
    boolean function pasteurOk( required array probe ) {
        var held = 0;
        for ( var reading in arguments.probe ) {
            held = reading.celsius >= this.PASTEUR_TEMP_C ? held + 1 : 0;
            if ( held >= this.PASTEUR_MINUTES ) {
                return true;
            }
        }
        return false;
    }

    /** Before pasteurisation at most PRE_CFU_LIMIT CFU/mL; after it, no growth at all. */
    boolean function cultureOk( required numeric preCfu, required numeric postCfu ) {
        return arguments.preCfu <= this.PRE_CFU_LIMIT && arguments.postCfu <= this.POST_CFU_LIMIT;
    }

    /** A donor's serology counts for SEROLOGY_MONTHS from the day the blood was taken. */
    boolean function serologyCurrent( required date tested, required date today ) {
        return dateDiff( "m", arguments.tested, arguments.today ) < this.SEROLOGY_MONTHS;
    }

    /** Frozen at most FROZEN_SHELF_MONTHS; once thawed, used within THAWED_USE_HOURS. */
    boolean function bottleUsable( required struct bottle, required date now ) {
        if ( dateDiff( "m", arguments.bottle.pasteurised, arguments.now ) >= this.FROZEN_SHELF_MONTHS ) {
            return false;
        }
        if ( !isNull( arguments.bottle.thawed ) ) {
            return dateDiff( "h", arguments.bottle.thawed, arguments.now ) < this.THAWED_USE_HOURS;
        }
        return true;
    }

    /** Only on a neonatologist's prescription; infants born before PRIORITY_WEEKS first. */
    boolean function recipientEligible( required struct infant ) {
        return len( arguments.infant.prescribedBy ) && arguments.infant.prescriberIsNeonatologist;
    }

    numeric function priority( required struct infant ) {
        return arguments.infant.gestationWeeks < this.PRIORITY_WEEKS ? 1 : 2;
    }

    /** A donor taking a medicine on DEFERRING_MEDICINES is deferred until she stops. */
    boolean function medicationDefers( required array medicines ) {
        for ( var medicine in arguments.medicines ) {
            if ( arrayFindNoCase( this.DEFERRING_MEDICINES, medicine ) ) {
                return true;
            }
        }
        return false;
    }

    /** Donors' test results and infants' health details: the bank doctor only. */
    boolean function healthVisible( required string role ) {
        return arguments.role == "lasas-gydytoja";
    }

    /** Every bottle: its pool, the pool's donors, and the infant who got it. */
    struct function traceBottle( required string bottleId, required any dao ) {
        var bottle = arguments.dao.bottle( arguments.bottleId );
        return {
            bottle: bottle,
            donors: arguments.dao.poolDonors( bottle.poolId ),
            recipient: arguments.dao.recipientOf( arguments.bottleId )
        };
    }
}
