name(lantarki).
version('3.4.0').
title('Pay-as-you-go records for village solar mini-grids').
author('Lantarki ops', 'ops@lantarki.org.ng').
requires(meterlib).
% pinned: meterlib 2.0.3 from the SWI-Prolog pack list
