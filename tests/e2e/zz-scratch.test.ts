import { it } from 'vitest';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { calendarDay, dateButtonName, openGuestForm, showCalendarDay } from '../support/guest-form.ts';

const suite = useBrowserSuite({ now: new Date('2026-11-24T10:00:00Z') });
it('explores', async () => {
  const p = await openGuestForm(suite);
  await showCalendarDay(p, '2026-11-26');
  const cookie = await suite.app.signIn();
  const r = await suite.app.request({ method: 'POST', url: '/api/admin/blocked-days', cookie, payload: { date: '2026-11-26' } });
  console.log('block', r.statusCode);
  await calendarDay(p, '2026-11-26').click();
  await p.locator('#booking-time-notice').waitFor();
  console.log('name', await dateButtonName(p));
  console.log('notice', await p.locator('#booking-time-notice').textContent());
  console.log('date error', await p.locator('#booking-date-error').count());
  console.log('toasts', await p.locator('[data-sonner-toast]').allTextContents());
  await showCalendarDay(p, '2026-11-26');
  await p.waitForTimeout(1000);
  console.log('title now', await calendarDay(p, '2026-11-26').getAttribute('title'));
});
