package auth

import javax.inject.Inject
import org.pac4j.core.profile.UserProfile
import org.pac4j.play.scala.{Security, SecurityComponents}

/** Roles come from Authelia's `groups` claim: ovenbird-staff, ovenbird-guardians, ovenbird-admins.
  * Kiosks authenticate with a per-device token (kiosk_tokens table, hashed with SHA-256) behind
  * HAProxy's client-certificate check. There is no other way in. */
class Secured @Inject() (val controllerComponents: SecurityComponents) extends Security[UserProfile]:
  val staffClients = "OidcClient"
  def requireAmr(profile: UserProfile, twoFactor: Boolean): Boolean =
    !twoFactor || profile.getAttribute("amr").toString.contains("otp") ||
      profile.getAttribute("amr").toString.contains("hwk")
