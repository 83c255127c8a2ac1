<?php

use App\Http\Controllers\PermitPdfController;
use App\Http\Controllers\RapydWebhookController;
use Illuminate\Support\Facades\Route;

Route::post('/webhooks/rapyd', RapydWebhookController::class);

// Permit PDFs are linked from e-mails with URL::temporarySignedRoute (72 hours).
Route::get('/permits/{permit}/pdf', PermitPdfController::class)
    ->name('permits.pdf')->middleware('signed');

Route::middleware(['auth', 'can:ranger'])->prefix('ranger')->group(function () {
    Route::get('/checks', [\App\Http\Controllers\RangerCheckController::class, 'index']);
});
