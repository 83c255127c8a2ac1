using Microsoft.EntityFrameworkCore;

namespace Ferrybook.Api.Data;

public class FerrybookDbContext(DbContextOptions<FerrybookDbContext> options, ITenant tenant)
    : DbContext(options)
{
    public DbSet<Ticket> Tickets => Set<Ticket>();
    public DbSet<Departure> Departures => Set<Departure>();

    protected override void OnModelCreating(ModelBuilder model)
    {
        // Every operator sees only its own rows; the operator comes from the token's operator_id claim.
        model.Entity<Ticket>().HasQueryFilter(t => t.OperatorId == tenant.OperatorId);
        model.Entity<Departure>().HasQueryFilter(d => d.OperatorId == tenant.OperatorId);
        model.Entity<Ticket>().Property(t => t.Price).HasPrecision(10, 2);
    }
}
