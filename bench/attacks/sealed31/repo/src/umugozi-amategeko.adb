package body Umugozi.Amategeko with SPARK_Mode is

   function Restart_Allowed (Calm_Minutes, Since_Strike_Minutes : Natural;
                             Daily_Check_Signed, By_Technician : Boolean) return Boolean is
     (Calm_Minutes >= Wind_Calm_Minutes
      and Since_Strike_Minutes >= Lightning_Clear_Minutes
      and Daily_Check_Signed
      and By_Technician);

   function Card_Masked (Card : String) return String is
     ((if Card'Length > Card_Digits_Shown
       then (Card'First .. Card'Last - Card_Digits_Shown => '*')
            & Card (Card'Last - Card_Digits_Shown + 1 .. Card'Last)
       else Card));

   procedure Close_Incident (Incident_Id : Positive; Note : String) with SPARK_Mode => Off is
   begin
      Umugozi.Db.Append_Incident_Entry (Incident_Id, "closed", Note);
   end Close_Incident;

end Umugozi.Amategeko;
