// A page the server rendered (decision 024): its HTML in #root, the query cache it came from in `data-query-state`
// and its time in `data-rendered-at`,
// and #root `inert` until React has hydrated it: a tap before then would do nothing, so nothing can be tapped.

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
}

/** The page in #root as the server rendered it, once (its attributes are removed); null for a page the browser renders. */
export function takeServerPage(root: HTMLElement): ServerPage | null {
  const { queryState, renderedAt } = root.dataset;
  if (queryState === undefined) return null;
  root.removeAttribute('data-query-state');
  root.removeAttribute('data-rendered-at');
  try {
    return { state: JSON.parse(queryState) as unknown, renderedAt: Number(renderedAt) };
  } catch {
    return null;
  }
}
