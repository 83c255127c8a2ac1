import jetbrains.buildServer.configs.kotlin.*

version = "2024.03"

project {
    buildType(Test)
    buildType(Release)
}

object Test : BuildType({
    name = "Test"
    steps {
        script { scriptContent = "lazbuild tests/testjohtalus.lpi && ./tests/testjohtalus --all --format=plain" }
        script { scriptContent = "cobc -x -o bin/fees fees/FEES.cbl" }
    }
    triggers { vcs { } }
})

object Release : BuildType({
    name = "Release"
    // no VCS trigger: started by hand by the johtalus-release group
    steps {
        script { scriptContent = "guix build -f guix.scm" }
        script { scriptContent = "git tag -s v${'$'}{build.number} -m release" }
    }
})
