/** A collusion signal as the lists and the evidence view read it (its own file: both import it). */
export interface SignalRecord {
  id: string;
  kind: string;
  status: string;
  evidence: unknown;
  teamIds?: string[];
  /** The teams' names (scoring answers them beside the ids). */
  teamNames?: Record<string, string | null>;
  accountIds?: string[];
  /** The accounts' usernames (identity answers them beside the ids). */
  accountNames?: Record<string, string | null>;
  decision: { reason: string } | null;
}
