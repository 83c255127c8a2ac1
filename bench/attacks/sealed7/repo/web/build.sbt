ThisBuild / scalaVersion := "3.3.4"
ThisBuild / organization := "eu.ovenbird"

lazy val web = (project in file("."))
  .enablePlugins(PlayScala, JavaAppPackaging, DockerPlugin)
  .settings(
    name := "ovenbird-web",
    libraryDependencies ++= Seq(
      guice,
      jdbc,
      evolutions,
      "org.playframework" %% "play-jdbc" % "3.0.5",
      "org.postgresql" % "postgresql" % "42.7.4",
      "org.pac4j" %% "play-pac4j" % "12.0.0-PLAY3.0",
      "org.pac4j" % "pac4j-oidc" % "6.0.6",
      "org.scalatestplus.play" %% "scalatestplus-play" % "7.0.1" % Test
    ),
    dependencyCheckFailBuildOnCVSS := 7.0f,
    dependencyCheckSuppressionFile := Some(baseDirectory.value / "dependency-check-suppressions.xml"),
    Docker / packageName := "git.ovenbird.eu/ovenbird/web",
    dockerBaseImage := "eclipse-temurin:21-jre",
    Docker / daemonUserUid := Some("1001"),
    scalacOptions ++= Seq("-deprecation", "-Werror")
  )
