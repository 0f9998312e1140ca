import type { identity } from '@sais/events';
import { api } from '../../app/api';

export type EmailLanguage = 'zh-CN' | 'en';

/** GET/POST /user/emailNotices (decision 0023): which inbox messages are also emailed, in which language. */
export type EmailNotices = identity.responses.EmailNotices;

/** What POST /user/emailNotices takes (`identity.requests.emailNoticesBody`). */
export type EmailNoticeChoice = identity.requests.EmailNoticesBody;

export function fetchEmailNotices() {
  return api.request<EmailNotices>('/user/emailNotices');
}

export function saveEmailNotices(choice: EmailNoticeChoice) {
  return api.request<EmailNotices>('/user/emailNotices', { method: 'POST', data: choice });
}
