import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component that loads with its module the first time it renders (inside a Suspense), not
 * with the app. For views opened by a click: the first load stays within its budget
 * (e2e/delivery.test.ts) however many panels the app gains.
 */
export const lazyExport = <
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy
  Module extends Record<Name, ComponentType<any>>,
  Name extends keyof Module,
>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> => lazy(async () => ({ default: (await load())[name] }));
