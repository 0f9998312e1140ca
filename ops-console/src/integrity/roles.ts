/**
 * Who may use which integrity tool (merged into providers/permissions.ts; the services check the same):
 * sealing, publishing and signals are for operators; the seal page's browser recomputation and the
 * leaderboard as of a time also for auditors.
 */
export const integrityRoles = {
  'integrity.seal': ['operator', 'auditor'],
  'integrity.operate': ['operator'],
  signals: ['operator'],
  'identity-signals': ['operator'],
  'integrity.asof': ['auditor'],
} as const;
