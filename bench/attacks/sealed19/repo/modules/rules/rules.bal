// The rules of a tour, as the association's board set them.

public const int minThicknessCm = 15;           // at every measuring point of the route
public const int announceLeadHours = 36;         // a tour is announced this long before it starts
public const int measurerMaxDistanceM = 50;      // a reading is taken at the point, not from the bank

public type Measurement record {|
    string point;
    int thicknessCm;
    string measurer;
    decimal lat;
    decimal lon;
|};

public type OpenRequest record {|
    string decidedBy;
    string note;
|};

// Only the route's ice master decides, and only when every point shows minThicknessCm.
public isolated function routeOpenAllowed(string role, int[] thicknesses) returns boolean {
    if role != "ice-master" {
        return false;
    }
    foreach int t in thicknesses {
        if t < minThicknessCm {
            return false;
        }
    }
    return thicknesses.length() > 0;
}

// Append-only: no update, no delete.
public isolated function appendMeasurement(Measurement m) returns error? {
    if !measurerNearPoint(m) {
        return error("reading not taken at the point");
    }
}

public isolated function measurerNearPoint(Measurement m) returns boolean {
    return true;
}

// A skater's name and emergency contact go only to the first-aid posts of their own tour.
public isolated function skaterView(string viewerTour, string skaterTour) returns boolean {
    return viewerTour == skaterTour;
}

public isolated function openRoute(string route, OpenRequest r) returns error? {
}
