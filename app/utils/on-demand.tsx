import { createElement, lazy, Suspense, type ComponentType, type FunctionComponent } from "react";

/**
 * A component whose code the browser downloads only when it is first rendered (a dialog opened by the
 * address), not with the page. The server loads it at start and renders it directly, so its HTML is
 * complete without JavaScript; in the browser, hydration of that part waits inside a Suspense
 * boundary until the code has arrived.
 */
export function onDemand<P extends object>(load: () => Promise<FunctionComponent<P>>): FunctionComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => load().then((component) => (loaded = component));
  if (import.meta.env.SSR) void loadOnce();
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  return function OnDemand(props: P) {
    // The browser always renders the lazy wrapper (switching types would remount the dialog).
    const component: ComponentType<P> = import.meta.env.SSR && loaded ? loaded : (Lazy as unknown as ComponentType<P>);
    return <Suspense fallback={null}>{createElement(component, props)}</Suspense>;
  };
}
