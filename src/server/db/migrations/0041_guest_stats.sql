-- Custom SQL migration file, put your code below! --
-- The guest profile's figures (issue 47), kept from the guest's reservations by a trigger, so that every way a
-- booking changes (the transition command, an edit, a merge, erasure, retention) keeps them exact. The visit,
-- no-show and cancellation are classified as guestOutcome in shared/rules/guests.ts does
-- (tests/api/guest-profiles.test.ts checks that both agree). A late cancellation is the guest's own, less than
-- 24 hours before the booking's time in Madrid.
CREATE OR REPLACE FUNCTION guest_stats_of(gid uuid)
RETURNS TABLE (name text, visits integer, covers integer, no_shows integer, cancellations integer,
  late_cancellations integer, first_visit_on date, last_visit_on date, third_last_visit_on date, spend_cents integer,
  spend_visits integer)
LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT latest.customer_name FROM reservations latest
      WHERE latest.guest_id = gid AND latest.erased_at IS NULL
      ORDER BY latest.created_at DESC, latest.id DESC LIMIT 1),
    (count(*) FILTER (WHERE visit))::integer,
    coalesce(sum(number_of_people) FILTER (WHERE visit), 0)::integer,
    (count(*) FILTER (WHERE no_show))::integer,
    (count(*) FILTER (WHERE cancelled))::integer,
    (count(*) FILTER (WHERE cancelled AND late))::integer,
    min(reservation_date) FILTER (WHERE visit),
    max(reservation_date) FILTER (WHERE visit),
    (array_agg(reservation_date ORDER BY reservation_date DESC) FILTER (WHERE visit))[3],
    least(coalesce(sum(bill_cents) FILTER (WHERE visit), 0), 2147483647)::integer,
    (count(bill_cents) FILTER (WHERE visit))::integer
  FROM (
    SELECT r.number_of_people, r.reservation_date, r.bill_cents,
      r.status = 'cancelled' AS cancelled,
      r.status <> 'cancelled' AND r.arrival_status = 'no_show' AS no_show,
      r.status <> 'cancelled' AND r.arrival_status <> 'no_show'
        AND (r.arrival_status = 'arrived' OR r.status = 'completed') AS visit,
      r.cancelled_by = 'guest' AND r.cancelled_at IS NOT NULL
        AND r.cancelled_at > ((r.reservation_date + r.reservation_time) AT TIME ZONE 'Europe/Madrid') - interval '24 hours' AS late
    FROM reservations r
    WHERE r.guest_id = gid
  ) AS outcome
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guest_stats_refresh(gid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  IF gid IS NULL THEN
    RETURN;
  END IF;
  -- Most changes leave the figures as they were (a new request, a confirmation): then the guest row is not touched,
  -- so a booking never waits for, nor holds, the lock of a guest row that a concurrent booking's link is filling.
  SELECT (g.name, g.visits, g.covers, g.no_shows, g.cancellations, g.late_cancellations, g.first_visit_on,
      g.last_visit_on, g.third_last_visit_on, g.spend_cents, g.spend_visits)
    IS DISTINCT FROM (s.name, s.visits, s.covers, s.no_shows, s.cancellations, s.late_cancellations, s.first_visit_on,
      s.last_visit_on, s.third_last_visit_on, s.spend_cents, s.spend_visits)
    INTO changed
    FROM guests g, guest_stats_of(gid) s
    WHERE g.id = gid;
  IF changed IS NOT TRUE THEN
    RETURN;
  END IF;
  -- Each statement of a volatile function reads a new snapshot: once the lock is held, the next one sees the
  -- bookings another transaction committed while this one waited.
  PERFORM 1 FROM guests WHERE id = gid FOR UPDATE;
  UPDATE guests g SET (name, visits, covers, no_shows, cancellations, late_cancellations, first_visit_on, last_visit_on,
      third_last_visit_on, spend_cents, spend_visits) = (
    SELECT s.name, s.visits, s.covers, s.no_shows, s.cancellations, s.late_cancellations, s.first_visit_on,
      s.last_visit_on, s.third_last_visit_on, s.spend_cents, s.spend_visits
    FROM guest_stats_of(gid) s)
  WHERE g.id = gid;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reservations_guest_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM guest_stats_refresh(OLD.guest_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.guest_id IS DISTINCT FROM OLD.guest_id) THEN
    PERFORM guest_stats_refresh(NEW.guest_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_guest_stats_rows AFTER INSERT OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_guest_stats();
--> statement-breakpoint
CREATE TRIGGER reservations_guest_stats_changes AFTER UPDATE ON reservations
  FOR EACH ROW WHEN (
    (OLD.guest_id, OLD.status, OLD.arrival_status, OLD.number_of_people, OLD.reservation_date, OLD.reservation_time,
      OLD.customer_name, OLD.bill_cents, OLD.cancelled_at, OLD.cancelled_by, OLD.erased_at)
    IS DISTINCT FROM
    (NEW.guest_id, NEW.status, NEW.arrival_status, NEW.number_of_people, NEW.reservation_date, NEW.reservation_time,
      NEW.customer_name, NEW.bill_cents, NEW.cancelled_at, NEW.cancelled_by, NEW.erased_at)
  )
  EXECUTE FUNCTION reservations_guest_stats();
--> statement-breakpoint
-- A cancellation's time, from the change log where it has one (the latest change to 'cancelled').
UPDATE reservations AS r SET cancelled_at = coalesce(
  (SELECT max(c.at) FROM reservation_changes c
    WHERE c.reservation_id = r.id AND c.changes -> 'status' ->> 1 = 'cancelled'),
  r.updated_at)
WHERE r.status = 'cancelled' AND r.cancelled_at IS NULL;
--> statement-breakpoint
SELECT guest_stats_refresh(id) FROM guests;
