import { lazy, type ComponentType, type ReactNode } from 'react';

/** A layout around a page: the customer area's or the back office's. */
export type Frame = ComponentType<{ children: ReactNode }>;

/** What `React.lazy` takes: the page's module, loaded when the page is first shown. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Loads a page on demand, so public pages never load customer or admin code (DESIGN.md). The
 * export is checked: `name` must be a component of the module that takes no required props.
 * `frame` loads the layout the page sits in, at the same time as the page.
 */
export function pageLoader<K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
  frame?: () => Promise<Frame>,
): PageLoader {
  return async () => {
    const [module, Frame] = await Promise.all([load(), frame?.()]);
    const Page: ComponentType = module[name];
    if (!Frame) return { default: Page };
    return {
      default: () => (
        <Frame>
          <Page />
        </Frame>
      ),
    };
  };
}

/** A page component loaded on demand (see pageLoader). */
export const lazyPage = <K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
  frame?: () => Promise<Frame>,
): ComponentType => lazy(pageLoader(load, name, frame));

/** The customer area's layout: its navigation and sign-out beside the page. */
export const accountFrame = async (): Promise<Frame> =>
  (await import('./layouts/account-layout.tsx')).AccountLayout;

/**
 * The back office's layout, with the page's title in the breadcrumbs and as its h1 (`heading:
 * 'page'` when the page writes its own h1).
 */
export const adminFrame =
  (title: string, heading?: 'frame' | 'page') => async (): Promise<Frame> => {
    const { AdminLayout } = await import('./layouts/admin-layout.tsx');
    return function AdminFrame({ children }) {
      return (
        <AdminLayout title={title} heading={heading}>
          {children}
        </AdminLayout>
      );
    };
  };

/** The back office's sign-in and setup pages: its frame, without the sections. */
export const backOfficeSignInFrame = async (): Promise<Frame> =>
  (await import('./layouts/back-office-chrome.tsx')).BackOfficeSignInLayout;
