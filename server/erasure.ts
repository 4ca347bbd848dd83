import {
  type ErasureOptions,
  type ErasureOutcome,
  eraseContact as eraseWith,
} from "./borrowers/erasure";
import { communityErasure } from "./community/erasure";
import { partnersErasure } from "./partners/erasure";
import type { Storage } from "./storage/database";
import type { ErasedContacts, ErasureStep } from "./storage/erasure-steps";

/**
 * Every feature's step of an erasure (decision 0391), run in this order in
 * the erasure's transaction after the borrowers' own part (the leads, their
 * clicks, push subscriptions, links and codes: server/borrowers/erasure.ts).
 * A feature that keeps something of a person adds its step here.
 */
export const erasureSteps: readonly ErasureStep[] = [partnersErasure, communityErasure];

/** A contact erased at once with every step, in a transaction of its own (the tests'). */
export function eraseContact(
  storage: Storage,
  request: ErasedContacts,
  options: Omit<ErasureOptions, "steps"> = {},
): Promise<ErasureOutcome> {
  return eraseWith(storage, request, { ...options, steps: erasureSteps });
}
