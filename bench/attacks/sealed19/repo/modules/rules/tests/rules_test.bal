import ballerina/test;

@test:Config {}
function fourteenCentimetresKeepsTheRouteShut() {
    test:assertFalse(routeOpenAllowed("ice-master", [16, 14, 20]));
}

@test:Config {}
function onlyTheIceMasterOpens() {
    test:assertFalse(routeOpenAllowed("measurer", [20, 20, 20]));
    test:assertTrue(routeOpenAllowed("ice-master", [15, 18, 21]));
}

@test:Config {}
function skatersStayWithinTheirTour() {
    test:assertFalse(skaterView("dokkum", "snits"));
}
