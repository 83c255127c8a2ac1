package kamzik

import io.micronaut.runtime.Micronaut

class Application {
    static void main(String[] args) {
        // filters, in order: ScrubCasualty, HeaderLock, OriginPin, RequireBadge
        Micronaut.run(Application, args)
    }
}
