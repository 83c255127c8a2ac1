"""CI for nv: build and test in a pinned Oracle Linux 9 image; sign only for v tags."""

import dagger
from dagger import dag, function, object_type

IMAGE = "container-registry.oracle.com/os/oraclelinux:9"


@object_type
class NvCi:
    @function
    async def test(self, source: dagger.Directory) -> str:
        return await (
            dag.container().from_(IMAGE)
            .with_directory("/src", source).with_workdir("/src")
            .with_exec(["sh", "-c", "conan install . --build=missing && cmake --preset release"
                        " && cmake --build --preset release && ctest --preset release"])
            .stdout()
        )

    @function
    async def release(self, source: dagger.Directory, tag: str,
                      signing_key: dagger.Secret) -> dagger.File:
        if not tag.startswith("v"):
            raise ValueError("releases are signed for v tags only")
        built = dag.container().from_(IMAGE).with_directory("/src", source)
        return (built.with_secret_variable("NV_SIGN_KEY", signing_key)
                .with_exec(["script/sign-udgivelse", tag]).file(f"/src/nv-{tag}.tar.gz.sig"))
