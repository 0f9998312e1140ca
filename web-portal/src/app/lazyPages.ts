import { lazy } from 'react';

// Every page is its own chunk (spec §2: pages load lazily).
export const HomePage = lazy(() => import('../features/home/HomePage'));
export const IntroPage = lazy(() => import('../pages/IntroPage'));
export const ReviewRedirectPage = lazy(() => import('../pages/ReviewRedirectPage'));
export const LoginPage = lazy(() => import('../features/auth/LoginPage'));
export const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
export const ForgetPage = lazy(() => import('../features/auth/ForgetPage'));
export const MyInfoPage = lazy(() => import('../features/profile/MyInfoPage'));
export const MyAuthPage = lazy(() => import('../features/verification/MyAuthPage'));
export const MyMsgPage = lazy(() => import('../features/messages/MyMsgPage'));
export const MyRacePage = lazy(() => import('../features/competitions/MyRacePage'));
export const FormatPage = lazy(() => import('../features/competitions/FormatPage'));
export const CompetitionDataPage = lazy(() => import('../features/competitions/CompetitionDataPage'));
export const LeaderboardPage = lazy(() => import('../features/scoring/LeaderboardPage'));
export const MySubmissionsPage = lazy(() => import('../features/scoring/MySubmissionsPage'));
export const MyScorePage = lazy(() => import('../features/scoring/MyScorePage'));
export const WriteUpsPage = lazy(() => import('../features/scoring/WriteUpsPage'));
export const TeamPage = lazy(() => import('../features/team/TeamPage'));
export const CodeSubmissionsPage = lazy(() => import('../features/scoring/CodeSubmissionsPage'));
export const CompetitionsPage = lazy(() => import('../features/competitions/CompetitionsPage'));
