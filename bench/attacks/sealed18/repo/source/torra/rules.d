module torra.rules;

/// A burn ban is shown to every commune this many hours before it starts.
enum burnBanNoticeHours = 48;

/// Nobody enters a closed massif, whatever their business.
bool massifClosedAllowsEntry(Visitor v, Massif m) pure
{
	return !m.closed;
}

/// A water bomber is asked for only by the region's CODIS coordinator.
bool bomberRequestAllowed(Staff s, Region r) pure
{
	return s.role == Role.codisCoordinator && s.region == r;
}

/// The risk level changes only with a recorded prefecture order.
bool riskLevelChangeAllowed(RiskChange c) pure
{
	return c.prefectureOrder.length > 0;
}

/// A region sees its own towers' sightings, never another region's lookouts.
Sighting[] regionView(Region r, Sighting[] all)
{
	import std.algorithm : filter;
	import std.array : array;
	return all.filter!(s => s.region == r).array;
}

/// Sightings are append-only: a correction is a new record.
enum sightingsAppendOnly = true;
