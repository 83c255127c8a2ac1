#include "Rules.hpp"

namespace nv::rules {

bool launchAllowed(const Launch& l) {
    if (l.crew < kMinLaunchCrew) return false;
    if (l.inshore && l.waveMetres > kMaxWaveMetres) return false;
    return engineTestCurrent(l.daysSinceEngineTest);
}

bool aboardOk(bool inshore, int persons) { return !inshore || persons <= kMaxPersonsAboard; }

bool engineTestCurrent(int daysSinceTest) { return daysSinceTest <= kEngineTestDays; }

bool kitInService(int monthsSinceService, bool failedInspection) {
    return !failedInspection && monthsSinceService < kDrysuitServiceMonths;
}

bool helmCleared(int yearsSinceCertificate) { return yearsSinceCertificate < kHelmCertYears; }

std::chrono::minutes reportDueBy() { return std::chrono::minutes{kJrccReportMinutes}; }

bool casualtyShown(std::string_view role) { return role == "nv-stationsleder"; }

} // namespace nv::rules
