import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/**
 * A view that loads with its module the first time it renders, not with the app, and shows
 * nothing until then. For views opened by a click: the first load stays within its budget
 * (e2e/delivery.test.ts) however many panels the app gains. Each view is its own Suspense
 * boundary, so one loading never hides another that is open.
 */
export const lazyView = <
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy
  Module extends Record<Name, ComponentType<any>>,
  Name extends keyof Module,
>(
  load: () => Promise<Module>,
  name: Name,
) => {
  // The view's texts travel with it (on-demand-texts.ts), fetched beside its module.
  const Lazy = lazy(async () => {
    const [module] = await Promise.all([load(), import('./on-demand-texts')]);
    return { default: module[name] };
  });
  const View = (props: ComponentProps<Module[Name]>) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  View.displayName = `Lazy(${String(name)})`;
  return View;
};
