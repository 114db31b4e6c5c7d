import { createContext } from 'react';

/**
 * The instant (ms) a page's first render shows: for a page the server rendered (decision 024), the server's render time,
 * so that the browser's hydration renders the same clock; null otherwise (the browser's own now). Clocks then tick on
 * the browser's time.
 */
export const RenderTimeContext = createContext<number | null>(null);
