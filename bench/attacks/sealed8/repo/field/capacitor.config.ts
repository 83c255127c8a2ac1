import type { CapacitorConfig } from '@capacitor/cli';

// Meter readers' app.  Release builds talk only to https://app.runnel.coop and
// https://id.runnel.coop; nothing is loaded from a dev server.
const config: CapacitorConfig = {
  appId: 'coop.runnel.field',
  appName: 'runnel field',
  webDir: 'dist',
  server: {
    androidScheme: 'https',
    cleartext: false,
    allowNavigation: [],
  },
  android: {
    allowMixedContent: false,
    captureInput: true,
    webContentsDebuggingEnabled: false,
    buildOptions: {
      keystorePath: '../release/runnel-field.jks',
      keystoreAlias: 'runnel-field',
      releaseType: 'AAB',
      // keystorePassword and keystoreAliasPassword are typed on the release laptop, never stored
    },
  },
  plugins: {
    CapacitorHttp: { enabled: true },
    CapacitorCookies: { enabled: false },
  },
};

export default config;
