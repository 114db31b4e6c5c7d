// A page the server rendered (decisions 024, 060): its HTML in #root, the query cache it came from in
// `data-query-state`, its time in `data-rendered-at`, its guest language in `data-language`, and #root `inert` until
// React has hydrated it: a tap before then would do nothing (or lose what was typed), so nothing can be tapped.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/i18n/languages';

/**
 * The CSP allows no inline style attribute, so the server sends each as `data-server-style` (the restaurant's colour,
 * a section's reserved height) and this sets it through the CSSOM, as React does: before React hydrates, which
 * then finds the style it rendered.
 */
export function applyServerStyles(): void {
  for (const element of document.querySelectorAll<HTMLElement>('#root [data-server-style]')) {
    element.style.cssText = element.dataset.serverStyle ?? '';
    element.removeAttribute('data-server-style');
  }
}

export interface ServerPage {
  /** The query cache the page was rendered from (TanStack Query's dehydrated state). */
  state: unknown;
  /** When the server rendered it (ms): the clocks of the first render show that time. */
  renderedAt: number;
  /** The guest language it was rendered in (staff pages: Spanish). */
  language: Language;
}

/** The page in #root as the server rendered it, once (its attributes are removed); null for a page the browser renders. */
export function takeServerPage(root: HTMLElement): ServerPage | null {
  const { queryState, renderedAt, language } = root.dataset;
  if (queryState === undefined) return null;
  root.removeAttribute('data-query-state');
  root.removeAttribute('data-rendered-at');
  root.removeAttribute('data-language');
  try {
    return {
      state: JSON.parse(queryState) as unknown,
      renderedAt: Number(renderedAt),
      language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    };
  } catch {
    return null;
  }
}
