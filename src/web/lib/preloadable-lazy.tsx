import { lazy, type ComponentType } from 'react';

type ComponentModule<P> = { default: ComponentType<P> };

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Loads the chunk; once it has arrived, the component renders at once instead of suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy whose chunk can be loaded ahead: when it is there, the component is handed to React synchronously (a
 * thenable that calls back at once, which React reads as resolved), so that hydrating a page the server rendered
 * (decision 024) never suspends on it and completes in one pass.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentModule<P>>): PreloadableComponent<P> {
  let loaded: ComponentModule<P> | undefined;
  let loading: Promise<ComponentModule<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a later render tries again (a chunk a deploy replaced: router.tsx's boundary)
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return start();
    const module = loaded;
    return { then: (resolve: (value: ComponentModule<P>) => void) => resolve(module) } as unknown as Promise<ComponentModule<P>>;
  });
  return Object.assign(Component, { preload: () => start().then(() => undefined) });
}
