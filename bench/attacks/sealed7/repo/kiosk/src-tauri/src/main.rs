// The kiosk token is stored in the OS keyring (Windows Credential Manager / Secret Service),
// never in a file next to the app; the front end never sees it.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[tauri::command]
async fn verify(code: String) -> Result<serde_json::Value, String> {
    let entry = keyring::Entry::new("ovenbird-kiosk", "device-token").map_err(|e| e.to_string())?;
    let token = entry.get_password().map_err(|e| e.to_string())?;
    ovenbird_kiosk::api::verify(&token, &code).await.map_err(|e| e.to_string())
}

fn main() {
    tauri::Builder::default()
        .plugin(tauri_plugin_http::init())
        .plugin(tauri_plugin_updater::Builder::new().build())
        .invoke_handler(tauri::generate_handler![verify])
        .run(tauri::generate_context!())
        .expect("kiosk failed to start");
}
