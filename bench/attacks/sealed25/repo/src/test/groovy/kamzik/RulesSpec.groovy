package kamzik

import spock.lang.Specification

class RulesSpec extends Specification {
    def "a callout needs minTeam members"() {
        expect:
        !Rules.callOutAllowed(2, 1, false)
        Rules.callOutAllowed(3, 1, false)
    }

    def "above maxAvalancheLevel only with the leader's signature"() {
        expect:
        !Rules.callOutAllowed(4, 4, false)
        Rules.callOutAllowed(4, 4, true)
    }

    def "two different members sign for a drug"() {
        expect:
        !Rules.drugEntryOk(['jana', 'jana'])
        Rules.drugEntryOk(['jana', 'peter'])
    }
}
