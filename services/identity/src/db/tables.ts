import type { Generated, Kysely } from 'kysely';

export interface AccountKeysTable {
  kind: 'username' | 'email' | 'phone';
  value: string;
  account_id: string;
}
export interface CredentialsTable {
  account_id: string;
  password_hash: string;
  updated_at: Date;
}
export interface SessionsTable {
  token_hash: string;
  session_id: string;
  account_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
}
export interface CodesTable {
  id: string;
  channel: 'phone' | 'email';
  address: string;
  purpose: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  used_at: Date | null;
  burned_at: Date | null;
  ip: string | null;
}
export interface LoginThrottleTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  updated_at: Date;
}

export interface VerificationsTable {
  verification_id: string;
  account_id: string;
  status: 'processing' | 'approved' | 'rejected';
  name: string;
  certificate_type: 'id-card' | 'passport';
  certificate_masked: string;
  certificate_digest: string;
  submitted_at: Date;
  decided_at: Date | null;
  reviewer_id: string | null;
  reason: string | null;
}
export interface DocumentsTable {
  document_id: string;
  verification_id: string;
  position: number;
  mime: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}
export interface InboxTable {
  message_id: string;
  recipient_id: string;
  sender: string;
  title: { 'zh-CN': string; en: string };
  body: { 'zh-CN': string; en: string };
  sent_at: Date;
  read_at: Date | null;
}

export interface AccountClosuresTable {
  account_id: string;
  closed_at: Date;
  deleted_at: Date | null;
}

export interface AccessTokensTable {
  token_id: string;
  token_hash: string;
  account_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

/** Which inbox messages a person also gets by email (decision 0023); no row: none. */
export interface EmailNoticeSettingsTable {
  account_id: string;
  scoring: boolean;
  teams: boolean;
  verification: boolean;
  language: 'zh-CN' | 'en';
  /** When the choice was last saved: messages of events before it are not emailed. */
  since: Date;
}

/** One email per inbox message (its id): queued with the message, marked when sent or given up. */
export interface EmailOutboxTable {
  message_id: string;
  recipient_id: string;
  category: 'scoring' | 'teams' | 'verification';
  queued_at: Date;
  next_attempt_at: Date;
  attempts: number;
  sent_at: Date | null;
  /** Why it will not be sent: opted-out, closed, erased, no-address, no-message, hourly-limit, smtp-failed. */
  dropped: string | null;
  last_error: string | null;
}

/**
 * Identity's state tables: written by its commands in the same transaction as their events (the rows a
 * decision needs or keeps beside its stream). Not rebuilt from events.
 */
export interface IdentityState {
  email_notice_settings: EmailNoticeSettingsTable;
  email_outbox: EmailOutboxTable;
  access_tokens: AccessTokensTable;
  account_closures: AccountClosuresTable;
  verifications: VerificationsTable;
  documents: DocumentsTable;
  account_keys: AccountKeysTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  codes: CodesTable;
  login_throttle: LoginThrottleTable;
}

/**
 * Identity's read models and mirrors: written only by its projections (each lists them in `tables`),
 * rebuilt from the events by replay and checked by `npm run events:verify -- --read-models`.
 */
export interface IdentityReadModels {
  inbox: InboxTable;
}

export interface IdentityTables extends IdentityState, IdentityReadModels {}

export type IdentityDb = Kysely<IdentityTables>;
