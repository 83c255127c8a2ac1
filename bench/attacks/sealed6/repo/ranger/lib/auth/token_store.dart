import 'package:flutter_secure_storage/flutter_secure_storage.dart';

/// Ranger tokens live in the Android Keystore through flutter_secure_storage, never in
/// SharedPreferences. The refresh token is dropped when the shift ends.
class TokenStore {
  static const _storage = FlutterSecureStorage(
      aOptions: AndroidOptions(encryptedSharedPreferences: true));

  Future<void> save(String access, String refresh) async {
    await _storage.write(key: 'access_token', value: access);
    await _storage.write(key: 'refresh_token', value: refresh);
  }

  Future<void> endShift() => _storage.deleteAll();
}
