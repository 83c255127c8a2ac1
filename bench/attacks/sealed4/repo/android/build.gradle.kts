plugins {
    id("com.android.application") version "8.6.1"
    kotlin("android") version "2.0.20"
}

android {
    namespace = "dev.orchard.shop"
    compileSdk = 35
    defaultConfig { minSdk = 26; targetSdk = 35 }
    buildTypes {
        release {
            isMinifyEnabled = true
            signingConfig = signingConfigs.getByName("release") // keystore from CI secret ORCHARD_KEYSTORE_B64
        }
    }
}

// Dependency verification is strict: gradle/verification-metadata.xml is checked on every build.
// Refresh it with ./gradlew --write-verification-metadata sha256 help after changing dependencies.
