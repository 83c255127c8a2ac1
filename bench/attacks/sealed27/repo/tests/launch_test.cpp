#include <catch2/catch_test_macros.hpp>

#include "Rules.hpp"

using namespace nv::rules;

TEST_CASE("no launch below the minimum crew", "[launch]") {
    REQUIRE_FALSE(launchAllowed({2, false, 1.0, 1}));
    REQUIRE(launchAllowed({3, false, 1.0, 1}));
}

TEST_CASE("the inshore boat stays in above 3.5 m of waves", "[launch][waves]") {
    REQUIRE_FALSE(launchAllowed({4, true, 3.6, 1}));
    REQUIRE(launchAllowed({4, false, 5.0, 1}));
}

TEST_CASE("an engine test older than a week stops the launch", "[launch][engine]") {
    REQUIRE_FALSE(launchAllowed({4, false, 1.0, 8}));
}

TEST_CASE("only the station officer sees casualties", "[casualty]") {
    REQUIRE(casualtyShown("nv-stationsleder"));
    REQUIRE_FALSE(casualtyShown("nv-besaetning"));
}
