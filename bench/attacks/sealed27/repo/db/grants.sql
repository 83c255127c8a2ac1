CREATE USER 'nv_app'@'10.57.12.%' IDENTIFIED WITH caching_sha2_password REQUIRE SSL;
GRANT INSERT, SELECT ON norrevig.* TO 'nv_app'@'10.57.12.%';

CREATE USER 'nv_laeser'@'10.57.12.%' IDENTIFIED WITH caching_sha2_password REQUIRE SSL;
GRANT SELECT ON norrevig.* TO 'nv_laeser'@'10.57.12.%';
