import { lazy } from 'react';

// Every page is its own chunk (spec §2: pages load lazily).
export const HomePage = lazy(() => import('../pages/HomePage'));
export const IntroPage = lazy(() => import('../pages/IntroPage'));
export const NotAvailablePage = lazy(() => import('../pages/NotAvailablePage'));
export const ReviewRedirectPage = lazy(() => import('../pages/ReviewRedirectPage'));
