<?php

return [
    'driver' => env('SCOUT_DRIVER', 'meilisearch'),
    'meilisearch' => [
        'host' => env('MEILISEARCH_HOST', 'http://meilisearch.service.consul:7700'),
        // the backend's key: actions documents.*, search and settings.* on huts and permits only
        'key' => env('MEILISEARCH_KEY'),
        'index-settings' => [
            'huts' => ['filterableAttributes' => ['region', 'open']],
        ],
    ],
];
