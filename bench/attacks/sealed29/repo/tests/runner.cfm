<cfsetting showdebugoutput="false">
<cfset testbox = new testbox.system.TestBox( directory = "tests.specs" )>
<cfoutput>#testbox.run()#</cfoutput>
