using System.Net;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.AspNetCore.HttpOverrides;
using Microsoft.AspNetCore.RateLimiting;
using Microsoft.IdentityModel.Tokens;

var builder = WebApplication.CreateBuilder(args);

builder.Services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme)
    .AddJwtBearer(options =>
    {
        options.Authority = builder.Configuration["Jwt:Authority"];
        options.RequireHttpsMetadata = true;
        options.TokenValidationParameters = new TokenValidationParameters
        {
            ValidateIssuer = true,
            ValidateAudience = true,
            ValidateLifetime = true,
            ValidateIssuerSigningKey = true,
            RequireSignedTokens = true,
            ValidAudience = "ferrybook-api",
            ClockSkew = TimeSpan.FromMinutes(2),
        };
    });

builder.Services.AddAuthorization(o =>
{
    o.AddPolicy("Crew", p => p.RequireClaim("role", "crew"));
    o.AddPolicy("OperatorAdmin", p => p.RequireClaim("role", "operator-admin"));
});

// Caddy is the only proxy: 10.40.0.10 on the private network.
builder.Services.Configure<ForwardedHeadersOptions>(options =>
{
    options.ForwardedHeaders = ForwardedHeaders.XForwardedFor | ForwardedHeaders.XForwardedProto;
    options.KnownProxies.Add(IPAddress.Parse("10.40.0.10"));
    options.ForwardLimit = 1;
});

builder.Services.AddRateLimiter(o => o.AddFixedWindowLimiter("bookings", w =>
{
    w.PermitLimit = 30;
    w.Window = TimeSpan.FromMinutes(1);
}));

var app = builder.Build();
app.UseForwardedHeaders();
app.UseHsts();
app.UseAuthentication();
app.UseAuthorization();
app.UseRateLimiter();
app.MapControllers().RequireAuthorization();
app.Run();
