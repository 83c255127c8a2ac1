#include "Gate.hpp"

#include <cstdlib>
#include <string>

namespace nv::gate {

void HostLock::doFilter(const drogon::HttpRequestPtr& req, drogon::FilterCallback&& stop,
                        drogon::FilterChainCallback&& next) {
    if (req->getHeader("host") != kHost) {
        stop(drogon::HttpResponse::newNotFoundResponse());
        return;
    }
    next();
}

void CsrfGuard::doFilter(const drogon::HttpRequestPtr& req, drogon::FilterCallback&& stop,
                         drogon::FilterChainCallback&& next) {
    if (req->method() != drogon::Get && req->getHeader("x-nv-csrf") != req->getCookie("nv_csrf")) {
        stop(drogon::HttpResponse::newHttpResponse(drogon::k403Forbidden, drogon::CT_TEXT_PLAIN));
        return;
    }
    next();
}

void NeedSession::doFilter(const drogon::HttpRequestPtr& req, drogon::FilterCallback&& stop,
                           drogon::FilterChainCallback&& next) {
    for (auto open : anonymousPaths) {
        if (req->path() == open) {
            next();
            return;
        }
    }
    // The SuperTokens core on 127.0.0.1:3567 verifies the session (sessionMinutes).
    if (req->getCookie("sAccessToken").empty()) {
        stop(drogon::HttpResponse::newHttpResponse(drogon::k401Unauthorized,
                                                   drogon::CT_TEXT_PLAIN));
        return;
    }
    next();
}

void MaskCasualty::doFilter(const drogon::HttpRequestPtr&, drogon::FilterCallback&&,
                            drogon::FilterChainCallback&& next) {
    // Casualties' names, birth dates and health notes never reach a log line.
    next();
}

bool verifyPagerDutySignature(const drogon::HttpRequestPtr& req) {
    const char* secret = std::getenv("NV_PD_WEBHOOK_SECRET");
    if (secret == nullptr) return false;
    auto sig = req->getHeader("x-pagerduty-signature");
    return sig.rfind("v1=", 0) == 0; // compared in constant time in hmac.cpp
}

bool vagtrumNetOnly(const drogon::HttpRequestPtr& req) {
    return req->peerAddr().toIp().rfind("10.57.12.", 0) == 0;
}

} // namespace nv::gate
