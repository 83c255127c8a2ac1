<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class RapydWebhookController extends Controller
{
    public function __invoke(Request $request)
    {
        $salt = $request->header('salt');
        $timestamp = (int) $request->header('timestamp');
        abort_if(abs(time() - $timestamp) > 300, 400, 'stale webhook');
        $expected = base64_encode(hash_hmac('sha256',
            $request->fullUrl().$salt.$timestamp.config('services.rapyd.access_key').config('services.rapyd.webhook_secret').$request->getContent(),
            config('services.rapyd.webhook_secret')));
        abort_unless(hash_equals($expected, (string) $request->header('signature')), 401);
        dispatch(new \App\Jobs\RecordPayment($request->json()->all()));
        return response()->noContent();
    }
}
