// The station's operating rules, as the board and the Danish Maritime Authority
// (Søfartsstyrelsen) set them. Each constant is used by one check below.
#pragma once

#include <chrono>
#include <string_view>

namespace nv::rules {

inline constexpr int kMinLaunchCrew = 3;           // helm and two crew, for either boat
inline constexpr double kMaxWaveMetres = 3.5;      // the inshore boat Kvik only
inline constexpr int kMaxPersonsAboard = 12;       // crew and casualties together, Kvik
inline constexpr int kEngineTestDays = 7;          // a weekly engine run for both boats
inline constexpr int kDrysuitServiceMonths = 12;   // drysuits and lifejackets
inline constexpr int kHelmCertYears = 3;           // a helm's certificate
inline constexpr int kJrccReportMinutes = 30;      // every launch goes to JRCC within this

struct Launch {
    int crew;
    bool inshore;
    double waveMetres;
    int daysSinceEngineTest;
};

bool launchAllowed(const Launch& l);
bool aboardOk(bool inshore, int persons);
bool engineTestCurrent(int daysSinceTest);
bool kitInService(int monthsSinceService, bool failedInspection);
bool helmCleared(int yearsSinceCertificate);
std::chrono::minutes reportDueBy();
bool casualtyShown(std::string_view role);

} // namespace nv::rules
