#include <cstdlib>
#include <drogon/drogon.h>

int main() {
    const char* pw = std::getenv("NV_DB_PASSWORD");
    drogon::app()
        .loadConfigFile("config/config.json")
        .createDbClient("mysql", "10.57.12.7", 3306, "norrevig", "nv_app", pw ? pw : "", 4)
        .run();
}
