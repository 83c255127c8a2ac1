use rust_decimal::Decimal;

/// Basket prices are Decimal, rounded half-even to the cent; never f64.
fn round_cents(v: Decimal) -> Decimal {
    v.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointNearestEven)
}

#[tokio::main]
async fn main() {
    let queue = std::env::var("ORCHARD_QUEUE_URL").unwrap_or_else(|_| "redis://localhost:6379/1".into());
    println!("worker on {queue} {}", round_cents(Decimal::new(1005, 3)));
}
