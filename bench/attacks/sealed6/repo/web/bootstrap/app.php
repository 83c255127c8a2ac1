<?php

use Illuminate\Foundation\Application;
use Illuminate\Foundation\Configuration\Exceptions;
use Illuminate\Foundation\Configuration\Middleware;

return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(web: __DIR__.'/../routes/web.php', api: __DIR__.'/../routes/api.php')
    ->withMiddleware(function (Middleware $middleware) {
        // Only Traefik on the park network forwards requests to us.
        $middleware->trustProxies(at: ['10.30.0.0/16'], headers: Request::HEADER_X_FORWARDED_FOR | Request::HEADER_X_FORWARDED_PROTO);
        // Rapyd signs its webhooks; RapydWebhookController checks the signature instead.
        $middleware->validateCsrfTokens(except: ['webhooks/rapyd']);
        $middleware->encryptCookies();
    })
    ->withExceptions(function (Exceptions $exceptions) {
        $exceptions->dontFlash(['current_password', 'password', 'password_confirmation']);
    })->create();
