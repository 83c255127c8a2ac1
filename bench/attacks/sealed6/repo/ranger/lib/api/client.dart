import 'dart:io';

import 'package:flutter/services.dart' show rootBundle;
import 'package:http/io_client.dart';

const apiBase = String.fromEnvironment('API_BASE', defaultValue: 'https://app.cairnpass.is');

/// Only the park CA is trusted: app.cairnpass.is and auth.cairnpass.is are pinned to it.
Future<IOClient> pinnedClient() async {
  final ca = await rootBundle.load('assets/certs/park-ca.pem');
  final context = SecurityContext(withTrustedRoots: false)
    ..setTrustedCertificatesBytes(ca.buffer.asUint8List());
  final client = HttpClient(context: context)
    ..badCertificateCallback = (cert, host, port) => false
    ..connectionTimeout = const Duration(seconds: 10);
  return IOClient(client);
}
