// Issue 50, item 11: the 'Zonas' card lays out at every width: its name fields stay usable (44 px high, wide enough to
// read a zone's name) and its labels never wrap letter by letter, on a phone, a tablet and desktops (the card beside 'Combinaciones').
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';

const text = tableMessages.zones;
const suite = useBrowserSuite();

async function zonesCard(width: number): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=mesas', { viewport: { width, height: 900 } });
  // On a phone the tabs are a menu: the card's own field says the 'Mesas' tab is open.
  await page.getByLabel(text.name, { exact: true }).waitFor();
  return page;
}

describe("the 'Zonas' card", () => {
  it.each([390, 600, 820, 1280, 1440])('at %i px: name fields at least 44 px high and 140 px wide, labels on a line or two', async (width) => {
    const page = await zonesCard(width);
    const fields = [page.getByLabel(text.name, { exact: true }), page.getByLabel(/^Nombre de la zona \S/)];
    const zoneFields = await fields[1]!.all();
    expect(zoneFields.length).toBeGreaterThanOrEqual(3);
    for (const field of [fields[0]!, ...zoneFields]) {
      const box = (await field.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(140);
      const label = page.locator(`label[for="${await field.getAttribute('id')}"]`);
      const labelBox = (await label.boundingBox())!;
      // A label wrapping letter by letter is one letter wide and many lines high.
      expect(labelBox.width).toBeGreaterThanOrEqual(100);
      expect(labelBox.height).toBeLessThanOrEqual(48);
    }
  });
});
