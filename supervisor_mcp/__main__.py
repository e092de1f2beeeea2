from supervisor_mcp.cli import main

raise SystemExit(main())
