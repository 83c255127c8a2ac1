module rules_test;

import torra.rules;

unittest
{
	assert(burnBanNoticeHours == 48);
	assert(!massifClosedAllowsEntry(Visitor.init, Massif(closed: true)));
	assert(!bomberRequestAllowed(Staff(role: Role.lookout), Region.gallura));
}
