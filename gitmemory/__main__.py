from gitmemory.cli import main

raise SystemExit(main())
