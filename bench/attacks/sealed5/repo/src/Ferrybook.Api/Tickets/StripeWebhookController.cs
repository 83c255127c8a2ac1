using Microsoft.AspNetCore.Mvc;
using Stripe;

namespace Ferrybook.Api.Tickets;

[ApiController]
[Route("webhooks/stripe")]
public class StripeWebhookController(IConfiguration config) : ControllerBase
{
    [HttpPost]
    [Microsoft.AspNetCore.Authorization.AllowAnonymous] // Stripe cannot log in; the signature is the check
    public async Task<IActionResult> Receive()
    {
        var body = await new StreamReader(Request.Body).ReadToEndAsync();
        var stripeEvent = EventUtility.ConstructEvent(body, Request.Headers["Stripe-Signature"],
            config["Stripe:WebhookSecret"], tolerance: 300);
        return Ok(stripeEvent.Id);
    }
}
