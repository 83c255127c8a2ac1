package care.phial.hooks;

import jakarta.ws.rs.*;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Mailjet's event webhook (bounces of "your prescription is ready" mails). The only route
 * outside OIDC; Mailjet sends basic-auth credentials we gave it, compared in constant time. */
@Path("/hooks/mailjet")
public class MailjetEvents {

    @ConfigProperty(name = "phial.mailjet.webhook-user") String user;
    @ConfigProperty(name = "phial.mailjet.webhook-password") String password;

    @POST
    public Response event(@HeaderParam("Authorization") String auth, String body) {
        String expected = "Basic " + Base64.getEncoder().encodeToString(
                (user + ":" + password).getBytes(StandardCharsets.UTF_8));
        if (auth == null || !MessageDigest.isEqual(auth.getBytes(StandardCharsets.UTF_8),
                expected.getBytes(StandardCharsets.UTF_8))) {
            return Response.status(401).build();
        }
        BounceLog.record(body);
        return Response.noContent().build();
    }
}
