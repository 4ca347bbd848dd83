import { colomboToday } from "../../core/dates";
import type { ApplicationDecisions, ApplicationOffers } from "../../core/decisions";
import { withRequiredOffers } from "../../core/feed-config";
import { RETRY_STATUSES } from "../../core/http-retry";
import { lenderSlug, matchLead } from "../../core/matching";
import { rankOfferIds } from "../../core/offer-quotes";
import type { LeadOffers } from "../../core/site-contract";
import { findLead, type LeadSummary } from "../borrowers/leads";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { OfferSource } from "./catalogue";
import { apiLenderIds, approvedOfferIds, readApplicationDecisions } from "./decisions";

export interface LeadFeedOptions {
  storage: Storage;
  offers: OfferSource;
  log: Logger;
  /** The deployment's country (COUNTRY): SPEC §7 adds offers for some (ES: 67). */
  country?: string;
  /** SPEC §7's custom endpoint: when set, asked first, with the same query. */
  upstreamUrl?: string | undefined;
  /** Per attempt. */
  timeoutMs?: number;
  /** How long an upstream answer is reused for the same lead. */
  cacheMs?: number;
  /** For tests. */
  fetch?: typeof fetch;
  now?: () => number;
}

export type LeadFeedResult =
  | { found: true; offerIds: number[]; source: "upstream" | "local" }
  | { found: false };

const MAX_CACHE_ENTRIES = 10_000;

/**
 * The lead feed (SPEC §7): the ids of the offers active for a lead. With
 * an upstream (FEED_UPSTREAM_URL) it asks there first, retrying once on the
 * SPEC §7 statuses and giving up after a timeout; whatever goes wrong, the
 * local matching answers, so a visitor never sees an empty page because a
 * partner's server is down. Upstream answers are cached briefly per lead.
 */
export function createLeadFeed(options: LeadFeedOptions) {
  const {
    storage,
    offers,
    log,
    country = "LK",
    upstreamUrl,
    timeoutMs = 1_500,
    cacheMs = 60_000,
    fetch: fetchImpl = fetch,
    now = Date.now,
  } = options;
  const cache = new Map<string, { offerIds: number[]; expires: number }>();

  async function askUpstream(leadId: string): Promise<number[] | undefined> {
    if (!upstreamUrl) return undefined;
    const cached = cache.get(leadId);
    if (cached && cached.expires > now()) return cached.offerIds;
    const url = new URL(upstreamUrl);
    for (const [name, value] of Object.entries({
      lead_id: leadId,
      page: "all",
      direction: "swap",
      pf: "1",
    })) {
      url.searchParams.set(name, value);
    }
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const response = await fetchImpl(url, {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) {
          const ids = offerIdsOf(await response.json());
          if (!ids) throw new Error("the answer is not a list of offer ids");
          // Only offers we can show: an id missing from our catalogue has no terms to price.
          const known = new Set(offers().map((offer) => offer.offer_id));
          const offerIds = ids.filter((id) => known.has(id));
          if (cache.size >= MAX_CACHE_ENTRIES) cache.clear();
          cache.set(leadId, { offerIds, expires: now() + cacheMs });
          return offerIds;
        }
        if (attempt === 1 && RETRY_STATUSES.has(response.status)) continue;
        log.warn("lead feed upstream failed", { status: response.status, attempt });
        return undefined;
      } catch (error) {
        log.warn("lead feed upstream failed", {
          attempt,
          reason: error instanceof Error ? error.name : "unknown",
        });
        // A timeout or a network error: the read is retried once too.
        if (attempt === 1) continue;
        return undefined;
      }
    }
    return undefined;
  }

  /**
   * The offers active for a lead: the lenders' approvals in force first, then
   * the offers matched by their published criteria (upstream's, or ours), each
   * ranked by what the borrower pays; and the lead's decisions. A lender that
   * decides through its API (decision_mode api) is offered only by its
   * approval: its products are never "matched" by criteria it does not decide by.
   */
  async function offersOfLead(
    lead: LeadSummary,
  ): Promise<LeadFeedResult & { found: true; decisions: ApplicationDecisions }> {
    const at = new Date(now());
    const [approved, apiLenders, upstream, decisions] = await Promise.all([
      approvedOfferIds(storage, lead.leadId, at),
      apiLenderIds(storage),
      askUpstream(lead.leadId),
      readApplicationDecisions(storage, lead.leadId, at),
    ]);
    const byApi = new Set(
      offers()
        .filter((offer) => apiLenders.has(lenderSlug(offer)))
        .map((offer) => offer.offer_id),
    );
    // Matched again against today's catalogue: offers come and go.
    const matched = (upstream ?? matchLead(offers(), lead.profile)).filter(
      (id) => !byApi.has(id) && !approved.includes(id),
    );
    // Ranked as the offers page lists them (decision 0120): approvals in force by what the
    // borrower pays for the loan approved, then the matched offers by their total to pay.
    const inForce = new Set(approved);
    const approvals = {
      ...decisions,
      decisions: decisions.decisions.filter(
        (decision) => decision.offer !== undefined && inForce.has(decision.offer.offerId),
      ),
    };
    return {
      found: true,
      // SPEC §7: a country's required offers (ES: 67) come last, if missing (0324).
      offerIds: withRequiredOffers(
        country,
        rankOfferIds(offers(), lead, colomboToday(at), [...approved, ...matched], {
          decisions: approvals,
          monthlyIncome: lead.profile.monthlyIncome,
        }),
      ),
      source: upstream ? "upstream" : "local",
      decisions,
    };
  }

  /** A verified lead's loan, offers and decisions, or undefined for an unknown lead. */
  async function applicationOffers(leadId: string): Promise<ApplicationOffers | undefined> {
    const lead = await findLead(storage, leadId);
    if (!lead) return undefined;
    const { offerIds, decisions } = await offersOfLead(lead);
    return { amount: lead.amount, termDays: lead.termDays, activeOfferIds: offerIds, decisions };
  }

  return {
    async offerIdsFor(leadId: string): Promise<LeadFeedResult> {
      const lead = await findLead(storage, leadId);
      if (!lead) return { found: false };
      const { offerIds, source } = await offersOfLead(lead);
      return { found: true, offerIds, source };
    },
    applicationOffers,
    /**
     * What the offers page shows a visitor who applied, or undefined for an
     * unknown lead: with the lenders' decisions when any lender was asked.
     */
    async leadOffers(leadId: string): Promise<LeadOffers | undefined> {
      const lead = await findLead(storage, leadId);
      if (!lead) return undefined;
      const { offerIds, decisions } = await offersOfLead(lead);
      return {
        leadId,
        amount: lead.amount,
        termDays: lead.termDays,
        activeOfferIds: offerIds,
        ...(decisions.asked > 0 ? { decisions } : {}),
        monthlyIncome: lead.profile.monthlyIncome,
      };
    },
  };
}

export type LeadFeed = ReturnType<typeof createLeadFeed>;

/** A list of offer ids, as SPEC §7 answers, or undefined. Also takes `{ "offers": [...] }`. */
function offerIdsOf(body: unknown): number[] | undefined {
  const list = Array.isArray(body)
    ? body
    : ((body as { offers?: unknown } | null)?.offers ?? undefined);
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((item) => (typeof item === "string" ? Number(item) : item));
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? (ids as number[]) : undefined;
}
