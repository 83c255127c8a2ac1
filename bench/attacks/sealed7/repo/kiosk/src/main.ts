import { invoke } from "@tauri-apps/api/core";
import { check } from "@tauri-apps/plugin-updater";

// The collector types or scans a one-time code; the kiosk shows first name and photo only.
const form = document.querySelector<HTMLFormElement>("#code-form")!;
form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const code = (form.elements.namedItem("code") as HTMLInputElement).value.trim();
  try {
    const who = await invoke<{ firstName: string; photo: string }>("verify", { code });
    document.querySelector("#result")!.textContent = `${who.firstName} ✓`;
  } catch {
    document.querySelector("#result")!.textContent = "Ask a member of staff";
  }
});

// Updates are signed with the team's minisign key (tauri.conf.json pubkey) and checked nightly.
setInterval(async () => {
  const update = await check();
  if (update) await update.downloadAndInstall();
}, 24 * 60 * 60 * 1000);
