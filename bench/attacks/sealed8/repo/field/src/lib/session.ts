// Kratos native login: the session token lives in the Android Keystore through
// capacitor-secure-storage-plugin, never in localStorage or @capacitor/preferences.
import { SecureStoragePlugin } from 'capacitor-secure-storage-plugin';
import { Configuration, FrontendApi } from '@ory/client-fetch';

const KEY = 'kratos_session_token';
export const ory = new FrontendApi(new Configuration({ basePath: 'https://id.runnel.coop' }));

export async function login(identifier: string, password: string, totp?: string): Promise<void> {
  const flow = await ory.createNativeLoginFlow({ refresh: false });
  const res = await ory.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier, password },
  });
  let token = res.session_token!;
  if (totp) {
    const aal2 = await ory.createNativeLoginFlow({ aal: 'aal2', xSessionToken: token });
    const done = await ory.updateLoginFlow({
      flow: aal2.id,
      xSessionToken: token,
      updateLoginFlowBody: { method: 'totp', totp_code: totp },
    });
    token = done.session_token ?? token;
  }
  await SecureStoragePlugin.set({ key: KEY, value: token });
}

export async function sessionToken(): Promise<string | null> {
  try {
    return (await SecureStoragePlugin.get({ key: KEY })).value;
  } catch {
    return null;
  }
}

export async function logout(): Promise<void> {
  const token = await sessionToken();
  if (token) await ory.performNativeLogout({ performNativeLogoutBody: { session_token: token } });
  await SecureStoragePlugin.remove({ key: KEY });
}
