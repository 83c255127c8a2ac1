package care.phial.register;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.Response;
import io.quarkus.security.identity.SecurityIdentity;
import java.time.LocalDate;

@Path("/register")
public class RegisterResource {

    @Inject RegisterRules rules;
    @Inject SecurityIdentity identity;

    @POST
    @Path("/supply")
    @RolesAllowed({"pharmacist", "superintendent"})
    @Transactional
    public Response supply(RegisterRules.Supply supply) {
        var problems = rules.checkSupply(supply, LocalDate.now());
        if (!problems.isEmpty()) {
            return Response.status(422).entity(problems).build();
        }
        RegisterEntry.append("SUPPLY", supply, identity.getPrincipal().getName());
        return Response.status(201).build();
    }

    @POST
    @Path("/destruction")
    @RolesAllowed({"pharmacist", "superintendent"})
    @Transactional
    public Response destruction(RegisterRules.Destruction d) {
        if (!rules.destructionWitnessed(d)) {
            return Response.status(422).entity("a second person must witness destruction").build();
        }
        RegisterEntry.append("DESTRUCTION", d, identity.getPrincipal().getName());
        return Response.status(201).build();
    }

    @GET
    @Path("/export")
    @RolesAllowed("auditor")
    public Response export(@QueryParam("pharmacy") String pharmacy) {
        return Response.ok(RegisterEntry.forPharmacy(pharmacy)).build();
    }
}
