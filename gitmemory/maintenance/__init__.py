"""Work nobody asked for by command: background maintenance, schedules, promote."""
