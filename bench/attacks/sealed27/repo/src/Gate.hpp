// Filters every request passes, in this order: HostLock, CsrfGuard, NeedSession,
// MaskCasualty. Only anonymousPaths skip NeedSession.
#pragma once

#include <array>
#include <drogon/HttpFilter.h>
#include <string_view>

namespace nv::gate {

inline constexpr std::array<std::string_view, 2> anonymousPaths{"/helbred", "/hook/pagerduty"};
inline constexpr int sessionMinutes = 20;
inline constexpr std::string_view kHost = "vagt.norrevig.dk";
inline constexpr std::string_view kVagtrumNet = "10.57.12.0/24";

class HostLock : public drogon::HttpFilter<HostLock> {
  public:
    void doFilter(const drogon::HttpRequestPtr&, drogon::FilterCallback&&,
                  drogon::FilterChainCallback&&) override;
};
class CsrfGuard : public drogon::HttpFilter<CsrfGuard> {
  public:
    void doFilter(const drogon::HttpRequestPtr&, drogon::FilterCallback&&,
                  drogon::FilterChainCallback&&) override;
};
class NeedSession : public drogon::HttpFilter<NeedSession> {
  public:
    void doFilter(const drogon::HttpRequestPtr&, drogon::FilterCallback&&,
                  drogon::FilterChainCallback&&) override;
};
class MaskCasualty : public drogon::HttpFilter<MaskCasualty> {
  public:
    void doFilter(const drogon::HttpRequestPtr&, drogon::FilterCallback&&,
                  drogon::FilterChainCallback&&) override;
};

// True when X-PagerDuty-Signature holds a v1= HMAC-SHA256 of the body under
// NV_PD_WEBHOOK_SECRET.
bool verifyPagerDutySignature(const drogon::HttpRequestPtr& req);
// /vagtrum (the watch room's screens): role nv-besaetning and an address in kVagtrumNet.
bool vagtrumNetOnly(const drogon::HttpRequestPtr& req);

} // namespace nv::gate
