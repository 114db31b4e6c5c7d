import type { Locator } from 'playwright-core';

/**
 * The text of the elements a control's aria-describedby points at: what a screen reader reads after its name. An
 * empty one (a save status before any save) adds nothing, as it adds nothing to what is read.
 */
export const accessibleDescription = (control: Locator): Promise<string> =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter((text) => text !== '')
      .join(' '),
  );
