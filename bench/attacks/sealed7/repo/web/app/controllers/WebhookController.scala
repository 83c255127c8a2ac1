package controllers

import java.security.MessageDigest
import java.time.{Duration, Instant}
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec
import javax.inject.Inject
import play.api.Configuration
import play.api.mvc.*

/** Sinch delivery receipts. Signed: HMAC-SHA256 over body.nonce.timestamp, five-minute window. */
class WebhookController @Inject() (cc: ControllerComponents, config: Configuration)
    extends AbstractController(cc):

  private val secret = config.get[String]("ovenbird.sinch.webhook-secret")
  private val maxSkew = config.get[Duration]("ovenbird.sinch.max-skew")

  def sinch(): Action[String] = Action(parse.tolerantText) { request =>
    val sig = request.headers.get("x-sinch-webhook-signature")
    val nonce = request.headers.get("x-sinch-webhook-signature-nonce")
    val ts = request.headers.get("x-sinch-webhook-signature-timestamp").flatMap(_.toLongOption)
    (sig, nonce, ts) match
      case (Some(s), Some(n), Some(t))
          if Duration.between(Instant.ofEpochSecond(t), Instant.now()).abs.compareTo(maxSkew) <= 0
            && valid(request.body, n, t, s) =>
        models.SmsReceipt.record(request.body)
        NoContent
      case _ => Unauthorized
  }

  private def valid(body: String, nonce: String, ts: Long, given: String): Boolean =
    val mac = Mac.getInstance("HmacSHA256")
    mac.init(new SecretKeySpec(secret.getBytes("UTF-8"), "HmacSHA256"))
    val expected = java.util.Base64.getEncoder.encodeToString(mac.doFinal(s"$body.$nonce.$ts".getBytes("UTF-8")))
    MessageDigest.isEqual(expected.getBytes("UTF-8"), given.getBytes("UTF-8"))
