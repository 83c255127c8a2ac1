from gitmemory.entry import main

raise SystemExit(main())
