-- Guest history (issue 11): a guest for every reservation made before guests existed, matched as linkGuest
-- (server/modules/guests/service.ts) matches a new one: by email, else by phone. The phone is reduced exactly as
-- normalisePhone in shared/rules/guests.ts does (tests/api/guest-history.test.ts checks that both agree).
-- Safe to run again: it only looks at reservations without a guest and never changes an existing guest.
CREATE TEMP TABLE guest_backfill AS
SELECT id, created_at, email,
  CASE
    WHEN digits = '' THEN NULL
    WHEN international IS NULL THEN digits
    WHEN international = '' THEN NULL
    WHEN international ~ '^34[0-9]{9}$' THEN substr(international, 3)
    ELSE '+' || international
  END AS phone
FROM (
  SELECT id, created_at, email, digits,
    CASE
      WHEN customer_phone ~ '^[^0-9+]*[+]' THEN digits
      WHEN digits LIKE '00%' THEN substr(digits, 3)
    END AS international
  FROM (
    SELECT id, created_at, customer_phone,
      nullif(lower(btrim(customer_email)), '') AS email,
      regexp_replace(customer_phone, '[^0-9]', '', 'g') AS digits
    FROM reservations
    WHERE guest_id IS NULL
  ) AS raw
) AS split;
--> statement-breakpoint
-- One guest per email. It takes the phone of its first reservation unless an earlier email (or an existing guest)
-- already has that phone: two people sharing a phone stay two guests.
INSERT INTO guests (email, phone, created_at, updated_at)
SELECT by_email.email, phone_owner.phone, by_email.first_at, by_email.first_at
FROM (
  SELECT email, min(created_at) AS first_at FROM guest_backfill WHERE email IS NOT NULL GROUP BY email
) AS by_email
LEFT JOIN (
  SELECT DISTINCT ON (phone) email, phone
  FROM (
    SELECT DISTINCT ON (email) email, phone, created_at
    FROM guest_backfill
    WHERE email IS NOT NULL
    ORDER BY email, created_at, id
  ) AS first_phone
  WHERE phone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM guests WHERE guests.phone = first_phone.phone)
  ORDER BY phone, created_at, email
) AS phone_owner ON phone_owner.email = by_email.email
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Reservations without email (manual ones) go to the guest holding their phone, or to a new phone-only guest.
INSERT INTO guests (phone, created_at, updated_at)
SELECT phone, min(created_at), min(created_at)
FROM guest_backfill
WHERE email IS NULL AND phone IS NOT NULL
GROUP BY phone
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE reservations
SET guest_id = coalesce(
  (SELECT guests.id FROM guests WHERE guests.email = guest_backfill.email),
  (SELECT guests.id FROM guests WHERE guest_backfill.email IS NULL AND guests.phone = guest_backfill.phone)
)
FROM guest_backfill
WHERE reservations.id = guest_backfill.id;
--> statement-breakpoint
DROP TABLE guest_backfill;
