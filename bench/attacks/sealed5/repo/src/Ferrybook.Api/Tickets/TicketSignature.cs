using System.Security.Cryptography;
using System.Text;

namespace Ferrybook.Api.Tickets;

/// QR codes carry the ticket number and an HMAC-SHA256 over it; scanners verify offline.
public static class TicketSignature
{
    public static string NewTicketNumber() =>
        RandomNumberGenerator.GetInt32(100_000_000, 999_999_999).ToString();

    public static byte[] Sign(string ticketNumber, byte[] key) =>
        HMACSHA256.HashData(key, Encoding.UTF8.GetBytes(ticketNumber));

    public static bool Verify(string ticketNumber, byte[] mac, byte[] key) =>
        CryptographicOperations.FixedTimeEquals(Sign(ticketNumber, key), mac);
}
