import { Component, type ComponentType, type ReactNode, use } from 'react';
import { useGuestLanguage } from './i18n/guest-language';

type ComponentModule<P> = { default: ComponentType<P> };

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Loads the chunk; once it has arrived, the component renders at once instead of suspending. */
  preload(): Promise<void>;
};

/**
 * Every lazy component of the app. Its chunk can be loaded ahead; once it is there the component renders at once,
 * so that hydrating a page the server rendered (decision 024) never suspends on it and completes in one pass.
 * A chunk that fails to load (a server restarting, a deploy: decision 033) takes only the component's place, which
 * says so with a button to try again; that button, or the component shown anew, loads it again, where React.lazy
 * would keep the failure for good.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentModule<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let attempt: Promise<void> | undefined;
  const start = () => (attempt ??= load().then((module) => void (loaded = module.default)));
  // Only once a failure has been shown (or met ahead of any render): a render retried after it must meet the same
  // failure, or it would fetch again and again.
  const forget = () => {
    if (!loaded) attempt = undefined;
  };
  function Chunk(props: P) {
    if (!loaded) use(start());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  const Lazy = (props: P) => (
    <ChunkBoundary forget={forget} missing={() => !loaded}>
      <Chunk {...props} />
    </ChunkBoundary>
  );
  const preload = () =>
    start().catch((error: unknown) => {
      forget();
      throw error;
    });
  return Object.assign(Lazy, { preload });
}

interface ChunkBoundaryProps {
  forget(): void;
  /** True while the chunk is not in: an error then is its failure to load; any other goes on up (router.tsx). */
  missing(): boolean;
  children: ReactNode;
}

class ChunkBoundary extends Component<ChunkBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentWillUnmount() {
    if (this.state.error) this.props.forget();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!this.props.missing()) throw error;
    return (
      <ChunkFailed
        retry={() => {
          this.props.forget();
          this.setState({ error: null });
        }}
      />
    );
  }
}

function ChunkFailed({ retry }: { retry(): void }) {
  const { texts } = useGuestLanguage();
  return (
    <p role="alert" className="p-4 text-sm">
      {texts.http.networkError}{' '}
      <button type="button" onClick={retry} className="font-medium underline underline-offset-4">
        {texts.common.retry}
      </button>
    </p>
  );
}
