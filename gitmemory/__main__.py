from gitmemory.console import main

raise SystemExit(main())
