import { Navigate, type RouteObject, createBrowserRouter } from 'react-router-dom';
import { CompetitionDetailLayout } from '../features/competitions/CompetitionDetailLayout';
import { UserLayout } from '../features/user/UserLayout';
import { BareLayout } from '../layout/BareLayout';
import { MainLayout } from '../layout/MainLayout';
import { setNavigation } from './api';
import {
  CodeSubmissionsPage,
  CompetitionDataPage,
  CompetitionsPage,
  FormatPage,
  ForgetPage,
  HomePage,
  IntroPage,
  LeaderboardPage,
  LoginPage,
  MyAuthPage,
  MyInfoPage,
  MyMsgPage,
  MyRacePage,
  MyScorePage,
  MySubmissionsPage,
  RegisterPage,
  ReviewRedirectPage,
  TeamPage,
  WriteUpsPage,
} from './lazyPages';

/** The routes of spec §2, and the competitions page of issue 21. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'intro', element: <IntroPage /> },
      { path: 'competitions', element: <CompetitionsPage /> },
      {
        path: 'competitionDetail/:competitionId',
        element: <CompetitionDetailLayout />,
        children: [
          { index: true, element: <Navigate to="format" replace /> },
          { path: 'format', element: <FormatPage /> },
          { path: 'competitionData', element: <CompetitionDataPage /> },
          { path: 'leaderboard', element: <LeaderboardPage /> },
          { path: 'mySubmissions', element: <MySubmissionsPage /> },
          { path: 'myScore', element: <MyScorePage /> },
          { path: 'writeUps', element: <WriteUpsPage /> },
          { path: 'codeSubmissions', element: <CodeSubmissionsPage /> },
          {
            path: 'team',
            children: [
              { index: true, element: <Navigate to="buildTeam" replace /> },
              { path: ':teamType', element: <TeamPage /> },
            ],
          },
          { path: '*', element: <Navigate to="/intro" replace /> },
        ],
      },
      {
        path: 'user',
        element: <UserLayout />,
        children: [
          { index: true, element: <Navigate to="myInfo" replace /> },
          { path: 'myInfo', element: <MyInfoPage /> },
          { path: 'myRace', element: <MyRacePage /> },
          { path: 'myAuth', element: <MyAuthPage /> },
          { path: 'myMsg', element: <MyMsgPage /> },
        ],
      },
      { path: 'review', element: <ReviewRedirectPage /> },
      { path: '*', element: <Navigate to="/intro" replace /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forget', element: <ForgetPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
setNavigation((to) => void router.navigate(to));
