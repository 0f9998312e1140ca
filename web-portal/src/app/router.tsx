import { Navigate, type RouteObject, createBrowserRouter } from 'react-router-dom';
import { BareLayout } from '../layout/BareLayout';
import { MainLayout } from '../layout/MainLayout';
import { HomePage, IntroPage, NotAvailablePage, ReviewRedirectPage } from './lazyPages';

const competitionPages = [
  'format',
  'competitionData',
  'leaderboard',
  'mySubmissions',
  'codeSubmissions',
  'myScore',
] as const;
const userPages = ['myInfo', 'myRace', 'myAuth', 'myMsg'] as const;
const barePages = ['login', 'register', 'forget'] as const;

/** The routes of spec §2, nothing more. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'intro', element: <IntroPage /> },
      {
        path: 'competitionDetail/:competitionId',
        children: [
          { index: true, element: <Navigate to="format" replace /> },
          ...competitionPages.map((page) => ({ path: page, element: <NotAvailablePage page={page} /> })),
          {
            path: 'team',
            children: [
              { index: true, element: <Navigate to="buildTeam" replace /> },
              { path: ':teamType', element: <NotAvailablePage page="team" /> },
            ],
          },
        ],
      },
      {
        path: 'user',
        children: [
          { index: true, element: <Navigate to="myInfo" replace /> },
          ...userPages.map((page) => ({ path: page, element: <NotAvailablePage page={page} /> })),
        ],
      },
      { path: 'review', element: <ReviewRedirectPage /> },
      { path: '*', element: <Navigate to="/intro" replace /> },
    ],
  },
  {
    element: <BareLayout />,
    children: barePages.map((page) => ({ path: page, element: <NotAvailablePage page={page} /> })),
  },
];

export const router = createBrowserRouter(routes);
