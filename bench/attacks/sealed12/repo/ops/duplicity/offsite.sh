#!/bin/sh
duplicity --encrypt-key 5B1C7E0A --full-if-older-than 30D /var/backups/firebird b2://tautai-offsite/firebird
