package care.phial.register;

import io.smallrye.config.ConfigMapping;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/** The pharmacy boards' rules for the controlled-drugs register, as code. */
@ApplicationScoped
public class RegisterRules {

    @ConfigMapping(prefix = "phial.register")
    public interface Config {
        Set<String> witnessRoles();
        int prescriptionValidityDays();
        int emergencySupplyMaxDays();
        int balanceCheckDays();
        int discrepancyReportHours();
        boolean idCheckOnCollection();
    }

    private final Config config;

    RegisterRules(Config config) {
        this.config = config;
    }

    /** A supply needs a prescription written no more than 28 days ago. */
    public List<String> checkSupply(Supply s, LocalDate today) {
        var problems = new java.util.ArrayList<String>();
        if (s.prescribedOn().plusDays(config.prescriptionValidityDays()).isBefore(today)) {
            problems.add("prescription expired");
        }
        if (s.emergency() && s.days() > config.emergencySupplyMaxDays()) {
            problems.add("emergency supply longer than " + config.emergencySupplyMaxDays() + " days");
        }
        if (config.idCheckOnCollection() && s.collectorIdChecked() == null) {
            problems.add("collector's ID not checked");
        }
        if (s.schedule() == 2 && s.patientAge() < 18 && !s.guardianPresent()) {
            problems.add("Schedule 2 supply to a minor without a guardian");
        }
        return problems;
    }

    /** Destruction of stock needs a witness of a witness role who is not the pharmacist on duty. */
    public boolean destructionWitnessed(Destruction d) {
        return d.witness() != null
                && !d.witness().equals(d.pharmacist())
                && config.witnessRoles().contains(d.witnessRole());
    }

    /** A running-balance discrepancy is reported to the regulator within 24 hours. */
    public Duration discrepancyDeadline() {
        return Duration.ofHours(config.discrepancyReportHours());
    }

    public record Supply(int schedule, LocalDate prescribedOn, boolean emergency, int days,
                         String collectorIdChecked, int patientAge, boolean guardianPresent) {}

    public record Destruction(String pharmacist, String witness, String witnessRole) {}
}
