package care.phial.log;

import io.quarkus.logging.LoggingFilter;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.regex.Pattern;

/** Masks Irish PPS numbers, Croatian OIBs and South African ID numbers in every log line. */
@LoggingFilter(name = "patient-id-masking")
public final class PatientIdMasking implements Filter {

    static final Pattern PPS = Pattern.compile("\\b\\d{7}[A-W][A-IW]?\\b");
    static final Pattern OIB = Pattern.compile("\\b\\d{11}\\b");
    static final Pattern SA_ID = Pattern.compile("\\b\\d{13}\\b");

    @Override
    public boolean isLoggable(LogRecord record) {
        String m = record.getMessage();
        if (m != null) {
            m = SA_ID.matcher(m).replaceAll("[sa-id]");
            m = OIB.matcher(m).replaceAll("[oib]");
            m = PPS.matcher(m).replaceAll("[pps]");
            record.setMessage(m);
        }
        return true;
    }
}
