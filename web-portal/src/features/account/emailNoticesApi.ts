import type { identity } from '@sais/events';
import { api } from '../../app/api';

export type EmailLanguage = 'zh-CN' | 'en';

/** GET/POST /user/emailNotices (decision 0023): which inbox messages are also emailed, in which language. */
export interface EmailNotices {
  scoring: boolean;
  teams: boolean;
  verification: boolean;
  language: EmailLanguage;
  email: string | null;
  perHour: number;
}

/** What POST /user/emailNotices takes (`identity.requests.emailNoticesBody`). */
export type EmailNoticeChoice = identity.requests.EmailNoticesBody;

export function fetchEmailNotices() {
  return api.request<EmailNotices>('/user/emailNotices');
}

export function saveEmailNotices(choice: EmailNoticeChoice) {
  return api.request<EmailNotices>('/user/emailNotices', { method: 'POST', data: choice });
}
