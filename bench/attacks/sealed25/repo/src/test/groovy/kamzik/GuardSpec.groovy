package kamzik

import spock.lang.Specification

class GuardSpec extends Specification {
    def "only the probe and the hook are unguarded"() {
        expect:
        Guard.unguardedPaths == ['/zdravie', '/hook/signl4']
    }

    def "leader pages from the base only"() {
        expect:
        Guard.leaderNetOnly('10.63.28.40')
        !Guard.leaderNetOnly('192.0.2.7')
    }
}
