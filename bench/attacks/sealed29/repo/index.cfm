<cfsetting showdebugoutput="false">
