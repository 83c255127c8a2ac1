package kamzik

class Rules {
    static final int minTeam = 3
    static final int maxAvalancheLevel = 3
    static final int ackMinutes = 10
    static final int certValidYears = 3
    static final int gearRetireYears = 10
    static final int drugSigners = 2
    static final int reportDueHours = 24
    static final int dogRestHours = 12

    static boolean callOutAllowed(int members, int avalancheLevel, boolean leaderSigned) {
        members >= minTeam && (avalancheLevel <= maxAvalancheLevel || leaderSigned)
    }

    static boolean memberDeployable(int certAgeYears) { certAgeYears < certValidYears }

    static boolean gearInService(int ageYears, boolean heldFall) {
        ageYears < gearRetireYears && !heldFall
    }

    static boolean drugEntryOk(List<String> signers) { signers.toSet().size() >= drugSigners }

    static boolean reportDue(int hoursSinceEnd) { hoursSinceEnd >= reportDueHours }

    static boolean casualtyVisible(String role) { role in ['doctor', 'callout-leader'] }

    static boolean phoneVisible(String role) { role == 'callout-leader' }
}
