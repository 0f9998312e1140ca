import { lazy } from 'react';

// Every page is its own chunk (spec §2: pages load lazily).
const load = {
  HomePage: () => import('../features/home/HomePage'),
  IntroPage: () => import('../pages/IntroPage'),
  ReviewRedirectPage: () => import('../pages/ReviewRedirectPage'),
  LoginPage: () => import('../features/auth/LoginPage'),
  RegisterPage: () => import('../features/auth/RegisterPage'),
  ForgetPage: () => import('../features/auth/ForgetPage'),
  MyInfoPage: () => import('../features/profile/MyInfoPage'),
  MyAuthPage: () => import('../features/verification/MyAuthPage'),
  MyMsgPage: () => import('../features/messages/MyMsgPage'),
  MyRacePage: () => import('../features/competitions/MyRacePage'),
  FormatPage: () => import('../features/competitions/FormatPage'),
  CompetitionDataPage: () => import('../features/competitions/CompetitionDataPage'),
  LeaderboardPage: () => import('../features/scoring/LeaderboardPage'),
  MySubmissionsPage: () => import('../features/scoring/MySubmissionsPage'),
  MyScorePage: () => import('../features/scoring/MyScorePage'),
  WriteUpsPage: () => import('../features/scoring/WriteUpsPage'),
  TeamPage: () => import('../features/team/TeamPage'),
  CodeSubmissionsPage: () => import('../features/scoring/CodeSubmissionsPage'),
  CompetitionsPage: () => import('../features/competitions/CompetitionsPage'),
};

export const HomePage = lazy(load.HomePage);
export const IntroPage = lazy(load.IntroPage);
export const ReviewRedirectPage = lazy(load.ReviewRedirectPage);
export const LoginPage = lazy(load.LoginPage);
export const RegisterPage = lazy(load.RegisterPage);
export const ForgetPage = lazy(load.ForgetPage);
export const MyInfoPage = lazy(load.MyInfoPage);
export const MyAuthPage = lazy(load.MyAuthPage);
export const MyMsgPage = lazy(load.MyMsgPage);
export const MyRacePage = lazy(load.MyRacePage);
export const FormatPage = lazy(load.FormatPage);
export const CompetitionDataPage = lazy(load.CompetitionDataPage);
export const LeaderboardPage = lazy(load.LeaderboardPage);
export const MySubmissionsPage = lazy(load.MySubmissionsPage);
export const MyScorePage = lazy(load.MyScorePage);
export const WriteUpsPage = lazy(load.WriteUpsPage);
export const TeamPage = lazy(load.TeamPage);
export const CodeSubmissionsPage = lazy(load.CodeSubmissionsPage);
export const CompetitionsPage = lazy(load.CompetitionsPage);

/**
 * Loads every page's module now: a test that renders routes loads them first, so no page's import is
 * still under way when its environment is torn down (it failed `teamViews.unit` so, from the router's test).
 */
export const loadEveryPage = () => Promise.all(Object.values(load).map((module) => module()));
