<?php

return [
    'default' => env('DB_CONNECTION', 'mariadb'),
    'connections' => [
        'mariadb' => [
            'driver' => 'mariadb',
            'host' => env('DB_HOST', '127.0.0.1'),
            'database' => env('DB_DATABASE', 'cairnpass'),
            'username' => env('DB_USERNAME', 'cairnpass'),
            'password' => env('DB_PASSWORD'),
            'options' => [PDO::MYSQL_ATTR_SSL_CA => env('MYSQL_ATTR_SSL_CA', '/etc/ssl/park-ca.pem')],
        ],
    ],
];
