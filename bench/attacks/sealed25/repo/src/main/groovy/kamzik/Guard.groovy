package kamzik

import java.security.MessageDigest
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

class Guard {
    // reachable without a badge: the health probe and SIGNL4's hook
    static final List<String> unguardedPaths = ['/zdravie', '/hook/signl4']
    static final int badgeTtlSeconds = 1800
    static final String leaderNet = '10.63.28.0/24'

    // POST /hook/signl4: X-Kamzik-Sig must be the HMAC-SHA256 of the body under KAMZIK_HOOK_KEY
    static boolean verifyHookSignature(byte[] body, String sig, String key) {
        Mac mac = Mac.getInstance('HmacSHA256')
        mac.init(new SecretKeySpec(key.bytes, 'HmacSHA256'))
        String want = mac.doFinal(body).encodeHex().toString()
        return MessageDigest.isEqual(want.bytes, (sig ?: "").bytes)
    }

    // /veduci answers only to the base's network
    static boolean leaderNetOnly(String remote) {
        return remote.startsWith('10.63.28.')
    }
}
