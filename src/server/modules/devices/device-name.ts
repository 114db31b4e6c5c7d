import Bowser from 'bowser';

/** The browser and system a session signed in from, as 'Mis dispositivos' names them; null when the agent says nothing. */
export function deviceOf(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(userAgent);
  return { browser: browser.name || null, system: os.name || null };
}
