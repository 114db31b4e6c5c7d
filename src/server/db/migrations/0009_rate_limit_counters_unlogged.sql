-- Counters only: a crash may lose them (a limit window starts again), and a hit then needs no WAL flush.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
