// The counter app: a window on https://app.phial.care/counter, the label printer, and the
// Zitadel refresh token kept with safeStorage (DPAPI on Windows, libsecret on Linux).
const { app, BrowserWindow, session, safeStorage, shell } = require('electron');
const fs = require('node:fs');
const path = require('node:path');

const APP_ORIGIN = 'https://app.phial.care';
const TOKEN_FILE = path.join(app.getPath('userData'), 'refresh.bin');

function saveRefreshToken(token) {
  if (!safeStorage.isEncryptionAvailable()) throw new Error('no OS keyring: refusing to store the token');
  fs.writeFileSync(TOKEN_FILE, safeStorage.encryptString(token), { mode: 0o600 });
}

function createWindow() {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      preload: path.join(__dirname, 'preload.js'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      devTools: !app.isPackaged,
    },
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== APP_ORIGIN) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) shell.openExternal(url);
    return { action: 'deny' };
  });
  win.loadURL(`${APP_ORIGIN}/counter`);
}

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(false));
  createWindow();
});

module.exports = { saveRefreshToken };
