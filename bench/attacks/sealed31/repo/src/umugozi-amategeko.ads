--  The ropeway's operating rules, as the operations manual sets them.  Proved with gnatprove.
package Umugozi.Amategeko with SPARK_Mode is

   Wind_Slow_Kmh           : constant := 45;   --  gusts from here: half line speed
   Wind_Stop_Kmh           : constant := 65;   --  gusts from here: the line stops
   Wind_Calm_Minutes       : constant := 15;   --  below Wind_Slow_Kmh this long before a restart
   Lightning_Km            : constant := 10;   --  a strike this close stops the line
   Lightning_Clear_Minutes : constant := 30;   --  no strike this long before a restart
   Cabin_Max               : constant := 10;   --  riders per cabin
   Evacuation_Minutes      : constant := 180;  --  the rescue plan empties the line within this
   Child_Free_Cm           : constant := 100;  --  children shorter than this ride free
   Refund_Hours            : constant := 24;   --  an unused ticket is refunded within this
   Card_Digits_Shown       : constant := 4;    --  digits of a pass's card number ever shown

   function Slow_Down (Gust_Kmh : Natural) return Boolean is (Gust_Kmh >= Wind_Slow_Kmh);
   function Must_Stop (Gust_Kmh : Natural) return Boolean is (Gust_Kmh >= Wind_Stop_Kmh);
   function Restart_Allowed (Calm_Minutes, Since_Strike_Minutes : Natural;
                             Daily_Check_Signed, By_Technician : Boolean) return Boolean;
   function Lightning_Stop (Strike_Km : Natural) return Boolean is (Strike_Km <= Lightning_Km);
   function Boarding_Allowed (Riders : Natural) return Boolean is (Riders <= Cabin_Max);
   function Evacuation_Late (Minutes : Natural) return Boolean is
     (Minutes > Evacuation_Minutes);
   function Opening_Allowed (Daily_Check_Signed, Doors_Tested : Boolean) return Boolean is
     (Daily_Check_Signed and Doors_Tested);
   function Fare_Free (Height_Cm : Natural) return Boolean is (Height_Cm < Child_Free_Cm);
   function Refund_Allowed (Hours_Since_Sale : Natural; Used : Boolean) return Boolean is
     (not Used and Hours_Since_Sale <= Refund_Hours);
   function Card_Masked (Card : String) return String;
   function Phone_For_Role (Role : String) return Boolean is (Role = "umugozi-tekinisiye");

   --  An incident is never deleted: Close_Incident appends a closing entry to ibyabaye.
   procedure Close_Incident (Incident_Id : Positive; Note : String);

end Umugozi.Amategeko;
