import {
  createElement,
  lazy,
  memo,
  Suspense,
  type ComponentType,
  type FunctionComponent,
  type MemoExoticComponent,
} from "react";

/**
 * A component whose code the browser downloads only when it is first rendered (a dialog opened by the
 * address), not with the page. The server loads it at start and renders it directly, so its HTML is
 * complete without JavaScript; in the browser, hydration of that part waits inside a Suspense
 * boundary until the code has arrived.
 *
 * The wrapper is memoised: until that code arrives, a re-render of the parent (a state update in an
 * effect, say) must not reach the boundary with new props, or React gives up hydrating it, throws the
 * server's HTML away and reports error #421. With equal props the parent's render stops here.
 */
export function onDemand<P extends object>(
  load: () => Promise<FunctionComponent<P>>,
): MemoExoticComponent<FunctionComponent<P>> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => load().then((component) => (loaded = component));
  if (import.meta.env.SSR) void loadOnce();
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  return memo<FunctionComponent<P>>(function OnDemand(props: P) {
    // The browser always renders the lazy wrapper (switching types would remount the dialog).
    const component: ComponentType<P> = import.meta.env.SSR && loaded ? loaded : (Lazy as unknown as ComponentType<P>);
    return <Suspense fallback={null}>{createElement(component, props)}</Suspense>;
  });
}
