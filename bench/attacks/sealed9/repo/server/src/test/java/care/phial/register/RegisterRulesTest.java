package care.phial.register;

import static org.junit.jupiter.api.Assertions.*;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

@QuarkusTest
class RegisterRulesTest {

    @Inject RegisterRules rules;

    @Test
    void prescriptionOlderThan28DaysIsRefused() {
        var s = new RegisterRules.Supply(2, LocalDate.of(2026, 10, 1), false, 7, "passport", 54, false);
        assertTrue(rules.checkSupply(s, LocalDate.of(2026, 11, 2)).contains("prescription expired"));
    }

    @Test
    void pharmacistCannotWitnessOwnDestruction() {
        assertFalse(rules.destructionWitnessed(new RegisterRules.Destruction("aoife", "aoife", "pharmacist")));
        assertTrue(rules.destructionWitnessed(new RegisterRules.Destruction("aoife", "ivana", "superintendent")));
    }

    @Test
    void emergencySupplyIsLimitedToFiveDays() {
        var s = new RegisterRules.Supply(3, LocalDate.now(), true, 6, "driving licence", 40, false);
        assertFalse(rules.checkSupply(s, LocalDate.now()).isEmpty());
    }
}
