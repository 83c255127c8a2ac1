      *> Permit fees per district, nightly. Build: cobc -x -o bin/fees fees/FEES.cbl
       IDENTIFICATION DIVISION.
       PROGRAM-ID. FEES.
       DATA DIVISION.
       WORKING-STORAGE SECTION.
       01 WS-FEE-NOK      PIC 9(6)V99 VALUE 350.00.
       PROCEDURE DIVISION.
           DISPLAY "crossing permit fee NOK " WS-FEE-NOK
           STOP RUN.
