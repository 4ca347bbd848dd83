import type { Storage } from "./database";

/**
 * Erasure's steps (decision 0391). An erasure (server/borrowers/erasure.ts,
 * only once a code proved the contact) anonymises the person's leads and the
 * borrowers' rows about them, then runs each feature's step in the same
 * transaction: each feature registers one for its own tables
 * (server/erasure.ts lists them), so erasure reaches into no feature's tables
 * from outside it.
 */

/** What an erasure erases: an e-mail, a phone, or both (normalised: lower case, E.164). */
export interface ErasedContacts {
  email?: string | undefined;
  phone?: string | undefined;
}

export interface ErasureScope {
  storage: Storage;
  /** The erasure's transaction: every step writes through it. */
  trx: Storage["db"];
  contacts: ErasedContacts;
  /** The person's leads (found by the e-mail's or phone's lookup hash), already anonymised. */
  leadIds: readonly string[];
  now: Date;
}

export interface ErasureStep {
  /** The feature whose tables it erases. */
  feature: string;
  /** Answers how many records that held the e-mail or phone it erased. */
  erase(scope: ErasureScope): Promise<number>;
}
