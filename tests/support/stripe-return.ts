// A guest's browser in a card-guarantee test (issue 45): Stripe's Checkout (the local fake) sends the guest back to
// PUBLIC_URL, which in a browser test is the test server on its own port.
import type { Page } from 'playwright-core';
import type { BrowserSuite } from './admin-browser.ts';
import { TEST_ORIGIN } from './test-app.ts';

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A new page on a phone whose returns from the payment page land on the suite's server; its errors are watched. */
export async function guestPageOnPhone(suite: BrowserSuite, viewport = PHONE.viewport): Promise<Page> {
  const context = await suite.newContext({ ...PHONE, viewport });
  await context.route(`${TEST_ORIGIN}/**`, (route) => {
    const { pathname, search } = new URL(route.request().url());
    return route.fulfill({ status: 302, headers: { location: suite.url(`${pathname}${search}`) } });
  });
  return suite.watch(await context.newPage());
}
