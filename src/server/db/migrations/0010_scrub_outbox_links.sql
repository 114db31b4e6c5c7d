-- Decision 012 (issue 17): no working link stays in email_outbox. An email still to be sent keeps its link as a
-- placeholder that the delivery worker mints just before sending; a sent or failed one loses it. Guest links end
-- in /reserva/<43 base64url>, reset links in #token=<43 base64url>; a confirmation's .ics (base64) carries the
-- guest link too, and is unfolded here so the token cannot hide across a fold (the worker folds it again).
-- Safe to run again: it only touches rows that still hold a token-shaped link.
WITH scrub AS (
  SELECT id, pending, reset, live,
    CASE WHEN live THEN 'mesa-enlace-' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24)
      ELSE 'mesa-enlace-retirado' END AS placeholder
  FROM (
    SELECT id,
      sent_at IS NULL AND failed_at IS NULL AS pending,
      kind = 'password_recovery' AS reset,
      sent_at IS NULL AND failed_at IS NULL AND (kind = 'password_recovery' OR reservation_id IS NOT NULL) AS live
    FROM email_outbox
    WHERE link IS NULL AND (text_body ~ '(/reserva/|#token=)[A-Za-z0-9_-]{43}' OR html_body ~ '(/reserva/|#token=)[A-Za-z0-9_-]{43}')
  ) candidates
)
UPDATE email_outbox o SET
  text_body = regexp_replace(o.text_body, '(/reserva/|#token=)[A-Za-z0-9_-]{43}', '\1' || s.placeholder, 'g'),
  html_body = regexp_replace(o.html_body, '(/reserva/|#token=)[A-Za-z0-9_-]{43}', '\1' || s.placeholder, 'g'),
  attachments = (
    SELECT jsonb_agg(
      CASE WHEN a->>'contentType' ILIKE 'text/calendar%' THEN jsonb_set(a, '{contentBase64}', to_jsonb(translate(encode(convert_to(
        regexp_replace(replace(convert_from(decode(a->>'contentBase64', 'base64'), 'UTF8'), E'\r\n ', ''),
          '/reserva/[A-Za-z0-9_-]{43}', '/reserva/' || s.placeholder, 'g'),
        'UTF8'), 'base64'), E'\n', '')))
      ELSE a END ORDER BY ord)
    FROM jsonb_array_elements(o.attachments) WITH ORDINALITY AS x(a, ord)
  ),
  link = CASE
    WHEN NOT s.live THEN NULL
    WHEN s.reset THEN jsonb_build_object('kind', 'password_reset', 'email', o.to_address, 'placeholder', s.placeholder)
    ELSE jsonb_build_object('kind', 'guest_page', 'reservationId', o.reservation_id, 'placeholder', s.placeholder)
  END,
  -- Its reservation was deleted: no token can be minted for it any more.
  failed_at = CASE WHEN s.pending AND NOT s.live THEN now() ELSE o.failed_at END,
  last_error = CASE WHEN s.pending AND NOT s.live THEN 'reservation deleted before delivery' ELSE o.last_error END
FROM scrub s
WHERE o.id = s.id;
