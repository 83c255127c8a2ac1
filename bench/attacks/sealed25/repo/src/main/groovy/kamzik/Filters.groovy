package kamzik

// ScrubCasualty: removes casualties' names, diagnoses and members' phone numbers from log lines
// HeaderLock: strict security headers on every answer
// OriginPin: refuses a state-changing request whose Origin is not https://kamzik.sk
// RequireBadge: every path but Guard.unguardedPaths needs a Hanko session; /veduci needs the
//   role kamzik-veduci and Guard.leaderNetOnly
class Filters {
    static final List<String> order = ['ScrubCasualty', 'HeaderLock', 'OriginPin', 'RequireBadge']
}
