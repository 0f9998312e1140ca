import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page whose code is its own chunk, downloaded the first time the page renders (issue 35, point 11):
 * the list a staff member lands on does not bring the audit, integrity or editing pages along. While
 * the chunk loads, the layout's `<Suspense>` (react-admin's `<Layout>`) shows the console's `<Loading />`
 * in the current language. `load` is `() => import('./Page')`, `pick` the page's named export.
 */
export function lazyPage<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: pick(await load()) }));
}
